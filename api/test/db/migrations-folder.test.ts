import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import Database from 'better-sqlite3';
import { openDatabase } from '../../src/db';
import { migrateToLatest, migrationsFor } from '../../src/db/migrations';

/**
 * A SQLite database made by the api before its migrations moved into one file each (the
 * `.dump` of a freshly migrated file, taken at 0022): what every existing installation holds.
 */
const BEFORE_THE_SPLIT = path.join(__dirname, 'fixtures/database-0022.sqlite.sql');

/** The migrations that had shipped when the fixture was made, in the order they ran. */
const SHIPPED = [
  '0001_initial',
  '0002_user_search',
  '0003_sqlite_list_indexes',
  '0004_applications',
  '0005_stations',
  '0006_member_sync_attempts',
  '0007_store_connection',
  '0008_billing',
  '0009_orders',
  '0010_webhook_deliveries',
  '0011_activity_chain',
  '0012_live_events',
  '0013_analytics_indexes',
  '0014_plan_usage',
  '0015_live_tickets_verify_checkpoints',
  '0016_order_station_names',
  '0017_usage_ledger',
  '0018_staff_claims',
  '0019_assistant_tasks',
  '0020_member_last_access',
  '0021_signing_keys',
  '0022_activity_head_prev_hash',
];

/** Every table, index and trigger of a SQLite file, as SQLite keeps their definitions. */
function schemaOf(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare(
        "select type, name, sql from sqlite_master where name not like 'sqlite_%' order by type, name",
      )
      .all()
      .map((row) => JSON.stringify(row));
  } finally {
    db.close();
  }
}

function appliedIn(file: string): string[] {
  const db = new Database(file, { readonly: true });
  try {
    return db
      .prepare('select name from kysely_migration order by name')
      .all()
      .map((row) => (row as { name: string }).name);
  } finally {
    db.close();
  }
}

async function migrate(file: string): Promise<void> {
  const database = openDatabase({ databaseUrl: null, sqlitePath: file });
  try {
    await migrateToLatest(database.db, database.dialect);
  } finally {
    await database.db.destroy();
  }
}

describe('the migrations folder', () => {
  it('keeps the names and order of the migrations that had shipped, on both dialects', () => {
    for (const dialect of ['sqlite', 'postgres'] as const) {
      const names = Object.keys(migrationsFor(dialect));
      expect(names.slice(0, SHIPPED.length)).toEqual(SHIPPED);
      expect([...names].sort()).toEqual(names);
    }
  });

  it('has one file a migration, named as the migration', () => {
    const folder = path.join(__dirname, '../../src/db/migrations');
    const files = fs
      .readdirSync(folder)
      .filter((file) => /^\d{4}_/.test(file))
      .map((file) => file.replace(/\.ts$/, ''));
    expect(files.sort()).toEqual(Object.keys(migrationsFor('sqlite')));
  });

  it('migrates a database made before the split on, to the schema a new database gets', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-migrations-'));
    try {
      const existing = path.join(dir, 'existing.sqlite');
      const seed = new Database(existing);
      seed.exec(fs.readFileSync(BEFORE_THE_SPLIT, 'utf8'));
      seed.close();
      expect(appliedIn(existing)).toEqual(SHIPPED);

      await migrate(existing);
      const fresh = path.join(dir, 'fresh.sqlite');
      await migrate(fresh);

      // What had run is kept as it was (nothing ran twice), later migrations run after it, and
      // the result is the schema a new installation gets.
      expect(appliedIn(existing)).toEqual(Object.keys(migrationsFor('sqlite')));
      expect(schemaOf(existing)).toEqual(schemaOf(fresh));
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
