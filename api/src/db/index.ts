import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import SqliteDatabase from 'better-sqlite3';
import { Kysely, PostgresDialect, sql, SqliteDialect } from 'kysely';
import { Client, Pool } from 'pg';
import type { Database } from './types';

/** Which engine a {@link DatabaseHandle} talks to. */
export type DialectName = 'sqlite' | 'postgres';

/** An open database: the Kysely instance plus what callers need to know about it. */
export interface DatabaseHandle {
  db: Kysely<Database>;
  dialect: DialectName;
  /** Closes the pool or file. */
  close(): Promise<void>;
  /**
   * PostgreSQL only: a new client outside the pool, with the pool's connection settings, for
   * a connection that stays LISTENing (the live stream's fan-out); the caller connects and
   * ends it.
   */
  newListenClient?: () => Client;
  /**
   * The connections in use now (the metrics' pool use): PostgreSQL's pool counts; SQLite has
   * its one file connection.
   */
  poolUse(): PoolUse;
}

/** A connection pool's counts at one moment. */
export interface PoolUse {
  /** Connections open (idle or in use). */
  total: number;
  /** Open connections not in use. */
  idle: number;
  /** Queries waiting for a connection. */
  waiting: number;
  /** The largest number of connections the pool opens. */
  max: number;
}

/** Where to connect: DATABASE_URL (PostgreSQL) wins over the SQLite file. */
export interface DatabaseOptions {
  databaseUrl: string | null;
  databaseSchema?: string | null;
  sqlitePath: string;
}

const SCHEMA_NAME = /^[a-z_][a-z0-9_]{0,62}$/;

/** Longest wait for an answer on the LISTEN connection before it counts as broken. */
const LISTEN_QUERY_TIMEOUT_MS = 10_000;

const PREPARED_MARK = '/* prepared */';
// Where the mark may be: at the start, or after a select's keyword.
const PREPARED_PROBE = 32;

/**
 * Marks a statement to prepare once per PostgreSQL connection (`sql\`${PREPARED}…\`` or a
 * select's `.modifyFront(PREPARED)`): after its first runs PostgreSQL keeps its plan, and only
 * the parameters travel. For the hot paths (the webhook ingest's statements and the live
 * streams' read), where parsing and planning cost more than running. Only for statements
 * with explicit columns: a prepared `*` fails on the next run after another instance's
 * migration adds a column ("cached plan must not change result type"). SQLite ignores it (a
 * comment).
 */
export const PREPARED = sql.raw(`${PREPARED_MARK} `);

/** Largest count of statements one connection prepares (each shape of a marked statement is one). */
const MAX_PREPARED_PER_CONNECTION = 64;

/**
 * SQLSTATEs after which a connection's prepared statement is of no more use: 0A000 "cached
 * plan must not change result type" (a migration changed what it returns), 26000 "prepared
 * statement … does not exist" (the session was reset under it).
 */
const PREPARED_STATEMENT_GONE = new Set(['0A000', '26000']);

/** The PostgreSQL pool's size per api instance. */
const POOL_MAX = 10;

/** Connections are replaced after this long, and with them what they prepared. */
const CONNECTION_LIFETIME_S = 3600;

/**
 * A pg client that names the statements marked {@link PREPARED} (Kysely calls `query(text,
 * values)`): the name is a hash of the text, so each shape is prepared once per connection.
 * A named statement that fails with {@link PREPARED_STATEMENT_GONE} fails that once (it may be
 * inside a transaction, which the error ended) and runs unnamed on this connection from then
 * on.
 */
class PreparingClient extends Client {
  private readonly preparedNames = new Set<string>();
  private readonly unprepared = new Set<string>();

  // The overloads of Client.query: only the (text, values) form is changed.
  // eslint-disable-next-line @typescript-eslint/no-explicit-any
  override query(...args: any[]): any {
    const [text, values] = args as [unknown, unknown];
    if (
      typeof text === 'string' &&
      Array.isArray(values) &&
      args.length === 2 &&
      text.slice(0, PREPARED_PROBE).includes(PREPARED_MARK)
    ) {
      const name = `pos_${createHash('sha1').update(text).digest('base64url').slice(0, 22)}`;
      const known = this.preparedNames.has(name);
      if (
        !this.unprepared.has(name) &&
        (known || this.preparedNames.size < MAX_PREPARED_PER_CONNECTION)
      ) {
        this.preparedNames.add(name);
        return (super.query({ name, text, values }) as Promise<unknown>).catch((error: unknown) => {
          const code = (error as { code?: unknown } | null)?.code;
          if (typeof code === 'string' && PREPARED_STATEMENT_GONE.has(code)) {
            this.unprepared.add(name);
          }
          throw error;
        });
      }
    }
    return (super.query as (...a: unknown[]) => unknown)(...args);
  }
}

/** How many prepared SQLite statements are kept for reuse. */
const STATEMENT_CACHE_SIZE = 256;

/**
 * The SQLite file as Kysely's dialect sees it, with the statements it prepares kept (least
 * recently used dropped first): Kysely prepares every query it runs, and preparing a short
 * statement costs about as much as running it. One connection runs one query at a time, so a
 * kept statement is never in use twice.
 */
function withStatementCache(
  file: SqliteDatabase.Database,
): Pick<SqliteDatabase.Database, 'prepare' | 'close'> {
  const kept = new Map<string, SqliteDatabase.Statement>();
  return {
    prepare(source: string) {
      let statement = kept.get(source);
      if (statement) {
        kept.delete(source);
      } else {
        statement = file.prepare(source);
        if (kept.size >= STATEMENT_CACHE_SIZE) kept.delete(kept.keys().next().value!);
      }
      kept.set(source, statement);
      return statement;
    },
    close: () => file.close(),
  } as Pick<SqliteDatabase.Database, 'prepare' | 'close'>;
}

/**
 * Opens the database: PostgreSQL through a pg Pool when `databaseUrl` is set, else a SQLite
 * file (folder created, WAL mode, foreign keys on).
 */
export function openDatabase(options: DatabaseOptions): DatabaseHandle {
  if (options.databaseUrl) {
    const schema = options.databaseSchema ?? null;
    if (schema !== null && !SCHEMA_NAME.test(schema)) {
      throw new Error(`DATABASE_SCHEMA must match ${SCHEMA_NAME}, got ${schema}`);
    }
    const settings = {
      connectionString: options.databaseUrl,
      // public stays on the path so that extensions installed there (pg_trgm) resolve.
      options: schema ? `-c search_path=${schema},public` : undefined,
    };
    const pool = new Pool({
      ...settings,
      max: POOL_MAX,
      Client: PreparingClient,
      maxLifetimeSeconds: CONNECTION_LIFETIME_S,
    });
    const db = new Kysely<Database>({ dialect: new PostgresDialect({ pool }) });
    return {
      db,
      dialect: 'postgres',
      close: () => db.destroy(),
      // TCP keepalive lets the kernel find a dead peer; query_timeout bounds the hub's
      // health check (`select 1`) on a connection that is half open.
      newListenClient: () =>
        new Client({ ...settings, keepAlive: true, query_timeout: LISTEN_QUERY_TIMEOUT_MS }),
      poolUse: () => ({
        total: pool.totalCount,
        idle: pool.idleCount,
        waiting: pool.waitingCount,
        max: POOL_MAX,
      }),
    };
  }
  fs.mkdirSync(path.dirname(path.resolve(options.sqlitePath)), { recursive: true });
  const file = new SqliteDatabase(options.sqlitePath);
  file.pragma('journal_mode = WAL');
  file.pragma('foreign_keys = ON');
  file.pragma('busy_timeout = 5000');
  file.pragma('synchronous = NORMAL');
  // Keep the users indexes in memory: the admin list scans them.
  file.pragma('cache_size = -32768');
  file.pragma('mmap_size = 268435456');
  const db = new Kysely<Database>({
    dialect: new SqliteDialect({ database: withStatementCache(file) }),
  });
  return {
    db,
    dialect: 'sqlite',
    close: () => db.destroy(),
    poolUse: () => ({ total: 1, idle: 1, waiting: 0, max: 1 }),
  };
}
