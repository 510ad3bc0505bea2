import type { Kysely } from 'kysely';
import { migrateToLatest } from '../../src/db/migrations';
import { databaseAt } from '../helpers/migrations';

describe('migration 0017_usage_ledger', () => {
  it('backfills the ledger from the stored orders and keys the outbox by owner, store and store order id', async () => {
    const { database, schema, drop } = await databaseAt('0016_order_station_names');
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
          is_verified_auth: 0,
          created_at: at,
          updated_at: at,
        } as never)
        .execute();
      const order = (id: string, storeOrderId: number, deleted: number) => ({
        id,
        application_id: 'app1',
        store_order_id: storeOrderId,
        status: deleted ? 'trash' : 'completed',
        total_cents: 100,
        currency: 'USD',
        created_at: at,
        modified_at: at,
        channel: 'web',
        deleted,
      });
      await db
        .insertInto('orders' as never)
        .values([order('o1', 11, 0), order('o2', 12, 1), order('o3', 13, 0)] as never)
        .execute();
      const report = (orderId: string, reportedAt: string | null) => ({
        order_id: orderId,
        user_id: 'u1',
        order_created_at: at,
        created_at: at,
        reported_at: reportedAt,
        attempts: 0,
        next_attempt_at: at,
      });
      await db
        .insertInto('usage_reports' as never)
        .values([report('o1', at), report('o3', null)] as never)
        .execute();

      await migrateToLatest(database.db, database.dialect, schema);

      const ledger = await database.db
        .selectFrom('usage_ledger')
        .select(['user_id', 'store_key', 'store_order_id', 'deleted'])
        .orderBy('store_order_id')
        .execute();
      expect(
        ledger.map((r) => [r.user_id, r.store_key, Number(r.store_order_id), Number(r.deleted)]),
      ).toEqual([
        ['u1', 'shop.example', 11, 0],
        ['u1', 'shop.example', 12, 1],
        ['u1', 'shop.example', 13, 0],
      ]);
      const reports = await database.db
        .selectFrom('usage_reports')
        .select(['store_key', 'store_order_id', 'status', 'reported_at'])
        .orderBy('store_order_id')
        .execute();
      expect(
        reports.map((r) => [r.store_key, Number(r.store_order_id), r.status, r.reported_at]),
      ).toEqual([
        ['shop.example', 11, 'reported', at],
        ['shop.example', 13, 'pending', null],
      ]);
      // The ledger outlives the application: no cascade from it.
      await database.db.deleteFrom('applications').where('id', '=', 'app1').execute();
      expect(
        await database.db.selectFrom('usage_ledger').select('store_order_id').execute(),
      ).toHaveLength(3);
      expect(
        await database.db.selectFrom('usage_reports').select('store_order_id').execute(),
      ).toHaveLength(2);
    } finally {
      await drop();
    }
  });
});
