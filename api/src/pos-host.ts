import fastifyCookie from '@fastify/cookie';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance } from 'fastify';
import { registerCloudPos } from './cloud-pos/route';
import type { DatabaseHandle } from './db';
import type { CallbackRefusal } from './domain/applications/authorization';
import { acceptWcCallback } from './domain/applications/authorization';
import { MAX_DELIVERY_BYTES, RefusalLog, acceptDelivery, isPing } from './domain/orders/ingest';
import { RateLimits } from './domain/limits';
import type { StoreAccess } from './domain/store-access';
import errorsPlugin from './plugins/errors';
import observabilityPlugin, { requestIdOf } from './plugins/observability';
import securityHeadersPlugin from './plugins/security-headers';
import { validatorCompiler } from './plugins/validation';
import type { Repositories } from './repositories';
import { createRepositories } from './repositories';
import type { TlsFiles } from './services/pos-host-tls';
import type { ApiMetrics } from './services/metrics';
import type { ProviderTokenVerifier } from './services/provider-tokens';
import type { SigningKeys } from './services/signing-key';

/** What the POS host needs. */
export interface PosHostOptions {
  database: DatabaseHandle;
  access: StoreAccess;
  /** Certificate and key; without them the instance speaks plain HTTP (tests use inject). */
  tls?: TlsFiles;
  logLevel: string;
  /** Repositories to share with the main api; built over `database` otherwise. */
  repos?: Repositories;
  /** Verifier of the login provider's tokens (the dashboard's cookie). */
  verifier: ProviderTokenVerifier;
  /** The api's keys: the newest signs the hand-off tokens, all are at /.well-known/jwks.json. */
  signingKeys: SigningKeys;
  /** Domain attribute of the access-error cookie (COOKIE_DOMAIN); null: host-only. */
  cookieDomain?: string | null;
  /** The rate limits (the api's, to share its settings); the defaults over `repos` otherwise. */
  rateLimits?: RateLimits;
  /** Proxies whose X-Forwarded-For gives the client address (TRUST_PROXY); false: none. */
  trustProxy?: string | false;
  /** The process's metrics (the api's): requests, webhook deliveries, orders ingested. */
  metrics?: ApiMetrics;
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

/** The answer to each refused callback: WooCommerce deletes its new key on any but a 200. */
const CALLBACK_STATUS: Record<CallbackRefusal, 400 | 403 | 404 | 409 | 502> = {
  token: 403,
  scope: 400,
  application: 400,
  keys: 400,
  unreachable: 502,
  changed: 409,
  gone: 404,
};

/**
 * The POS host: WooCommerce's callback after a store admin approved the connection
 * (`POST /wc-authorize?token=…`), the cloud POS addresses of stations (`GET /{app}/{station}`),
 * the JWKS of the hand-off tokens and `GET /health`. Built once with TLS (the public HTTPS
 * host) and once without (the local plain-http listener of cloud addresses). Requests are not
 * logged by Fastify: URLs hold tokens, bodies the store's keys, cookies the user's token.
 */
export async function buildPosHost(options: PosHostOptions): Promise<FastifyInstance> {
  const app = Fastify({
    logger: options.logLevel === 'silent' ? false : { level: options.logLevel },
    logController: new LogController({
      disableRequestLogging: true,
      requestIdLogLabel: 'requestId',
    }),
    bodyLimit: 16 * 1024,
    // The webhook limits count per client address: only configured proxies may name it.
    trustProxy: options.trustProxy ?? false,
    genReqId: requestIdOf,
    ...(options.tls ? { https: { cert: options.tls.cert, key: options.tls.key } } : {}),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  await app.register(errorsPlugin);
  if (options.metrics) {
    await app.register(observabilityPlugin, { metrics: options.metrics, listener: 'pos-host' });
  }
  // HSTS only where this listener speaks TLS itself; browsers ignore it over plain http anyway.
  await app.register(securityHeadersPlugin, { hsts: Boolean(options.tls) });
  // The cloud POS addresses read the dashboard's token cookie and set the access-error one.
  await app.register(fastifyCookie);
  const repos = options.repos ?? createRepositories(options.database);
  const rateLimits = options.rateLimits ?? new RateLimits(repos.rateLimits);

  app.get('/health', async () => ({ status: 'ok' }));

  // Every key that verifies now, the next one an hour before it signs: a store that cached
  // this answer (5 min) knows a new kid before the first token signed with it comes.
  app.get('/.well-known/jwks.json', async (_request, reply) =>
    reply.header('cache-control', 'public, max-age=300').send(await options.signingKeys.jwks()),
  );

  registerCloudPos(app, {
    repos,
    access: options.access,
    verifier: options.verifier,
    signingKeys: options.signingKeys,
    cookie: {
      domain: options.cookieDomain ?? null,
      // Behind a TLS-terminating proxy this listener speaks plain HTTP to a browser on https.
      secure: Boolean(options.tls) || options.access.cloudPosUrl.startsWith('https:'),
    },
  });

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
      if ('refused' in outcome) {
        return reply.code(CALLBACK_STATUS[outcome.refused]).send({ message: outcome.message });
      }
      return reply.code(200).send({ success: true });
    },
  );
  // WooCommerce's webhook deliveries (issue 12): the signature covers the raw body, so this
  // scope keeps every body as the bytes that came (up to 1 MiB), whatever its type.
  await app.register(async (plain) => {
    const scope = plain.withTypeProvider<TypeBoxTypeProvider>();
    scope.removeAllContentTypeParsers();
    scope.addContentTypeParser(
      '*',
      { parseAs: 'buffer', bodyLimit: MAX_DELIVERY_BYTES },
      (_request, body, done) => done(null, body),
    );
    const header = (value: string | string[] | undefined) =>
      typeof value === 'string' ? value : undefined;
    const refusals = new RefusalLog();
    scope.post(
      '/wc-webhooks/:applicationId',
      {
        bodyLimit: MAX_DELIVERY_BYTES,
        schema: {
          params: Type.Object({ applicationId: Type.String({ minLength: 1, maxLength: 64 }) }),
        },
      },
      async (request, reply) => {
        const raw = Buffer.isBuffer(request.body) ? request.body : Buffer.alloc(0);
        const h = request.headers;
        // The activation ping carries no signature; it only proves the URL answers.
        if (!h['x-wc-webhook-signature'] && isPing(h['content-type'], raw)) {
          return reply.code(200).send({ success: true });
        }
        const outcome = await acceptDelivery(
          repos,
          options.access,
          request.params.applicationId,
          {
            source: header(h['x-wc-webhook-source']),
            topic: header(h['x-wc-webhook-topic']),
            resource: header(h['x-wc-webhook-resource']),
            event: header(h['x-wc-webhook-event']),
            signature: header(h['x-wc-webhook-signature']),
            webhookId: header(h['x-wc-webhook-id']),
            deliveryId: header(h['x-wc-webhook-delivery-id']),
          },
          raw,
        );
        // Only failures count, per address: a delivery signed right is never throttled.
        const throttled = outcome.badSignature
          ? await rateLimits.wcWebhookFailed(request.ip, request.params.applicationId)
          : null;
        const status = throttled ? 429 : outcome.status;
        const logged = status !== 200 ? refusals.shouldLog(request.params.applicationId) : null;
        if (logged) {
          request.log.warn(
            {
              applicationId: request.params.applicationId,
              topic: h['x-wc-webhook-topic'],
              deliveryId: h['x-wc-webhook-delivery-id'],
              status,
              refusedSinceLastLog: logged.skipped,
            },
            'webhook delivery refused (logged at most once a minute per application)',
          );
        }
        if (throttled) {
          return reply
            .code(429)
            .header('retry-after', String(throttled.retryAfterSeconds))
            .send({ message: throttled.message });
        }
        return reply.code(outcome.status).send({ message: outcome.message });
      },
    );
  });
  return app;
}
