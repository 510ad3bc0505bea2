import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { Pool } from 'pg';
import { buildApp, createStoreAccess, openSigningKeys } from '../../src/app';
import type { ApiConfig } from '../../src/config';
import { loadConfig } from '../../src/config';
import type { DatabaseHandle } from '../../src/db';
import { openDatabase } from '../../src/db';
import { migrateToLatest } from '../../src/db/migrations';
import { useActivityChainKey } from '../../src/db/activity-chain';
import { buildPosHost } from '../../src/pos-host';
import type { StoreAccess } from '../../src/domain/store-access';
import type { LiveShell } from '../../src/services/live-shell';
import type { LoginProviderClient } from '../../src/services/login-provider';
import type { ApiSigningKey, SigningKeys } from '../../src/services/signing-key';
import type { TestProvider } from './provider';
import { startTestProvider } from './provider';

/** An app over a clean database of its own, and the provider that signs its tokens. */
export interface TestContext {
  app: FastifyInstance;
  database: DatabaseHandle;
  provider: TestProvider;
  /** The api's signing key set (in the test database). */
  signingKeys: SigningKeys;
  /** The key the api signs POS hand-off tokens with now (the set's only key). */
  signingKey: ApiSigningKey;
  config: ApiConfig;
  /** The store client, secret box and URLs the app uses. */
  access: StoreAccess;
  /** The POS host (wc-auth callback) over the same database, without TLS: use inject(). */
  posHost: FastifyInstance;
  /** Authorization header for a token with these claims. */
  bearer(claims?: Parameters<TestProvider['sign']>[0]): Promise<{ authorization: string }>;
  close(): Promise<void>;
}

/** Options of {@link createTestContext}. */
export interface TestContextOptions {
  loginProvider?: LoginProviderClient;
  /** Adds test-only routes before the app is ready. */
  configure?: (app: FastifyInstance) => void;
  /** Extra environment for loadConfig (private store hosts are allowed by default). */
  env?: Record<string, string>;
  /** The rate limits' clock (the app's and the POS host's); Date.now otherwise. */
  rateLimitClock?: () => number;
  /** The live shell releases must fit (issue 31); read over HTTP otherwise. */
  liveShell?: LiveShell;
}

/** The activity chain key of every test database and context of this process (base64). */
export const TEST_ACTIVITY_CHAIN_KEY = crypto.randomBytes(32).toString('base64');

/**
 * A clean database for one test file: a temp SQLite file, or (when DATABASE_URL is set) a
 * fresh PostgreSQL schema dropped afterwards. The process's activity chain key is set, as the
 * server sets it before it migrates, for tests that append without an app.
 */
export async function createTestDatabase(): Promise<{
  database: DatabaseHandle;
  schema: string | null;
  /**
   * Another handle (its own connection or pool) on the same database: what a second api
   * instance would open. The caller closes it before `drop`.
   */
  reopen(): DatabaseHandle;
  drop(): Promise<void>;
}> {
  useActivityChainKey(Buffer.from(TEST_ACTIVITY_CHAIN_KEY, 'base64'));
  const url = process.env.DATABASE_URL;
  if (url) {
    const schema = `test_${crypto.randomBytes(6).toString('hex')}`;
    const database = openDatabase({ databaseUrl: url, databaseSchema: schema, sqlitePath: '' });
    await migrateToLatest(database.db, database.dialect, schema);
    return {
      database,
      schema,
      reopen: () => openDatabase({ databaseUrl: url, databaseSchema: schema, sqlitePath: '' }),
      async drop() {
        await database.close();
        const pool = new Pool({ connectionString: url, max: 1 });
        await pool.query(`drop schema if exists "${schema}" cascade`);
        await pool.end();
      },
    };
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-api-test-'));
  const sqlitePath = path.join(dir, 'test.sqlite');
  const database = openDatabase({ databaseUrl: null, sqlitePath });
  await migrateToLatest(database.db, database.dialect);
  return {
    database,
    schema: null,
    reopen: () => openDatabase({ databaseUrl: null, sqlitePath }),
    async drop() {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}

/** Builds the real app against a local JWKS server and a clean database. */
export async function createTestContext(options: TestContextOptions = {}): Promise<TestContext> {
  const provider = await startTestProvider();
  const { database, schema, drop } = await createTestDatabase();
  const keyDir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-api-key-'));
  const config = {
    ...loadConfig({
      LOGIN_PROVIDER_URL: provider.url,
      LOG_LEVEL: 'silent',
      // The sandbox stores run on 127.0.0.1.
      STORE_ALLOW_PRIVATE_HOSTS: '1',
      STORE_SECRET_KEY: crypto.randomBytes(32).toString('base64'),
      // One per test process, as one per deployment: contexts of one file share a process.
      ACTIVITY_CHAIN_KEY: TEST_ACTIVITY_CHAIN_KEY,
      STORE_TIMEOUT_MS: '3000',
      ...options.env,
    }),
    databaseUrl: process.env.DATABASE_URL ?? null,
    databaseSchema: schema,
    signingKeyPath: path.join(keyDir, 'key.json'),
  };
  const access = createStoreAccess(config);
  const signingKeys = await openSigningKeys(config, database, access);
  const signingKey = await signingKeys.signing();
  const app = await buildApp(config, {
    database,
    signingKeys,
    loginProvider: options.loginProvider,
    storeAccess: access,
    rateLimitClock: options.rateLimitClock,
    liveShell: options.liveShell,
  });
  options.configure?.(app);
  await app.ready();
  const posHost = await buildPosHost({
    database,
    access,
    repos: app.repos,
    logLevel: 'silent',
    verifier: app.verifyProviderToken,
    signingKeys,
    cookieDomain: config.cookieDomain,
    rateLimits: app.rateLimits,
    metrics: app.metrics,
  });
  await posHost.ready();
  return {
    app,
    database,
    provider,
    signingKeys,
    signingKey,
    config,
    access,
    posHost,
    bearer: async (claims) => ({ authorization: `Bearer ${await provider.sign(claims)}` }),
    async close() {
      await posHost.close();
      await app.close();
      await drop();
      await provider.close();
      fs.rmSync(keyDir, { recursive: true, force: true });
    },
  };
}

/** Claims of a token for another user than the default manager. */
export const asUser = (sub: string, extra: Record<string, unknown> = {}) => ({
  sub,
  email: `${sub}@test.example`,
  name: `User ${sub.replace(/[^a-z]/gi, ' ')}`.trim(),
  ...extra,
});
