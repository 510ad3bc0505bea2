import type { Migration } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../index';
import type { AnyDb } from './kit';

export function migration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect === 'sqlite') return;
      // pg_trgm may be missing or not installable by this role: the list then scans, still correct.
      // A savepoint keeps a failed CREATE EXTENSION from aborting the migration's transaction.
      // Extensions are per database while schemas (and the migrator's lock) are not: serialise
      // instances migrating different schemas so that the second sees the first's extension.
      await sql`select pg_advisory_xact_lock(hashtext('pos_api_pg_trgm'))`.execute(db);
      await sql`savepoint pg_trgm_attempt`.execute(db);
      try {
        await sql`create extension if not exists pg_trgm with schema public`.execute(db);
        await sql`release savepoint pg_trgm_attempt`.execute(db);
      } catch {
        await sql`rollback to savepoint pg_trgm_attempt`.execute(db);
      }
      const found = await sql<{ nspname: string }>`
        select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'`.execute(db);
      const schema = found.rows[0]?.nspname;
      if (!schema) return;
      await sql`create index users_search_trgm_idx on users using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(
        db,
      );
    },
  };
}
