import path from 'node:path';
import type { JWTVerifyGetKey } from 'jose';
import type { LoginLimitSettings } from './login/limits';
import { loginLimitSettingsOf } from './login/limits';
import type { DeliveryTiming } from './store/webhooks';

/** Options of {@link startSandbox}. Every field is optional; ports of 0 pick a free port. */
export interface SandboxOptions {
  /** Interface every listener binds to. Default 127.0.0.1. */
  host?: string;
  /** Login provider HTTP port. Default 4100. */
  loginPort?: number;
  /** Issuer and public base URL of the login provider. Default http://{host}:{actual login port}. */
  loginPublicUrl?: string;
  /** Mail outbox HTTP port. Default 4101. */
  mailHttpPort?: number;
  /** SMTP port of the mail outbox. Default 2525. */
  smtpPort?: number;
  /**
   * Where the login provider sends its mail. Default: the sandbox's own SMTP listener.
   */
  smtpRelay?: { host: string; port: number };
  /** Origins the provider may send tokens back to (exact match). */
  dashboardOrigins?: string[];
  /**
   * The Cloud POS dashboard the stores' "Connect to Cloud POS" screen opens its onboarding
   * popup from (messages are accepted from its origin only). Default: the first dashboard origin.
   */
  dashboardUrl?: string;
  /** Lifetime of an access token, in seconds. Default 3600. */
  accessTokenTtl?: number;
  /** Length of the refresh window (the `nra` claim) after sign-in, in seconds. Default 86400. */
  refreshWindowTtl?: number;
  /** Folder for the signing key and the users file; null keeps everything in memory (default). */
  dataDir?: string | null;
  /** Enables the `/_control/*` test endpoints. Default false. */
  controls?: boolean;
  /** Help-desk link shown on the provider's pages. */
  supportUrl?: string;
  /**
   * Ports of the sandbox WooCommerce stores, one store each (0 = a free port). Default
   * [4201, 4202, 4203]: "Demo Coffee Roasters", "Demo Book Nook" and "Demo Garden Supply" (its
   * Cloud POS plugin inactive); [] starts none.
   */
  storePorts?: number[];
  /**
   * PEM file the stores trust for https wc-auth callbacks (the api's POS host certificate),
   * read at each callback so it may appear after the start. Default: the system CAs.
   */
  storeCallbackCa?: string;
  /** When the stores' webhook deliveries are sent and retried (tests shorten them). */
  webhookTiming?: DeliveryTiming;
  /**
   * Values of a pre-approved read_write REST key for user 1 of the first store, kept across
   * `/_control/reset` and restarts (the dashboard's demo application uses it).
   */
  demoStoreKey?: { consumerKey: string; consumerSecret: string };
  /**
   * The cloud POS host's JWKS, against which the stores verify station hand-off tokens: its
   * URL (default http://127.0.0.1:4300/.well-known/jwks.json), or a jose key set (tests).
   */
  posJwks?: string | JWTVerifyGetKey;
  /** Payments sandbox (Stripe API v1, Stripe.js) HTTP port. Default 4600. */
  paymentsPort?: number;
  /** Public base URL of the payments sandbox. Default http://{host}:{actual payments port}. */
  paymentsPublicUrl?: string;
  /** The secret key the api sends (`sk_test_...`). Default {@link DEFAULT_PAYMENTS_KEYS}. */
  paymentsSecretKey?: string;
  /** The publishable key Stripe.js sends (`pk_test_...`). */
  paymentsPublishableKey?: string;
  /** Where the payments sandbox sends its signed events (the api's webhook endpoint). */
  paymentsWebhookUrl?: string;
  /** The webhook endpoint's signing secret (`whsec_...`). */
  paymentsWebhookSecret?: string;
  /** Waits before each webhook retry, in ms. Default [1000, 5000, 25000]. */
  paymentsWebhookRetryDelays?: number[];
  /** Clock in milliseconds since the epoch; tests replace it to move time. */
  now?: () => number;
  /**
   * Overrides of the login provider's sign-in and registration limits (LOGIN_RATE_LIMITS,
   * `name=points/seconds,…`; see `login/limits.ts`).
   */
  loginRateLimits?: Partial<LoginLimitSettings>;
}

/**
 * The payments sandbox's keys when none are configured. They only open the sandbox (never a
 * real Stripe account); `npm start` and the test stack make their own per data folder.
 */
export const DEFAULT_PAYMENTS_KEYS = {
  secretKey: 'sk_test_sandbox_payments',
  publishableKey: 'pk_test_sandbox_payments',
  webhookSecret: 'whsec_sandbox_payments',
} as const;

export const DEFAULT_DASHBOARD_ORIGINS = ['http://127.0.0.1:3000', 'http://localhost:3000'];

/** Repository root: two levels above `src/` or `dist/`. */
export const repoRoot = path.resolve(__dirname, '..', '..');

function intFromEnv(env: NodeJS.ProcessEnv, name: string): number | undefined {
  const raw = env[name];
  if (raw == null || raw.trim() === '') return undefined;
  const value = Number(raw);
  if (!Number.isInteger(value) || value < 0) {
    throw new Error(`${name} must be a non-negative integer, got "${raw}"`);
  }
  return value;
}

function portsFromEnv(env: NodeJS.ProcessEnv, name: string): number[] | undefined {
  const list = listFromEnv(env[name]);
  if (!list) return undefined;
  return list.map((raw) => {
    const value = Number(raw);
    if (!Number.isInteger(value) || value < 0 || value > 65535) {
      throw new Error(`${name} must be a comma list of ports, got "${env[name]}"`);
    }
    return value;
  });
}

function listFromEnv(raw: string | undefined): string[] | undefined {
  if (raw == null || raw.trim() === '') return undefined;
  return raw
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => entry !== '');
}

function demoKeyFromEnv(env: NodeJS.ProcessEnv): SandboxOptions['demoStoreKey'] {
  const consumerKey = env.DEMO_STORE_CONSUMER_KEY?.trim();
  const consumerSecret = env.DEMO_STORE_CONSUMER_SECRET?.trim();
  if (!consumerKey && !consumerSecret) return undefined;
  if (!consumerKey || !consumerSecret) {
    throw new Error('DEMO_STORE_CONSUMER_KEY and DEMO_STORE_CONSUMER_SECRET must be set together');
  }
  return { consumerKey, consumerSecret };
}

/**
 * Reads the sandbox settings from environment variables (see README.md). Unlike the
 * programmatic default, the data dir defaults to `<repo>/.data/sandbox` so that a sandbox
 * started from the command line keeps its keys and users across restarts.
 */
export function optionsFromEnv(env: NodeJS.ProcessEnv = process.env): SandboxOptions {
  const smtpPort = intFromEnv(env, 'SMTP_PORT');
  const dataDirRaw = env.SANDBOX_DATA_DIR;
  const relayHost = env.SMTP_HOST;
  return {
    host: env.SANDBOX_HOST || undefined,
    loginPort: intFromEnv(env, 'LOGIN_PORT'),
    loginPublicUrl: env.LOGIN_PUBLIC_URL || undefined,
    mailHttpPort: intFromEnv(env, 'MAIL_HTTP_PORT'),
    smtpPort,
    smtpRelay: relayHost ? { host: relayHost, port: smtpPort ?? 2525 } : undefined,
    dashboardOrigins: listFromEnv(env.DASHBOARD_ORIGINS),
    dashboardUrl: env.DASHBOARD_URL?.trim() || undefined,
    accessTokenTtl: intFromEnv(env, 'ACCESS_TOKEN_TTL'),
    refreshWindowTtl: intFromEnv(env, 'REFRESH_WINDOW_TTL'),
    dataDir:
      dataDirRaw === ':memory:'
        ? null
        : path.resolve(dataDirRaw || path.join(repoRoot, '.data', 'sandbox')),
    controls: env.SANDBOX_CONTROLS === '1' || env.SANDBOX_CONTROLS === 'true',
    supportUrl: env.SUPPORT_URL || undefined,
    storePorts: portsFromEnv(env, 'STORE_PORTS'),
    storeCallbackCa: env.STORE_CALLBACK_CA || undefined,
    demoStoreKey: demoKeyFromEnv(env),
    posJwks: env.POS_JWKS_URL || undefined,
    paymentsPort: intFromEnv(env, 'PAYMENTS_PORT'),
    paymentsPublicUrl: env.PAYMENTS_PUBLIC_URL || undefined,
    paymentsSecretKey: env.PAYMENTS_SECRET_KEY || undefined,
    paymentsPublishableKey: env.PAYMENTS_PUBLISHABLE_KEY || undefined,
    paymentsWebhookUrl: env.PAYMENTS_WEBHOOK_URL || undefined,
    paymentsWebhookSecret: env.PAYMENTS_WEBHOOK_SECRET || undefined,
    loginRateLimits: env.LOGIN_RATE_LIMITS
      ? loginLimitSettingsOf(env.LOGIN_RATE_LIMITS)
      : undefined,
  };
}
