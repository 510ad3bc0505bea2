import swagger from '@fastify/swagger';
import type { TypeBoxTypeProvider } from '@fastify/type-provider-typebox';
import Fastify, { LogController } from 'fastify';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ApiConfig } from './config';
import type { DatabaseHandle } from './db';
import { openDatabase } from './db';
import authPlugin from './plugins/auth';
import databasePlugin from './plugins/database';
import errorsPlugin from './plugins/errors';
import type { LiveHubOptions } from './live/hub';
import livePlugin from './plugins/live';
import observabilityPlugin, { requestIdOf } from './plugins/observability';
import rateLimitsPlugin from './plugins/rate-limits';
import repositoriesPlugin from './plugins/repositories';
import securityHeadersPlugin from './plugins/security-headers';
import { rejectMalformedText, validatorCompiler } from './plugins/validation';
import routes from './routes';
import probes from './routes/health/probes';
import { addNamedSchemas, namedSchemaRefResolver } from './routes/schemas';
import type { LoginProviderClient } from './services/login-provider';
import { createLoginProviderClient } from './services/login-provider';
import { ApiMetrics } from './services/metrics';
import type { ProviderTokenVerifier } from './services/provider-tokens';
import { createProviderTokenVerifier } from './services/provider-tokens';
import type { StoreAccess } from './domain/store-access';
import type { SecretBox } from './services/secret-box';
import { useActivityChainKey } from './db/activity-chain';
import { loadActivityChainKey } from './services/activity-chain-key';
import { createSecretBox, loadOrCreateSecretKey } from './services/secret-box';
import type { Mailer } from './services/mailer';
import { createSmtpMailer } from './services/mailer';
import type { Stripe } from './services/payments';
import { createPaymentsClient } from './services/payments';
import { createLiveShell, type LiveShell } from './services/live-shell';
import { SigningKeys } from './services/signing-key';
import type { StoreClient } from './services/store-client';
import { createStoreClient } from './services/store-client';

declare module 'fastify' {
  interface FastifyInstance {
    /** The api's signing key set (shared with the other instances through the database). */
    signingKeys: SigningKeys;
    /** The process's Prometheus metrics (the POS host records into the same ones). */
    metrics: ApiMetrics;
  }
}

/** Base path of every route of the api (spec 7). */
export const API_PREFIX = '/api/connect-ui';

/** Collaborators a caller may provide instead of the ones built from the config. */
export interface AppDependencies {
  /** An open, migrated database; when given, the caller closes it. */
  database?: DatabaseHandle;
  verifier?: ProviderTokenVerifier;
  loginProvider?: LoginProviderClient;
  /** The signing key set (read from the database otherwise, see {@link openSigningKeys}). */
  signingKeys?: SigningKeys;
  storeClient?: StoreClient;
  secretBox?: SecretBox;
  /** Store client, secret box and URLs to share with the POS host; built from the config otherwise. */
  storeAccess?: StoreAccess;
  /** The Stripe client; built from `config.payments` otherwise. */
  paymentsClient?: Stripe;
  /** The live streams' heartbeat and LISTEN health check periods (defaults otherwise). */
  live?: LiveHubOptions;
  /** The mailer of the support requests; SMTP to `config.smtp` otherwise. */
  mailer?: Mailer;
  /** The rate limits' clock (ms since the epoch); `Date.now` otherwise. */
  rateLimitClock?: () => number;
  /** The live shell releases must fit; read from `config.shellFederationUrl` otherwise. */
  liveShell?: LiveShell;
  /** The process's metrics; a registry of this app's own otherwise. */
  metrics?: ApiMetrics;
}

/**
 * The store client, secret box and URLs that the application routes and the POS host share,
 * built from the config unless the caller provides the client or the box.
 */
export function createStoreAccess(
  config: ApiConfig,
  deps: Pick<AppDependencies, 'storeClient' | 'secretBox'> = {},
): StoreAccess {
  return {
    store:
      deps.storeClient ??
      createStoreClient({
        timeoutMs: config.storeTimeoutMs,
        allowPrivateHosts: config.storeAllowPrivateHosts,
      }),
    secrets:
      deps.secretBox ??
      createSecretBox(loadOrCreateSecretKey(config.storeSecretKey, config.storeSecretKeyPath)),
    dashboardOrigin: config.dashboardOrigin,
    posPublicUrl: config.posPublicUrl,
    allowPrivateHosts: config.storeAllowPrivateHosts,
    loginProviderUrl: config.loginProviderUrl,
    cloudPosUrl: config.cloudPosUrl,
    ordersBackfillDays: config.ordersBackfillDays,
    cookieDomain: config.cookieDomain,
  };
}

/** Query parameters whose values never reach a log line (a live ticket opens a stream). */
const SECRET_QUERY_PARAMETERS = ['ticket'];

/**
 * `url` with the values of {@link SECRET_QUERY_PARAMETERS} replaced by `[redacted]`; the rest
 * of the query stays, as sent.
 */
export function redactUrl(url: string): string {
  const query = url.indexOf('?');
  if (query < 0) return url;
  const parts = url
    .slice(query + 1)
    .split('&')
    .map((part) => {
      const name = part.split('=')[0]!;
      return SECRET_QUERY_PARAMETERS.includes(decodeURIComponentSafe(name))
        ? `${name}=[redacted]`
        : part;
    });
  return `${url.slice(0, query)}?${parts.join('&')}`;
}

function decodeURIComponentSafe(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

/** Fastify's request log fields, with the url's secret query values redacted. */
function serializeRequest(request: FastifyRequest) {
  return {
    method: request.method,
    url: redactUrl(request.url),
    host: request.host,
    remoteAddress: request.ip,
    remotePort: request.socket?.remotePort,
  };
}

/**
 * The api's signing key set in the database (shared by every instance), its private keys
 * sealed with the store secret box; the old key file (API_SIGNING_KEY_PATH), when there is
 * one, becomes the first key of an empty set.
 */
export function openSigningKeys(
  config: ApiConfig,
  database: DatabaseHandle,
  access: Pick<StoreAccess, 'secrets'>,
): Promise<SigningKeys> {
  return SigningKeys.open(database.db, access.secrets, signingKeysOptions(config));
}

const signingKeysOptions = (config: ApiConfig) => ({
  importFile: config.signingKeyPath,
  rotateAfterMs: config.signingKeyRotateMs,
});

/**
 * Builds the api (routes, auth, errors, OpenAPI) without listening. The database must
 * already be migrated (see `migrateToLatest`).
 */
export async function buildApp(
  config: ApiConfig,
  deps: AppDependencies = {},
): Promise<FastifyInstance> {
  const app = Fastify({
    logger:
      config.logLevel === 'silent'
        ? false
        : { level: config.logLevel, serializers: { req: serializeRequest } },
    bodyLimit: 256 * 1024,
    // Only configured proxies (TRUST_PROXY) may set the client address the logs show.
    trustProxy: config.trustProxy,
    // nginx's X-Request-Id names the request in both logs.
    genReqId: requestIdOf,
    logController: new LogController({ requestIdLogLabel: 'requestId' }),
  }).withTypeProvider<TypeBoxTypeProvider>();
  app.setValidatorCompiler(validatorCompiler);
  app.addHook('preValidation', rejectMalformedText);

  // Every feed entry this process writes or verifies is keyed with it (a process has one).
  useActivityChainKey(loadActivityChainKey(config));
  const database = deps.database ?? openDatabase(config);
  const stores = deps.storeAccess ?? createStoreAccess(config, deps);
  // Read on first use: building the app needs no migrated database (the OpenAPI generator).
  const signingKeys =
    deps.signingKeys ?? SigningKeys.lazy(database.db, stores.secrets, signingKeysOptions(config));
  app.decorate('signingKeys', signingKeys);

  await app.register(errorsPlugin);
  // nosniff on every answer; no-store on every signed-in one (tokens, one user's data), errors too.
  await app.register(securityHeadersPlugin, { noStore: true });
  await app.register(swagger, {
    openapi: {
      openapi: '3.0.3',
      info: {
        title: 'Cloud POS dashboard api',
        version: '0.1.0',
        description:
          'The api behind the dashboard. Every route needs `Authorization: Bearer <token>` of the ' +
          'login provider except GET /health, GET /openapi.json and POST /user-last-access. ' +
          'A blocked account gets 402 except on the routes the disabled dashboard needs.',
      },
      components: {
        securitySchemes: { bearer: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' } },
      },
      security: [{ bearer: [] }],
    },
    refResolver: namedSchemaRefResolver,
  });
  addNamedSchemas(app);
  await app.register(databasePlugin, {
    handle: database,
    closeOnShutdown: !deps.database,
  });
  await app.register(repositoriesPlugin);
  await app.register(rateLimitsPlugin, { settings: config.rateLimits, now: deps.rateLimitClock });
  await app.register(livePlugin, { hub: deps.live });
  const metrics =
    deps.metrics ??
    new ApiMetrics({
      liveStreams: () => app.live.streamCount,
      outboxBacklog: () => app.repos.usage.pendingCount(),
      poolUse: () => database.poolUse(),
    });
  app.decorate('metrics', metrics);
  await app.register(observabilityPlugin, { metrics, listener: 'api' });
  await app.register(probes, { metrics, databaseSchema: config.databaseSchema });
  await app.register(authPlugin, {
    verifier:
      deps.verifier ??
      createProviderTokenVerifier(config.loginProviderUrl, config.loginProviderIssuer),
  });
  const mailer = deps.mailer ?? createSmtpMailer(config.smtp, config.mailFrom);
  if (!deps.mailer) app.addHook('onClose', async () => mailer.close());
  await app.register(routes, {
    prefix: API_PREFIX,
    loginProvider: deps.loginProvider ?? createLoginProviderClient(config.loginProviderUrl),
    signingKeys,
    issuer: 'cloud-pos-api',
    stores,
    payments: config.payments
      ? {
          client: deps.paymentsClient ?? createPaymentsClient(config.payments),
          webhookSecret: config.payments.webhookSecret,
        }
      : null,
    mail: { mailer, supportEmail: config.supportEmail },
    releases: {
      liveShell: deps.liveShell ?? createLiveShell(config.shellFederationUrl),
      canaryPolicy: config.canaryPolicy,
    },
  });
  return app;
}
