import path from 'node:path';

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
  /** File holding the api's own ES256 signing key (API_SIGNING_KEY_PATH, default `<dataDir>/api-signing-key.json`). */
  signingKeyPath: string;
  /** Seed the demo accounts and data on start (SEED_DEMO=1). */
  seedDemo: boolean;
  /** Fastify request logging (LOG_LEVEL, default info; `silent` turns it off). */
  logLevel: string;
  /**
   * Proxies whose X-Forwarded-For is believed (Fastify's trustProxy: addresses or CIDRs);
   * false, the default, believes none, so a caller cannot forge its address.
   */
  trustProxy: string | false;
}

/** The repository root: api/src (or api/dist) sits two levels below it. */
export const REPO_ROOT = path.resolve(__dirname, '..', '..');

/** Default folder for local state (database file, signing key). */
export const DATA_DIR = path.join(REPO_ROOT, '.data');

function stripSlash(url: string): string {
  return url.replace(/\/+$/, '');
}

/** Builds the configuration from environment variables, with the defaults of the README. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ApiConfig {
  const loginProviderUrl = stripSlash(env.LOGIN_PROVIDER_URL || 'http://127.0.0.1:4100');
  const port = Number(env.PORT || 4000);
  if (!Number.isInteger(port) || port < 0 || port > 65535) {
    throw new Error(`PORT must be a port number, got ${env.PORT}`);
  }
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
    seedDemo: env.SEED_DEMO === '1' || env.SEED_DEMO === 'true',
    logLevel: env.LOG_LEVEL || 'info',
    trustProxy: env.TRUST_PROXY || false,
  };
}
