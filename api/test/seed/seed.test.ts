import { seedBulkUsers } from '../../src/seed/bulk';
import { DEMO_SEEDED_USERS, seedDemo } from '../../src/seed/demo';
import type { TestContext } from '../helpers/app';
import { createTestContext } from '../helpers/app';
import { startTestSandbox } from '../helpers/sandbox';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('demo seed', () => {
  it('creates the demo accounts, 45 users and the manager feed, and is idempotent', async () => {
    await seedDemo(ctx.database.db);
    await seedDemo(ctx.database.db);
    const db = ctx.database.db;
    const count = await db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    expect(Number(count.n)).toBe(3 + DEMO_SEEDED_USERS);

    const cashier = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/subscription-monitor',
      headers: await ctx.bearer({
        sub: 'usr_demo_cashier',
        name: 'Cash Ier',
        email: 'cashier@demo.test',
      }),
    });
    expect(cashier.json().plan.name).toBe('Cashier');
    // The demo manager starts on Trial with no card, so the plans page is where billing begins.
    const manager = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/subscription-monitor',
      headers: await ctx.bearer({
        sub: 'usr_demo_manager',
        name: 'Maya Manager',
        email: 'manager@demo.test',
      }),
    });
    expect(manager.json()).toMatchObject({
      plan: { name: 'Trial', cancelDate: null, pastDueInvoices: [] },
      isHavePaymentMethod: false,
    });
    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/user-settings',
      headers: await ctx.bearer({
        sub: 'usr_demo_cashier',
        name: 'Cash Ier',
        email: 'cashier@demo.test',
      }),
    });
    expect(settings.json().userRole).toBe('other');

    const adminHeaders = await ctx.bearer({
      sub: 'usr_demo_admin',
      name: 'Ada Admin',
      email: 'admin@demo.test',
      isAdmin: true,
    });
    const list = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/admin-panel/users?filter=seed0',
      headers: adminHeaders,
    });
    expect(list.json().totalRecords).toBe(DEMO_SEEDED_USERS);
    expect(list.json().list).toHaveLength(10);
    const blocked = await db
      .selectFrom('users')
      .select('sub')
      .where('block', '=', 'block')
      .execute();
    expect(blocked.length).toBeGreaterThan(0);
    const oldest = await db
      .selectFrom('users')
      .select('created_at')
      .where('sub', 'like', 'usr_seed_%')
      .orderBy('created_at')
      .executeTakeFirstOrThrow();
    expect(oldest.created_at.startsWith('2020-01')).toBe(true);

    const feed = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/activities-list?limit=5',
      headers: await ctx.bearer({
        sub: 'usr_demo_manager',
        name: 'Maya Manager',
        email: 'manager@demo.test',
      }),
    });
    expect(feed.json().totalAll).toBeGreaterThanOrEqual(3);
  });
});

describe('seedBulkUsers', () => {
  it('inserts the asked number of users with plans, once', async () => {
    await seedBulkUsers(ctx.database.db, 1200, { prefix: 'many' });
    await seedBulkUsers(ctx.database.db, 1200, { prefix: 'many' });
    const users = await ctx.database.db
      .selectFrom('users')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('sub', 'like', 'usr_many_%')
      .executeTakeFirstOrThrow();
    expect(Number(users.n)).toBe(1200);
    const withoutPlan = await ctx.database.db
      .selectFrom('users')
      .leftJoin('subscriptions', 'subscriptions.user_id', 'users.id')
      .select('users.id')
      .where('users.sub', 'like', 'usr_many_%')
      .where('subscriptions.plan_id', 'is', null)
      .execute();
    expect(withoutPlan).toEqual([]);
  });
});

describe('demo application seed', () => {
  it('connects the manager to the demo store with a default station, a custom slug and a pinned station, once', async () => {
    const sandbox = await startTestSandbox();
    try {
      const [store] = sandbox.stores;
      const key = await sandbox.mintKey(store);
      const options = {
        demoStore: {
          url: store,
          consumerKey: key.consumer_key,
          consumerSecret: key.consumer_secret,
        },
        secrets: ctx.access.secrets,
      };
      await seedDemo(ctx.database.db, options);
      await seedDemo(ctx.database.db, options);
      const db = ctx.database.db;
      const apps = await db.selectFrom('applications').selectAll().execute();
      expect(apps).toHaveLength(1);
      const app = apps[0];
      expect(app).toMatchObject({
        name: 'Demo Coffee Roasters',
        slug: 'demo-coffee-roasters',
        home_url: store,
        auth_type: 'keys',
        is_verified_auth: 1,
      });
      expect(app?.consumer_key_enc).not.toContain(key.consumer_key);

      const headers = await ctx.bearer({
        sub: 'usr_demo_manager',
        name: 'Maya Manager',
        email: 'manager@demo.test',
      });
      const stations = await ctx.app.inject({
        method: 'GET',
        url: `/api/connect-ui/applications/${app?.id}/stations`,
        headers,
      });
      expect(stations.statusCode).toBe(200);
      expect(
        (stations.json().list as Array<{ posID: string; cloudStationSlug: string }>).map((s) => [
          s.posID,
          s.cloudStationSlug,
        ]),
      ).toEqual([
        ['1', 'pos'],
        ['2', 'espresso-bar'],
        ['3', '3'],
      ]);
      const settings = await ctx.app.inject({
        method: 'GET',
        url: '/api/connect-ui/user-settings',
        headers,
      });
      expect(settings.json().quickLaunchPOSIds).toEqual({ [`${app?.id}/1`]: true });

      // Shared with the demo cashier as if invited: 'Shared with me' lists it (a store that
      // merely lists an email shares nothing), also for a database seeded before shares.
      const sharedWithCashier = async () =>
        (
          await ctx.app.inject({
            method: 'GET',
            url: '/api/connect-ui/shared-stations',
            headers: await ctx.bearer({
              sub: 'usr_demo_cashier',
              name: 'Cash Ier',
              email: 'cashier@demo.test',
            }),
          })
        ).json().list as Array<{ application: { name: string } }>;
      expect((await sharedWithCashier()).map((group) => group.application.name)).toEqual([
        'Demo Coffee Roasters',
      ]);
      await db.deleteFrom('application_shares').execute();
      expect(await sharedWithCashier()).toEqual([]);
      await seedDemo(ctx.database.db, options);
      expect((await sharedWithCashier()).map((group) => group.application.name)).toEqual([
        'Demo Coffee Roasters',
      ]);

      // The Assistant shows what the demo data proves: the plan and the connected application
      // with its default, pinned and opened station; the rest is left to do.
      const tasks = await ctx.app.inject({
        method: 'GET',
        url: '/api/connect-ui/user-tasks',
        headers,
      });
      const data = tasks.json().data as {
        completed: Array<{ assistantTaskId: string; applicationId: string | null }>;
        incomplete: Array<{ assistantTaskId: string }>;
      };
      expect(
        Object.fromEntries(data.completed.map((t) => [t.assistantTaskId, t.applicationId])),
      ).toEqual({
        'choose-plan': null,
        'create-application': app?.id,
        'authorize-application': app?.id,
        'set-default-station': app?.id,
        'pin-station': app?.id,
        'open-station': app?.id,
      });
      expect(data.incomplete.map((t) => t.assistantTaskId)).toEqual([
        'create-staff-user',
        'process-first-order',
        'add-card',
      ]);
    } finally {
      await sandbox.close();
    }
  });
});
