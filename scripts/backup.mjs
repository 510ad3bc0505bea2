#!/usr/bin/env node
// The api's PostgreSQL backup and restore (README "Production": Backup and restore), with
// Debian's pg_dump and pg_restore of the server's version:
//
//   DATABASE_URL=postgres://… [DATABASE_SCHEMA=…] node scripts/backup.mjs backup FILE
//   DATABASE_URL=postgres://…(a fresh, empty database) node scripts/backup.mjs restore FILE
//
// A backup is pg_dump's custom format (compressed, restorable table by table) of the api's
// schema (DATABASE_SCHEMA, or public), without owners or privileges, so it restores into any
// database as the restoring role. A restore refuses a database that already has the api's
// tables, and runs in one transaction: it lands whole or not at all. The store secret key
// (STORE_SECRET_KEY or its file) is not in the database: keep it with the backups, or the
// restored stores' keys and the activity chain's key cannot be read.
import { spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { postgresBinDir } from './lib/setup.mjs';

/** A PostgreSQL tool of the newest installed server version (its dump reads older servers). */
function tool(name) {
  const dir = postgresBinDir();
  const file = dir ? path.join(dir, name) : name;
  return dir && existsSync(file) ? file : name;
}

function run(command, args) {
  const done = spawnSync(command, args, { encoding: 'utf8' });
  if (done.status !== 0) {
    throw new Error(`${path.basename(command)} failed: ${done.stderr || done.error?.message}`);
  }
  return done.stdout;
}

/**
 * Writes a backup of the api's schema in `url` to `file`.
 * @param {{ url: string, schema?: string | null, file: string }} options
 */
export function backup({ url, schema = null, file }) {
  run(tool('pg_dump'), [
    '--format=custom',
    '--no-owner',
    '--no-privileges',
    `--schema=${schema ?? 'public'}`,
    // The admin filter's trigram index needs pg_trgm, which lives in public (migration 0002).
    '--extension=pg_trgm',
    `--file=${file}`,
    `--dbname=${url}`,
  ]);
}

/**
 * Restores a backup made by {@link backup} into the database at `url`, which must not have the
 * api's tables yet (a fresh database): in one transaction, stopping at the first error.
 * @param {{ url: string, file: string }} options
 */
export function restore({ url, file }) {
  const schemas = run(tool('pg_restore'), ['--list', file])
    .split('\n')
    .map((line) => /^\d+; \d+ \d+ SCHEMA - (\S+)/.exec(line)?.[1])
    .filter(Boolean);
  const schema = schemas[0] ?? 'public';
  const found = run(tool('psql'), [
    '--no-psqlrc',
    '--tuples-only',
    '--no-align',
    `--dbname=${url}`,
    '--command',
    `select count(*) from information_schema.tables where table_schema = '${schema.replaceAll("'", "''")}' and table_name = 'kysely_migration'`,
  ]).trim();
  if (found !== '0') {
    throw new Error(
      `the database already has the api's tables in ${schema}: restore into a fresh one`,
    );
  }
  run(tool('pg_restore'), [
    '--no-owner',
    '--no-privileges',
    '--single-transaction',
    '--exit-on-error',
    `--dbname=${url}`,
    file,
  ]);
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const [action, file] = process.argv.slice(2);
  const url = process.env.DATABASE_URL;
  try {
    if (!url) throw new Error('DATABASE_URL names the database');
    if (!file || !['backup', 'restore'].includes(action)) {
      throw new Error('usage: node scripts/backup.mjs backup|restore FILE');
    }
    if (action === 'backup') backup({ url, schema: process.env.DATABASE_SCHEMA || null, file });
    else restore({ url, file });
    console.info(`${action === 'backup' ? 'Backed up to' : 'Restored from'} ${file}`);
  } catch (error) {
    console.error(error.message);
    process.exit(1);
  }
}
