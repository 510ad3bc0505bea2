import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { createActivationMailer } from './activationMail';
import type { LoginContext } from './context';
import { loadSigningKeys } from './keys';
import type { LoginLimitSettings } from './limits';
import { LOGIN_LIMIT_DEFAULTS, LoginLimits } from './limits';
import { activationRoutes } from './routes/activation';
import { apiRoutes } from './routes/api';
import { controlRoutes } from './routes/controls';
import { registerRoutes } from './routes/register';
import { sessionRoutes } from './routes/ssoFrame';
import { signInRoutes } from './routes/signIn';
import { SessionStore } from './sessions';
import { TokenService } from './tokens';
import { UserStore } from './users';

/** Settings of the login provider alone. */
export interface LoginProviderOptions {
  host: string;
  port: number;
  publicUrl?: string;
  dashboardOrigins: string[];
  accessTokenTtl: number;
  refreshWindowTtl: number;
  dataDir: string | null;
  controls: boolean;
  smtpRelay: { host: string; port: number };
  supportUrl?: string;
  now: () => number;
  /** Overrides of the sign-in and registration limits ({@link LOGIN_LIMIT_DEFAULTS}). */
  limits?: Partial<LoginLimitSettings>;
}

/** A running login provider. */
export interface LoginProvider {
  /** Issuer and public base URL. */
  url: string;
  app: FastifyInstance;
  close(): Promise<void>;
}

/** Accepts an empty JSON body as "no body" so bodiless POSTs with a JSON content type pass. */
export function lenientJson(app: FastifyInstance): void {
  app.removeContentTypeParser('application/json');
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_request, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    try {
      done(null, JSON.parse(text));
    } catch {
      const error = new Error('Body is not valid JSON') as FastifyError;
      error.statusCode = 400;
      done(error, undefined);
    }
  });
}

/** Starts the login provider stand-in (see README.md for its protocol). */
export async function startLoginProvider(options: LoginProviderOptions): Promise<LoginProvider> {
  const [keys, users] = await Promise.all([
    loadSigningKeys(options.dataDir),
    UserStore.open(options.dataDir, options.now),
  ]);
  let issuer = options.publicUrl ?? '';
  const sessions = new SessionStore(() => Math.floor(options.now() / 1000));
  const tokens = new TokenService({
    keys,
    issuer: () => issuer,
    accessTokenTtl: options.accessTokenTtl,
    now: options.now,
    sessionEnded: (sid) => sessions.isEnded(sid),
  });
  const mailer = createActivationMailer(options.smtpRelay);
  const ctx: LoginContext = {
    origins: options.dashboardOrigins,
    issuer: () => issuer,
    refreshWindowTtl: options.refreshWindowTtl,
    controls: options.controls,
    supportUrl: options.supportUrl,
    keys,
    users,
    sessions,
    tokens,
    mailer,
    limits: new LoginLimits({ ...LOGIN_LIMIT_DEFAULTS, ...options.limits }),
  };

  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  await app.register(formbody);
  lenientJson(app);
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      // The route pattern, not the URL: URLs may carry activation codes.
      console.error(
        `login provider: ${request.method} ${request.routeOptions.url} failed: ${error.message}`,
      );
      return reply.status(500).send({ message: 'Internal server error' });
    }
    return reply.status(status).send({ message: error.message });
  });
  signInRoutes(app, ctx);
  registerRoutes(app, ctx);
  activationRoutes(app, ctx);
  sessionRoutes(app, ctx);
  apiRoutes(app, ctx);
  if (options.controls) controlRoutes(app, ctx);

  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  issuer = (options.publicUrl ?? `http://${options.host}:${port}`).replace(/\/+$/, '');

  return {
    url: issuer,
    app,
    async close() {
      mailer.close();
      await app.close();
    },
  };
}
