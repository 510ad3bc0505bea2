import path from 'node:path';
import type { RateLimitSettings } from './domain/limits/catalogue';
import { rateLimitSettingsOf } from './domain/limits/catalogue';
import type { CanaryPolicy } from './domain/releases/reports';
import type { SmtpConfig } from './services/mailer';

/** Settings of the api, read once from the environment (see README.md). */
export interface ApiConfig {
  /** HTTP port (PORT, default 4000). */
  port: number;
  /** HTTP host (HOST, default 127.0.0.1). */
  host: string;
  /** PostgreSQL connection string (DATABASE_URL); when set, PostgreSQL is used instead of SQLite. */
  databaseUrl: string | null;
  /** PostgreSQL schema to work in (DATABASE_SCHEMA); null means the server's default search path. */
  databaseSchema: string | null;
  /** Folder for local state (API_DATA_DIR, default `<repo>/.data`). */
  dataDir: string;
  /** SQLite database file (SQLITE_PATH, default `<dataDir>/pos.sqlite`). */
  sqlitePath: string;
  /** Base URL of the login provider (LOGIN_PROVIDER_URL, default http://127.0.0.1:4100). */
  loginProviderUrl: string;
  /** Expected `iss` of the provider's tokens (LOGIN_PROVIDER_ISSUER, default the provider URL). */
  loginProviderIssuer: string;
  /**
   * A private JWK file taken as the first signing key when the database has none
   * (API_SIGNING_KEY_PATH, default `<dataDir>/api-signing-key.json`; the keys live in the
   * database's signing_keys since issue 16).
   */
  signingKeyPath: string;
  /** Age at which a new signing key is made (API_SIGNING_KEY_ROTATE_DAYS, default 30). */
  signingKeyRotateMs: number;
  /** Seed the demo accounts and data on start (SEED_DEMO=1). */
  seedDemo: boolean;
  /** Fastify request logging (LOG_LEVEL, default info; `silent` turns it off). */
  logLevel: string;
  /**
   * Proxies whose X-Forwarded-For is believed (Fastify's trustProxy: addresses or CIDRs);
   * false, the default, believes none, so a caller cannot forge its address.
   */
  trustProxy: string | false;
  /** Origin of the dashboard, where a store sends the browser back (DASHBOARD_ORIGIN). */
  dashboardOrigin: string;
  /** Port of the POS host's HTTPS listener (POS_HOST_PORT, default 4443). */
  posHostPort: number;
  /** Public https URL of the POS host, the base of WooCommerce's callback_url (POS_PUBLIC_URL). */
  posPublicUrl: string;
  /** PEM certificate of the POS host (POS_TLS_CERT_PATH, default `<dataDir>/tls/pos-host.crt`). */
  posTlsCertPath: string;
  /** PEM private key of the POS host (POS_TLS_KEY_PATH, default `<dataDir>/tls/pos-host.key`). */
  posTlsKeyPath: string;
  /** The 32-byte key that encrypts store secrets (STORE_SECRET_KEY, base64); null: use the file. */
  storeSecretKey: Buffer | null;
  /** File of that key when STORE_SECRET_KEY is unset (STORE_SECRET_KEY_PATH); generated when missing. */
  storeSecretKeyPath: string;
  /**
   * The 32-byte HMAC key of the activity feed's hash chain (ACTIVITY_CHAIN_KEY, base64); null:
   * derived from the store secret key (see services/activity-chain-key.ts), which every
   * instance sharing the database holds already.
   */
  activityChainKey: Buffer | null;
  /** Accept store URLs on localhost and private addresses (STORE_ALLOW_PRIVATE_HOSTS=1). */
  storeAllowPrivateHosts: boolean;
  /** Time limit of every call to a store, in ms (STORE_TIMEOUT_MS, default 5000). */
  storeTimeoutMs: number;
  /** Port of the POS host's plain-http listener of cloud POS addresses (CLOUD_POS_PORT, 4300). */
  cloudPosPort: number;
  /** Public origin of the cloud POS addresses (CLOUD_POS_URL, default http://127.0.0.1:4300). */
  cloudPosUrl: string;
  /** Domain attribute of the access-error cookie (COOKIE_DOMAIN); null: host-only. */
  cookieDomain: string | null;
  /** The demo store the demo seed connects (DEMO_STORE_URL, …_CONSUMER_KEY, …_CONSUMER_SECRET). */
  demoStore: DemoStore | null;
  /** Stripe (STRIPE_SECRET_KEY, STRIPE_WEBHOOK_SECRET, STRIPE_API_URL); null: billing is off. */
  payments: PaymentsConfig | null;
  /**
   * How often store orders are reconciled and webhooks re-registered, in ms
   * (ORDERS_RECONCILE_INTERVAL_MS, default 300000; 0 turns the job off).
   */
  ordersReconcileIntervalMs: number;
  /**
   * How often excess orders of paid plans are reported to Stripe as metered usage, in ms
   * (USAGE_REPORT_INTERVAL_MS, default 10000; 0 turns the job off). Needs `payments`.
   */
  usageReportIntervalMs: number;
  /**
   * How many days of orders a newly connected store's backfill reads (ORDERS_BACKFILL_DAYS);
   * null (the default) reads from the start of this month. The local demo sets it for the
   * demo store's months of history.
   */
  ordersBackfillDays: number | null;
  /**
   * The SMTP relay the api mails through (SMTP_HOST, default 127.0.0.1; SMTP_PORT, default
   * 2525, the sandbox outbox; SMTP_SECURE=1 for TLS from the start; SMTP_USER and
   * SMTP_PASSWORD when the relay wants them).
   */
  smtp: SmtpConfig;
  /** Where the Assistant's support requests go (SUPPORT_EMAIL). */
  supportEmail: string;
  /** The From of the api's mail (MAIL_FROM). */
  mailFrom: string;
  /**
   * The rate limits of issue 25: the defaults of `domain/limits/catalogue.ts` with the
   * overrides of RATE_LIMITS (`name=points/seconds,…`).
   */
  rateLimits: RateLimitSettings;
  /**
   * The live shell's shared singleton versions, which a release must fit before it goes live
   * (SHELL_FEDERATION_URL, default `<dashboard origin>/federation-shared.json`, the shell's build).
   */
  shellFederationUrl: string;
  /**
   * When a canary is withdrawn on its own (issue 31): CANARY_WINDOW_MS (default 600000),
   * CANARY_MIN_REPORTS (default 5), CANARY_FAILURE_THRESHOLD (default 0.5, the failed share).
   */
  canaryPolicy: CanaryPolicy;
}

/**
 * Where and how the api reaches Stripe. Without `host`, the `stripe` SDK talks to Stripe itself;
 * the payments sandbox is reached through `host`, `port` and `protocol`.
 */
export interface PaymentsConfig {
  secretKey: string;
  /** The webhook endpoint's signing secret (whsec_…). */
  webhookSecret: string;
  host: string | null;
  port: number | null;
  protocol: 'http' | 'https' | null;
}

/** The store and key of the demo application. */
export interface DemoStore {
  url: string;
  consumerKey: string;
  consumerSecret: string;
}

/** The repository root: api/src (or api/dist) sits two levels below it. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Default folder for local state (database file, signing key). */
export const DATA_DIR = path.join(REPO_ROOT, '.data');

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

function reconcileIntervalOf(value: string | undefined): number {
  if (value === undefined || value === '') return 300_000;
  // 0 (off) or at least 5 s: a shorter interval would only hammer the stores.
  if (!/^\d+$/.test(value) || (Number(value) !== 0 && Number(value) < 5000)) {
    throw new Error('ORDERS_RECONCILE_INTERVAL_MS must be 0 (off) or a whole number of ms ≥ 5000');
  }
  return Number(value);
}

function usageReportIntervalOf(value: string | undefined): number {
  if (value === undefined || value === '') return 10_000;
  if (!/^\d+$/.test(value) || (Number(value) !== 0 && Number(value) < 1000)) {
    throw new Error('USAGE_REPORT_INTERVAL_MS must be 0 (off) or a whole number of ms ≥ 1000');
  }
  return Number(value);
}

function backfillDaysOf(value: string | undefined): number | null {
  if (value === undefined || value === '') return null;
  if (!/^\d+$/.test(value) || Number(value) < 1 || Number(value) > 3660) {
    throw new Error('ORDERS_BACKFILL_DAYS must be a whole number of days from 1 to 3660');
  }
  return Number(value);
}

const DAY_MS = 24 * 60 * 60 * 1000;

function positiveNumberOf(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined || value === '') return fallback;
  const number = Number(value);
  if (!Number.isFinite(number) || number <= 0) {
    throw new Error(`${name} must be a number above 0, got ${value}`);
  }
  return number;
}

function portOf(name: string, value: string | undefined, fallback: number): number {
  const port = Number(value || fallback);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`${name} must be a port number, got ${value}`);
  }
  return port;
}

/** A bare http(s) origin: scheme, host and port, nothing else. */
function originOf(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be a URL, got ${value}`);
  }
  if (!['http:', 'https:'].includes(url.protocol) || url.origin !== stripSlash(value)) {
    throw new Error(
      `${name} must be a bare http(s) origin such as http://127.0.0.1:3000, got ${value}`,
    );
  }
  return url.origin;
}

function httpsBaseOf(name: string, value: string): string {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    throw new Error(`${name} must be a URL, got ${value}`);
  }
  // WooCommerce refuses a callback_url that is not https.
  if (url.protocol !== 'https:' || url.search || url.hash || url.username || url.password) {
    throw new Error(`${name} must be an https URL without query or credentials, got ${value}`);
  }
  return stripSlash(url.href);
}

function secretKeyOf(value: string | undefined, name = 'STORE_SECRET_KEY'): Buffer | null {
  if (!value) return null;
  const key = Buffer.from(value, 'base64');
  if (key.length !== 32 || key.toString('base64') !== value.trim()) {
    throw new Error(`${name} must be the base64 of exactly 32 bytes`);
  }
  return key;
}

function timeoutOf(value: string | undefined): number {
  const ms = Number(value || 5000);
  if (!Number.isInteger(ms) || ms < 100 || ms > 120_000) {
    throw new Error(
      `STORE_TIMEOUT_MS must be a whole number of ms from 100 to 120000, got ${value}`,
    );
  }
  return ms;
}

function cookieDomainOf(value: string | undefined): string | null {
  if (!value) return null;
  if (!/^\.?[a-z0-9]([a-z0-9-]*[a-z0-9])?(\.[a-z0-9]([a-z0-9-]*[a-z0-9])?)*$/i.test(value)) {
    throw new Error(`COOKIE_DOMAIN must be a domain name such as example.com, got ${value}`);
  }
  return value.toLowerCase();
}

function demoStoreOf(env: NodeJS.ProcessEnv): DemoStore | null {
  const url = env.DEMO_STORE_URL;
  const consumerKey = env.DEMO_STORE_CONSUMER_KEY;
  const consumerSecret = env.DEMO_STORE_CONSUMER_SECRET;
  if (!url || !consumerKey || !consumerSecret) return null;
  return { url, consumerKey, consumerSecret };
}

function paymentsOf(env: NodeJS.ProcessEnv): PaymentsConfig | null {
  const secretKey = env.STRIPE_SECRET_KEY;
  if (!secretKey) return null;
  if (!/^(sk|rk)_(test|live)_\w+$/.test(secretKey)) {
    throw new Error('STRIPE_SECRET_KEY must be a Stripe secret key (sk_test_… or sk_live_…)');
  }
  const webhookSecret = env.STRIPE_WEBHOOK_SECRET ?? '';
  if (!/^whsec_\w+$/.test(webhookSecret)) {
    throw new Error('STRIPE_WEBHOOK_SECRET must be the webhook signing secret (whsec_…)');
  }
  let host = env.STRIPE_HOST || null;
  let port = env.STRIPE_PORT ? portOf('STRIPE_PORT', env.STRIPE_PORT, 443) : null;
  let protocol = (env.STRIPE_PROTOCOL || null) as PaymentsConfig['protocol'];
  if (env.STRIPE_API_URL) {
    const origin = originOf('STRIPE_API_URL', env.STRIPE_API_URL);
    const url = new URL(origin);
    host = url.hostname;
    protocol = url.protocol === 'http:' ? 'http' : 'https';
    port = url.port ? Number(url.port) : protocol === 'http' ? 80 : 443;
  }
  if (protocol !== null && protocol !== 'http' && protocol !== 'https') {
    throw new Error(`STRIPE_PROTOCOL must be http or https, got ${String(protocol)}`);
  }
  return { secretKey, webhookSecret, host, port, protocol };
}

const isOn = (value: string | undefined) => value === '1' || value === 'true';

/** The support address by default (the sandbox outbox takes any address). */
export const DEFAULT_SUPPORT_EMAIL = 'support@cloudpos.sandbox.test';

/** The From of the api's mail by default. */
export const DEFAULT_MAIL_FROM = 'Cloud POS Dashboard <no-reply@cloudpos.sandbox.test>';

function emailOf(name: string, value: string): string {
  if (!/^[^\s@<>",]+@[^\s@<>",]+\.[^\s@<>",]+$/.test(value)) {
    throw new Error(`${name} must be an email address such as support@example.com, got ${value}`);
  }
  return value;
}

function smtpOf(env: NodeJS.ProcessEnv): SmtpConfig {
  const user = env.SMTP_USER || '';
  const pass = env.SMTP_PASSWORD || '';
  if (Boolean(user) !== Boolean(pass)) {
    throw new Error('SMTP_USER and SMTP_PASSWORD go together: set both or neither');
  }
  return {
    host: env.SMTP_HOST || '127.0.0.1',
    port: portOf('SMTP_PORT', env.SMTP_PORT, 2525),
    secure: isOn(env.SMTP_SECURE),
    auth: user ? { user, pass } : null,
  };
}

function canaryPolicyOf(env: NodeJS.ProcessEnv): CanaryPolicy {
  const threshold = positiveNumberOf('CANARY_FAILURE_THRESHOLD', env.CANARY_FAILURE_THRESHOLD, 0.5);
  if (threshold > 1) {
    throw new Error(`CANARY_FAILURE_THRESHOLD must be at most 1, got ${threshold}`);
  }
  const minReports = positiveNumberOf('CANARY_MIN_REPORTS', env.CANARY_MIN_REPORTS, 5);
  if (!Number.isInteger(minReports)) {
    throw new Error(`CANARY_MIN_REPORTS must be a whole number, got ${minReports}`);
  }
  return {
    windowMs: positiveNumberOf('CANARY_WINDOW_MS', env.CANARY_WINDOW_MS, 600_000),
    minReports,
    threshold,
  };
}

/** Builds the configuration from environment variables, with the defaults of the README. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const loginProviderUrl = stripSlash(env.LOGIN_PROVIDER_URL || 'http://127.0.0.1:4100');
  const port = portOf('PORT', env.PORT, 4000);
  const dataDir = env.API_DATA_DIR || DATA_DIR;
  return {
    port,
    host: env.HOST || '127.0.0.1',
    databaseUrl: env.DATABASE_URL || null,
    databaseSchema: env.DATABASE_SCHEMA || null,
    dataDir,
    sqlitePath: env.SQLITE_PATH || path.join(dataDir, 'pos.sqlite'),
    loginProviderUrl,
    loginProviderIssuer: env.LOGIN_PROVIDER_ISSUER || loginProviderUrl,
    signingKeyPath: env.API_SIGNING_KEY_PATH || path.join(dataDir, 'api-signing-key.json'),
    signingKeyRotateMs:
      positiveNumberOf('API_SIGNING_KEY_ROTATE_DAYS', env.API_SIGNING_KEY_ROTATE_DAYS, 30) * DAY_MS,
    seedDemo: isOn(env.SEED_DEMO),
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY || false,
    dashboardOrigin: originOf('DASHBOARD_ORIGIN', env.DASHBOARD_ORIGIN || 'http://127.0.0.1:3000'),
    posHostPort: portOf('POS_HOST_PORT', env.POS_HOST_PORT, 4443),
    posPublicUrl: httpsBaseOf('POS_PUBLIC_URL', env.POS_PUBLIC_URL || 'https://127.0.0.1:4443'),
    posTlsCertPath: env.POS_TLS_CERT_PATH || path.join(dataDir, 'tls', 'pos-host.crt'),
    posTlsKeyPath: env.POS_TLS_KEY_PATH || path.join(dataDir, 'tls', 'pos-host.key'),
    storeSecretKey: secretKeyOf(env.STORE_SECRET_KEY),
    storeSecretKeyPath: env.STORE_SECRET_KEY_PATH || path.join(dataDir, 'store-secret.key'),
    activityChainKey: secretKeyOf(env.ACTIVITY_CHAIN_KEY, 'ACTIVITY_CHAIN_KEY'),
    storeAllowPrivateHosts: isOn(env.STORE_ALLOW_PRIVATE_HOSTS),
    storeTimeoutMs: timeoutOf(env.STORE_TIMEOUT_MS),
    cloudPosPort: portOf('CLOUD_POS_PORT', env.CLOUD_POS_PORT, 4300),
    cloudPosUrl: originOf('CLOUD_POS_URL', env.CLOUD_POS_URL || 'http://127.0.0.1:4300'),
    cookieDomain: cookieDomainOf(env.COOKIE_DOMAIN),
    demoStore: demoStoreOf(env),
    payments: paymentsOf(env),
    ordersReconcileIntervalMs: reconcileIntervalOf(env.ORDERS_RECONCILE_INTERVAL_MS),
    usageReportIntervalMs: usageReportIntervalOf(env.USAGE_REPORT_INTERVAL_MS),
    ordersBackfillDays: backfillDaysOf(env.ORDERS_BACKFILL_DAYS),
    smtp: smtpOf(env),
    supportEmail: emailOf('SUPPORT_EMAIL', env.SUPPORT_EMAIL || DEFAULT_SUPPORT_EMAIL),
    mailFrom: env.MAIL_FROM || DEFAULT_MAIL_FROM,
    rateLimits: rateLimitSettingsOf(env.RATE_LIMITS),
    shellFederationUrl:
      env.SHELL_FEDERATION_URL ||
      `${originOf('DASHBOARD_ORIGIN', env.DASHBOARD_ORIGIN || 'http://127.0.0.1:3000')}/federation-shared.json`,
    canaryPolicy: canaryPolicyOf(env),
  };
}
