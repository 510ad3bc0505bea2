import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Migrator, sql } from 'kysely';
import { Pool } from 'pg';
import type { DatabaseHandle } from '../../src/db';
import { openDatabase } from '../../src/db';
import { migrationsFor } from '../../src/db/migrations';
import { useActivityChainKey } from '../../src/db/activity-chain';
import { TEST_ACTIVITY_CHAIN_KEY } from './app';

/** A database of a migration test, stopped at one migration, and how to throw it away. */
export interface DatabaseAtMigration {
  database: DatabaseHandle;
  /** The PostgreSQL schema of the test (null on SQLite). */
  schema: string | null;
  drop(): Promise<void>;
}

/**
 * A database migrated up to `target` only, so a test can write rows in the shape they had before
 * the next migration and check what that migration makes of them: a temp SQLite file, or a fresh
 * schema of `DATABASE_URL` when the api tests run on PostgreSQL.
 */
export async function databaseAt(target: string): Promise<DatabaseAtMigration> {
  // The key the api would start with: 0023 re-keys the feeds it finds with it.
  useActivityChainKey(Buffer.from(TEST_ACTIVITY_CHAIN_KEY, 'base64'));
  const url = process.env.DATABASE_URL;
  let database: DatabaseHandle;
  let schema: string | null = null;
  let drop: () => Promise<void>;
  if (url) {
    schema = `test_${crypto.randomBytes(6).toString('hex')}`;
    const name = schema;
    database = openDatabase({ databaseUrl: url, databaseSchema: schema, sqlitePath: '' });
    await sql`create schema ${sql.id(schema)}`.execute(database.db);
    drop = async () => {
      await database.close();
      const pool = new Pool({ connectionString: url, max: 1 });
      await pool.query(`drop schema if exists "${name}" cascade`);
      await pool.end();
    };
  } else {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-api-migration-'));
    database = openDatabase({ databaseUrl: null, sqlitePath: path.join(dir, 'test.sqlite') });
    drop = async () => {
      await database.close();
      fs.rmSync(dir, { recursive: true, force: true });
    };
  }
  await migrateTo(database, schema, target);
  return { database, schema, drop };
}

/**
 * Runs the migrations after the database's last one up to `target` (included): a test writes
 * rows in one migration's shape, then brings the database to a later one the way an upgrade
 * of the code in between would.
 */
export async function migrateTo(
  database: DatabaseHandle,
  schema: string | null,
  target: string,
): Promise<void> {
  const migrator = new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrationsFor(database.dialect) },
    ...(schema ? { migrationTableSchema: schema } : {}),
  });
  const { error } = await migrator.migrateTo(target);
  if (error) throw error;
}
