import type { Kysely } from 'kysely';
import { ASSISTANT_TASK_CATALOGUE } from '../../src/db/assistant-tasks';
import { migrateToLatest } from '../../src/db/migrations';
import { databaseAt } from '../helpers/migrations';

describe('migration 0019_assistant_tasks', () => {
  it('seeds the catalogue and completes what the stored data already proves, for managers only', async () => {
    const { database, schema, drop } = await databaseAt('0018_staff_claims');
    try {
      const db = database.db as unknown as Kysely<Record<string, never>>;
      const insert = (table: string, values: object | object[]) =>
        db
          .insertInto(table as never)
          .values(values as never)
          .execute();
      const day = (n: number) => `2026-02-0${n}T10:00:00.000Z`;
      await insert('users', [
        { id: 'maya', sub: 'sub_maya', created_at: day(1), user_role: 'manager' },
        { id: 'new', sub: 'sub_new', created_at: day(1), user_role: 'manager' },
        { id: 'cash', sub: 'sub_cash', created_at: day(1), user_role: 'other' },
      ]);
      await insert('subscriptions', [
        { user_id: 'maya', plan_id: 'plan_trial', created_at: day(1), updated_at: day(1) },
        { user_id: 'cash', plan_id: 'plan_cashier', created_at: day(1), updated_at: day(1) },
      ]);
      const application = (id: string, verified: number, at: string) => ({
        id,
        user_id: 'maya',
        name: id,
        home_url: `https://${id}.example`,
        home_url_key: `${id}.example`,
        slug: id,
        auth_type: 'keys',
        is_verified_auth: verified,
        created_at: at,
        updated_at: at,
      });
      await insert('applications', [
        application('shop', 1, day(2)),
        application('cafe', 0, day(3)),
      ]);
      await insert('station_slugs', [
        { application_id: 'shop', pos_id: '1', slug: 'pos', updated_at: day(4) },
        { application_id: 'shop', pos_id: '2', slug: 'bar', updated_at: day(3) },
      ]);
      await insert('activities', {
        id: 'f1',
        user_id: 'maya',
        name: 'Maya opened Front Counter (shop)',
        feed_type: 'stationOpened',
        link: '/applications/shop/stations',
        link_name: 'View Stations',
        created_at: day(5),
        seq: 1,
        prev_hash: '0'.repeat(64),
        hash: 'h',
      });
      await insert('orders', [
        {
          id: 'o1',
          application_id: 'shop',
          store_order_id: 1,
          status: 'completed',
          total_cents: 100,
          currency: 'USD',
          created_at: day(5),
          modified_at: day(5),
          channel: 'web',
        },
        {
          id: 'o2',
          application_id: 'shop',
          store_order_id: 2,
          status: 'completed',
          total_cents: 100,
          currency: 'USD',
          created_at: day(6),
          modified_at: day(6),
          channel: 'pos',
        },
      ]);
      await insert('user_settings', [
        { user_id: 'maya', quick_launch_pos_ids: JSON.stringify({ 'shop/1': true }) },
        { user_id: 'cash', quick_launch_pos_ids: JSON.stringify({ 'shop/1': true }) },
      ]);
      await insert('billing_customers', {
        user_id: 'maya',
        stripe_customer_id: 'cus_1',
        default_payment_method: 'pm_1',
        created_at: day(7),
      });

      await migrateToLatest(database.db, database.dialect, schema);

      const catalogue = await database.db
        .selectFrom('assistant_tasks')
        .select(['id', 'dependency', 'scope'])
        .orderBy('sort_order')
        .execute();
      expect(catalogue).toEqual(
        ASSISTANT_TASK_CATALOGUE.map((t) => ({
          id: t.id,
          dependency: t.dependency,
          scope: t.scope,
        })),
      );
      const done = await database.db
        .selectFrom('user_tasks')
        .select(['user_id', 'assistant_task_id', 'application_id', 'completed_at', 'completed_by'])
        .orderBy('user_id')
        .orderBy('assistant_task_id')
        .execute();
      const by = (task: string) => done.find((row) => row.assistant_task_id === task);
      // Nothing for the user without data, nothing for the cashier.
      expect(new Set(done.map((row) => row.user_id))).toEqual(new Set(['maya']));
      expect(done.every((row) => row.completed_by === 'event')).toBe(true);
      expect(done.map((row) => row.assistant_task_id).sort()).toEqual(
        [
          'add-card',
          'authorize-application',
          'choose-plan',
          'create-application',
          'open-station',
          'pin-station',
          'process-first-order',
          'set-default-station',
        ].sort(),
      );
      expect(by('choose-plan')).toMatchObject({ application_id: null, completed_at: day(1) });
      expect(by('create-application')).toMatchObject({
        application_id: 'shop',
        completed_at: day(2),
      });
      expect(by('authorize-application')?.application_id).toBe('shop');
      expect(by('set-default-station')).toMatchObject({
        application_id: 'shop',
        completed_at: day(4),
      });
      expect(by('open-station')).toMatchObject({ application_id: 'shop', completed_at: day(5) });
      expect(by('process-first-order')).toMatchObject({
        application_id: 'shop',
        completed_at: day(6),
      });
      expect(by('pin-station')?.application_id).toBe('shop');
      expect(by('add-card')).toMatchObject({ application_id: null, completed_at: day(7) });

      // The support card setting starts off; deleting an application keeps its completions.
      const settings = await database.db
        .selectFrom('user_settings')
        .select('support_new_ticket')
        .where('user_id', '=', 'maya')
        .executeTakeFirstOrThrow();
      expect(settings.support_new_ticket).toBe(0);
      await database.db.deleteFrom('orders').where('application_id', '=', 'shop').execute();
      await database.db.deleteFrom('station_slugs').where('application_id', '=', 'shop').execute();
      await database.db.deleteFrom('applications').where('id', '=', 'shop').execute();
      const after = await database.db
        .selectFrom('user_tasks')
        .select(['assistant_task_id', 'application_id'])
        .where('assistant_task_id', '=', 'create-application')
        .executeTakeFirstOrThrow();
      expect(after.application_id).toBeNull();
    } finally {
      await drop();
    }
  });
});
