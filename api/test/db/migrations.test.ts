import { sql } from 'kysely';
import { migrateToLatest } from '../../src/db/migrations';
import { PLAN_CATALOGUE } from '../../src/db/plans';
import { createTestDatabase } from '../helpers/app';

describe('migrations', () => {
  it('create the schema with the plan catalogue and can run again without change', async () => {
    const { database, schema, drop } = await createTestDatabase();
    try {
      await migrateToLatest(database.db, database.dialect, schema);
      const plans = await database.db
        .selectFrom('plans')
        .select(['id', 'name', 'per_excess'])
        .orderBy('sort_order')
        .execute();
      expect(plans.map((p) => p.name)).toEqual(PLAN_CATALOGUE.map((p) => p.name));
      expect(plans.find((p) => p.name === 'Plus')?.per_excess).toBe(0.04);
    } finally {
      await drop();
    }
  });

  it('index the admin list (created_at, and a trigram index on PostgreSQL when pg_trgm exists)', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      if (database.dialect === 'sqlite') {
        const rows = await sql<{
          name: string;
        }>`select name from sqlite_master where type = 'index' and tbl_name = 'users'`.execute(
          database.db,
        );
        expect(rows.rows.map((r) => r.name)).toEqual(
          expect.arrayContaining(['users_list_idx', 'users_search_idx']),
        );
      } else {
        const rows = await sql<{
          indexname: string;
        }>`select indexname from pg_indexes where tablename = 'users' and schemaname = current_schema()`.execute(
          database.db,
        );
        const names = rows.rows.map((r) => r.indexname);
        expect(names).toContain('users_created_at_idx');
        const trgm = await sql<{
          n: number;
        }>`select count(*)::int as n from pg_available_extensions where name = 'pg_trgm'`.execute(
          database.db,
        );
        if (trgm.rows[0]?.n) expect(names).toContain('users_search_trgm_idx');
      }
    } finally {
      await drop();
    }
  });

  it('enforce one user per sub', async () => {
    const { database, drop } = await createTestDatabase();
    try {
      const row = {
        sub: 'usr_same',
        email: null,
        full_name: null,
        is_admin: 0,
        is_verified: 0,
        user_role: 'manager' as const,
        block: 'unblock' as const,
        subscription_type: 'cloud' as const,
        created_at: new Date().toISOString(),
        last_access_at: null,
        search_text: '',
      };
      await database.db
        .insertInto('users')
        .values({ ...row, id: 'a' })
        .execute();
      const second = await database.db
        .insertInto('users')
        .values({ ...row, id: 'b' })
        .execute()
        .then(
          () => 'inserted',
          (error: { message?: string }) => String(error.message),
        );
      expect(second).toMatch(/unique|duplicate/i);
    } finally {
      await drop();
    }
  });
});
