import type { Kysely } from 'kysely';
import { migrateToLatest } from '../../src/db/migrations';
import { databaseAt } from '../helpers/migrations';

describe('migration 0027_delivery_ids_and_shares', () => {
  it('keeps the implicit shares already used or invited, and drops the ones a store merely listed', async () => {
    const { database, schema, drop } = await databaseAt('0022_activity_head_prev_hash');
    try {
      const db = database.db as unknown as Kysely<Record<string, never>>;
      const at = '2026-11-02T10:00:00.000Z';
      await db
        .insertInto('users' as never)
        .values({ id: 'u1', sub: 'sub_u1', created_at: at } as never)
        .execute();
      await db
        .insertInto('applications' as never)
        .values({
          id: 'app1',
          user_id: 'u1',
          name: 'Shop',
          home_url: 'https://shop.example',
          home_url_key: 'shop.example',
          slug: 'shop',
          auth_type: 'keys',
          is_verified_auth: 1,
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
      const member = (wpUserId: number, email: string, lastAccess: string | null) => ({
        application_id: 'app1',
        wp_user_id: wpUserId,
        email,
        name: email,
        roles: '["cashier"]',
        synced_at: at,
        last_access_at: lastAccess,
      });
      await db
        .insertInto('application_members' as never)
        .values([
          member(2, 'used@shop.example', '2026-11-03T09:00:00.000Z'),
          member(3, 'invited@shop.example', null),
          member(4, 'listed@shop.example', null),
          member(5, 'tried@shop.example', null),
        ] as never)
        .execute();
      await db
        .insertInto('application_invitations' as never)
        .values([
          { application_id: 'app1', wp_user_id: 3, count: 1, last_sent_at: at },
          // An invitation that was never sent (released) shares nothing.
          { application_id: 'app1', wp_user_id: 5, count: 0, last_sent_at: null },
        ] as never)
        .execute();

      await migrateToLatest(database.db, database.dialect, schema);

      const shares = await database.db
        .selectFrom('application_shares')
        .select(['email', 'via', 'shared_at'])
        .orderBy('email')
        .execute();
      expect(shares).toEqual([
        { email: 'invited@shop.example', via: 'invitation', shared_at: at },
        { email: 'used@shop.example', via: 'used', shared_at: '2026-11-03T09:00:00.000Z' },
      ]);
      const delivered = await database.db.selectFrom('webhook_delivery_ids').selectAll().execute();
      expect(delivered).toEqual([]);
    } finally {
      await drop();
    }
  });
});
