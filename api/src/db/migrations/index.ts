// The api's migrations, one a file in this folder, named `NNNN_what` so that their names sort in
// the order they run. Kysely's Migrator runs them through this list (the equivalent of its
// FileMigrationProvider, which imports the folder at run time: three migrations take the
// dialect, and the built api and Jest both resolve a static import). A new migration is a new
// file here and one line below; a migration never changes once it has shipped.
import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { Migrator, sql } from 'kysely';
import type { DialectName } from '../index';
import type { Database } from '../types';
import { migration as m0001 } from './0001_initial';
import { migration as m0002 } from './0002_user_search';
import { migration as m0003 } from './0003_sqlite_list_indexes';
import { migration as m0004 } from './0004_applications';
import { migration as m0005 } from './0005_stations';
import { migration as m0006 } from './0006_member_sync_attempts';
import { migration as m0007 } from './0007_store_connection';
import { migration as m0008 } from './0008_billing';
import { migration as m0009 } from './0009_orders';
import { migration as m0010 } from './0010_webhook_deliveries';
import { migration as m0011 } from './0011_activity_chain';
import { migration as m0012 } from './0012_live_events';
import { migration as m0013 } from './0013_analytics_indexes';
import { migration as m0014 } from './0014_plan_usage';
import { migration as m0015 } from './0015_live_tickets_verify_checkpoints';
import { migration as m0016 } from './0016_order_station_names';
import { migration as m0017 } from './0017_usage_ledger';
import { migration as m0018 } from './0018_staff_claims';
import { migration as m0019 } from './0019_assistant_tasks';
import { migration as m0020 } from './0020_member_last_access';
import { migration as m0021 } from './0021_signing_keys';
import { migration as m0022 } from './0022_activity_head_prev_hash';
import { migration as m0023 } from './0023_activity_chain_keyed';
import { migration as m0025 } from './0025_ended_sessions';
import { migration as m0026 } from './0026_rate_limits';
import { migration as m0027 } from './0027_delivery_ids_and_shares';
import { migration as m0028 } from './0028_remote_releases';
import { migration as m0029 } from './0029_order_refunds';
import { migration as m0030 } from './0030_release_slots';

/** Every migration in order; names sort in the order they must run. */
export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_initial': m0001(),
    '0002_user_search': m0002(dialect),
    '0003_sqlite_list_indexes': m0003(dialect),
    '0004_applications': m0004(),
    '0005_stations': m0005(),
    '0006_member_sync_attempts': m0006(),
    '0007_store_connection': m0007(),
    '0008_billing': m0008(),
    '0009_orders': m0009(),
    '0010_webhook_deliveries': m0010(),
    '0011_activity_chain': m0011(),
    '0012_live_events': m0012(dialect),
    '0013_analytics_indexes': m0013(),
    '0014_plan_usage': m0014(),
    '0015_live_tickets_verify_checkpoints': m0015(),
    '0016_order_station_names': m0016(),
    '0017_usage_ledger': m0017(),
    '0018_staff_claims': m0018(),
    '0019_assistant_tasks': m0019(),
    '0020_member_last_access': m0020(),
    '0021_signing_keys': m0021(),
    '0022_activity_head_prev_hash': m0022(),
    '0023_activity_chain_keyed': m0023(),
    '0025_ended_sessions': m0025(),
    '0026_rate_limits': m0026(),
    '0027_delivery_ids_and_shares': m0027(),
    '0028_remote_releases': m0028(),
    '0029_order_refunds': m0029(),
    '0030_release_slots': m0030(),
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrationsFor(this.dialect);
  }
}

/** A migrator over this code's migrations, in `schema` on PostgreSQL when one is configured. */
function migratorFor(db: Kysely<Database>, dialect: DialectName, schema: string | null): Migrator {
  return new Migrator({
    db,
    provider: new InCodeProvider(dialect),
    // Kysely looks for its own tables in every schema unless told which one: another
    // schema's kysely_migration_lock would then pass for this one's, and the run fails.
    ...(dialect === 'postgres' && schema ? { migrationTableSchema: schema } : {}),
  });
}

/**
 * The names of this code's migrations that the database has not run yet (all of them on an
 * empty database): an instance of newer code than its database is not ready to serve.
 */
export async function pendingMigrations(
  db: Kysely<Database>,
  dialect: DialectName,
  schema: string | null = null,
): Promise<string[]> {
  const migrations = await migratorFor(db, dialect, schema).getMigrations();
  return migrations.filter((m) => m.executedAt === undefined).map((m) => m.name);
}

/**
 * Brings the schema up to date (creating the PostgreSQL schema first when one is configured);
 * throws with the failing migration's error. Safe to run from several instances at once: the
 * migrator takes a lock.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: DialectName,
  schema: string | null = null,
): Promise<void> {
  if (dialect === 'postgres' && schema) {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  }
  const { error, results } = await migratorFor(db, dialect, schema).migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const where = failed ? ` (migration ${failed.migrationName})` : '';
    throw new Error(`Database migration failed${where}: ${String(error)}`, { cause: error });
  }
}
