import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import type { DatabaseHandle } from './db';
import errorsPlugin from './plugins/errors';
import { validatorCompiler } from './plugins/validation';
import type { Repositories } from './repositories';
import { createRepositories } from './repositories';
import { acceptWcCallback } from './routes/applications/authorization';
import type { StoreAccess } from './routes/applications/context';
import type { TlsFiles } from './services/pos-host-tls';

/** What the POS host needs. */
export interface PosHostOptions {
  database: DatabaseHandle;
  access: StoreAccess;
  /** Certificate and key; without them the instance speaks plain HTTP (tests use inject). */
  tls?: TlsFiles;
  logLevel: string;
  /** Repositories to share with the main api; built over `database` otherwise. */
  repos?: Repositories;
}

const CallbackQuery = Type.Object(
  { token: Type.Optional(Type.String({ maxLength: 256 })) },
  { additionalProperties: true },
);

// WooCommerce may add fields in later versions: extra ones are ignored, never stored.
const CallbackBody = Type.Object({
  key_id: Type.Integer(),
  user_id: Type.Union([Type.String({ maxLength: 64 }), Type.Integer()]),
  consumer_key: Type.String({ minLength: 1, maxLength: 200 }),
  consumer_secret: Type.String({ minLength: 1, maxLength: 200 }),
  key_permissions: Type.String({ maxLength: 32 }),
});

/**
 * The POS host: the public HTTPS listener WooCommerce calls back after a store admin
 * approved the connection (`POST /wc-authorize?token=…`), and `GET /health`. Requests are
 * not logged by Fastify: the URL holds the token and the body the store's keys.
 */
export async function buildPosHost(options: PosHostOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logLevel === 'silent' ? false : { level: options.logLevel },
    logController: new LogController({ disableRequestLogging: true }),
    bodyLimit: 16 * 1024,
    ...(options.tls ? { https: { cert: options.tls.cert, key: options.tls.key } } : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  await app.register(errorsPlugin);
  const repos = options.repos ?? createRepositories(options.database);

  app.get('/health', async () => ({ status: 'ok' }));

  app.post(
    '/wc-authorize',
    { schema: { querystring: CallbackQuery, body: CallbackBody } },
    async (request, reply) => {
      const outcome = await acceptWcCallback(
        repos,
        options.access,
        request.log,
        request.query.token,
        request.body,
      );
      return reply.code(outcome.status).send(outcome.body);
    },
  );
  return app;
}
