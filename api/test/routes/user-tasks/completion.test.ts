import { createLocalJWKSet } from 'jose';
import { PLAN_IDS } from '../../../src/db/plans';
import { pullOrders } from '../../../src/domain/orders/sync';
import type { StoreAccess } from '../../../src/domain/store-access';
import { publicJwks } from '../../../src/services/signing-key';
import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';
import {
  call,
  changeUser,
  connectApplication,
  createApplication,
} from '../../helpers/applications';
import { acceptDeliveries } from '../../helpers/live';
import { insertApplication, userIdOf } from '../../helpers/orders';
import type { TestSandbox } from '../../helpers/sandbox';
import { startTestSandbox } from '../../helpers/sandbox';

// The Assistant's tasks complete themselves from the events that prove them (issue 14), each
// through the product's own path: the routes, the POS host, the store's webhooks.

let ctx: TestContext;
let sandbox: TestSandbox;
let coffee: string;
beforeAll(async () => {
  ctx = await createTestContext();
  // The stores check hand-off tokens against this api's key, as they would at POS_JWKS_URL.
  sandbox = await startTestSandbox({ posJwks: createLocalJWKSet(publicJwks(ctx.signingKey)) });
  [coffee] = sandbox.stores;
}, 30_000);
afterAll(async () => {
  await ctx.close();
  await sandbox.close();
});

interface Task {
  id: string | null;
  assistantTaskId: string;
  applicationId: string | null;
  completedAt: string | null;
  completedBy: 'event' | 'manual' | null;
  locked: boolean;
  waitingFor: string | null;
  completionLink: string | null;
}

/** The user's task list. */
async function tasksOf(sub: string) {
  const response = await call(ctx, 'GET', '/user-tasks', undefined, sub);
  expect(response.statusCode).toBe(200);
  return (response.json() as { data: { completed: Task[]; incomplete: Task[] } }).data;
}

/** One task of the user's list. */
async function taskOf(sub: string, id: string): Promise<Task> {
  const list = await tasksOf(sub);
  const task = [...list.completed, ...list.incomplete].find((t) => t.assistantTaskId === id);
  if (!task) throw new Error(`no task ${id}`);
  return task;
}

/** The stored completion row of a task. */
async function rowOf(sub: string, task: string) {
  return ctx.database.db
    .selectFrom('user_tasks as t')
    .innerJoin('users as u', 'u.id', 't.user_id')
    .selectAll('t')
    .where('u.sub', '=', sub)
    .where('t.assistant_task_id', '=', task)
    .executeTakeFirst();
}

describe('a store owner’s onboarding, completed by what they do', () => {
  const OWNER = 'usr_tasks_owner';
  const ownerClaims = asUser(OWNER);
  let appId: string;
  let appSlug: string;

  it('starts with every task to do: the first steps open, the others waiting', async () => {
    const list = await tasksOf(OWNER);
    expect(list.completed).toEqual([]);
    expect(list.incomplete.filter((t) => !t.locked).map((t) => t.assistantTaskId)).toEqual([
      'choose-plan',
      'create-application',
      'add-card',
    ]);
  });

  it('choose-plan: the free plan the owner chooses', async () => {
    const response = await call(ctx, 'POST', '/subscription', { planId: PLAN_IDS.trial }, OWNER);
    expect(response.statusCode).toBe(200);
    expect(await rowOf(OWNER, 'choose-plan')).toMatchObject({
      completed_by: 'event',
      event_kind: 'planStored',
      application_id: null,
    });
  });

  it('create-application: a new application, recorded with its id', async () => {
    appId = await createApplication(ctx, coffee, 'Roasters', OWNER);
    expect(await taskOf(OWNER, 'create-application')).toMatchObject({
      applicationId: appId,
      completedBy: 'event',
      completionLink: '/applications/create',
    });
    expect((await rowOf(OWNER, 'create-application'))?.event_kind).toBe('applicationAdded');
    // Authorizing is open now, and points at the new application.
    expect(await taskOf(OWNER, 'authorize-application')).toMatchObject({
      locked: false,
      applicationId: appId,
      completionLink: `/applications/${appId}`,
    });
  });

  it('authorize-application: keys the store accepts', async () => {
    const key = await sandbox.mintKey(coffee);
    const response = await call(
      ctx,
      'PUT',
      `/applications/${appId}`,
      { consumerKey: key.consumer_key, consumerSecret: key.consumer_secret },
      OWNER,
    );
    expect(response.json().data.isVerifiedAuth).toBe(true);
    appSlug = response.json().data.slug as string;
    expect(await taskOf(OWNER, 'authorize-application')).toMatchObject({
      applicationId: appId,
      completedBy: 'event',
    });
    expect((await rowOf(OWNER, 'authorize-application'))?.event_kind).toBe('applicationAuthorized');
  });

  it('set-default-station: a station made the default, not a custom POS URL', async () => {
    const slug = (stationId: string, stationSlug: string, oldStationSlug: string) =>
      call(
        ctx,
        'PUT',
        `/applications/${appId}/stations/update-slug`,
        { stationId, stationSlug, stationName: 'Station', oldStationSlug },
        OWNER,
      );
    expect((await slug('2', 'espresso-bar', '2')).statusCode).toBe(200);
    expect(await rowOf(OWNER, 'set-default-station')).toBeUndefined();
    expect((await slug('1', 'pos', '1')).statusCode).toBe(200);
    expect(await rowOf(OWNER, 'set-default-station')).toMatchObject({
      application_id: appId,
      event_kind: 'posUrlChanged',
    });
  });

  it('open-station: the owner opening a station at its cloud POS address', async () => {
    const cookie = `pos_token=${encodeURIComponent(await ctx.provider.sign(ownerClaims))}`;
    const response = await ctx.posHost.inject({
      method: 'GET',
      url: `/${appSlug}/pos`,
      headers: { cookie },
    });
    expect(response.statusCode).toBe(200);
    expect(await rowOf(OWNER, 'open-station')).toMatchObject({
      application_id: appId,
      event_kind: 'stationOpened',
    });
  });

  it('pin-station: a station turned on for quick launch, and turning it off keeps the task', async () => {
    const pin = () => call(ctx, 'PUT', '/user-settings', { quickLaunchPOSId: `${appId}/1` }, OWNER);
    expect((await pin()).json().quickLaunchPOSIds).toEqual({ [`${appId}/1`]: true });
    const row = await rowOf(OWNER, 'pin-station');
    expect(row).toMatchObject({ application_id: appId, event_kind: 'quickLaunchPinned' });
    expect((await pin()).json().quickLaunchPOSIds).toEqual({});
    expect(await rowOf(OWNER, 'pin-station')).toEqual(row);
  });

  it('create-staff-user: the staff user the store created, by the entry’s marker, never its words', async () => {
    // Words alone prove nothing (POST /activities is how the shell logs its bubbles).
    const posted = await call(
      ctx,
      'POST',
      '/activities',
      {
        name: 'Staff user Ada Lovelace was created in Roasters as Cashier',
        feedType: 'applicationShared',
      },
      OWNER,
    );
    expect(posted.statusCode).toBe(201);
    expect(await rowOf(OWNER, 'create-staff-user')).toBeUndefined();
    const created = await call(
      ctx,
      'POST',
      '/staff/users',
      {
        name: 'Ada Lovelace',
        email: 'ada.tasks@staff.test',
        role: 'cashier',
        applicationId: appId,
      },
      OWNER,
    );
    expect(created.statusCode).toBe(201);
    // The staff entry's marker carries its application: the completion names it.
    expect(await rowOf(OWNER, 'create-staff-user')).toMatchObject({
      application_id: appId,
      completed_by: 'event',
      event_kind: 'applicationShared',
    });
    // The marker is not part of the entry: the feed and its hash chain are as before.
    const feed = (await call(ctx, 'GET', '/activities-list', undefined, OWNER)).json().data;
    expect(Object.keys(feed[0]).sort()).toEqual(
      ['createdAt', 'feedType', 'id', 'link', 'linkName', 'name', 'owner'].sort(),
    );
    const verify = await call(ctx, 'GET', '/activities/verify', undefined, OWNER);
    expect(verify.json().ok).toBe(true);
  });

  it('process-first-order: an order rung up at the point of sale, not a web checkout', async () => {
    const ownerId = await userIdOf(ctx, OWNER);
    const store = await insertApplication(ctx, ownerId, 'Roasters Online');
    const delivery = await acceptDeliveries(ctx, store);
    const post = (d: ReturnType<typeof delivery>) =>
      ctx.posHost.inject({ method: 'POST', url: d.url, headers: d.headers, payload: d.body });
    expect((await post(delivery(101))).statusCode).toBe(200);
    expect(await rowOf(OWNER, 'process-first-order')).toBeUndefined();
    expect((await post(delivery(102, 'order.created', { createdVia: 'pos' }))).statusCode).toBe(
      200,
    );
    expect(await rowOf(OWNER, 'process-first-order')).toMatchObject({
      application_id: store,
      event_kind: 'orderProcessed',
    });
    // The next POS order changes nothing.
    const first = await rowOf(OWNER, 'process-first-order');
    await post(delivery(103, 'order.created', { createdVia: 'pos' }));
    expect(await rowOf(OWNER, 'process-first-order')).toEqual(first);
  });

  it('lists what was completed newest first, and leaves only the card', async () => {
    const list = await tasksOf(OWNER);
    expect(list.incomplete.map((t) => t.assistantTaskId)).toEqual(['add-card']);
    const times = list.completed.map((t) => t.completedAt ?? '');
    expect([...times].sort().reverse()).toEqual(times);
    expect(list.completed[0]?.assistantTaskId).toBe('process-first-order');
    expect(list.completed.every((t) => t.completedBy === 'event' && t.id !== null)).toBe(true);
  });
});

describe('whose task a station opens', () => {
  const OWNER = 'usr_tasks_station_owner';
  // Store user 2 (a cashier of the demo store) may open the Pickup Window (station 3).
  const MEMBER = asUser('usr_tasks_member', { email: 'cashier@demo.test', name: 'Cash Ier' });
  let appSlug: string;

  beforeAll(async () => {
    const { id } = await connectApplication(ctx, sandbox, coffee, OWNER, 'Shared Roasters', {
      shareWith: ['cashier@demo.test'],
    });
    appSlug = (await call(ctx, 'GET', `/applications/${id}`, undefined, OWNER)).json().data
      .slug as string;
  });

  const open = async (claims: Record<string, unknown>) => {
    const cookie = `pos_token=${encodeURIComponent(await ctx.provider.sign(claims))}`;
    return ctx.posHost.inject({ method: 'GET', url: `/${appSlug}/3`, headers: { cookie } });
  };

  it('a member who is not a manager has no assistant: nothing is completed', async () => {
    await changeUser(ctx, MEMBER.sub, { user_role: 'other' }, MEMBER);
    expect((await open(MEMBER)).statusCode).toBe(200);
    expect(await rowOf(MEMBER.sub, 'open-station')).toBeUndefined();
    expect(await rowOf(OWNER, 'open-station')).toBeUndefined();
  });

  it("a member who is a manager completes their own task, not the owner's", async () => {
    await changeUser(ctx, MEMBER.sub, { user_role: 'manager' }, MEMBER);
    // A minute after the first, the entry would be thinned out: another name makes it new.
    const renamed = { ...MEMBER, name: 'Cash Manager' };
    expect((await open(renamed)).statusCode).toBe(200);
    // Not their application: the completion names none.
    expect(await rowOf(MEMBER.sub, 'open-station')).toMatchObject({
      application_id: null,
      event_kind: 'stationOpened',
    });
    expect(await rowOf(OWNER, 'open-station')).toBeUndefined();
  });
});

describe('process-first-order from a first backfill', () => {
  const OWNER = 'usr_tasks_backfill';
  const order = (id: number, createdVia: string) => ({
    id,
    status: 'completed',
    total: '9.00',
    currency: 'USD',
    date_created_gmt: new Date().toISOString().slice(0, 19),
    date_modified_gmt: new Date().toISOString().slice(0, 19),
    created_via: createdVia,
    meta_data: [],
  });
  /** A store whose orders are `orders`, one page (the backfill writes no feed entries). */
  const storeWith = (orders: object[]) =>
    ({
      ...ctx.access,
      store: { ordersPage: async () => ({ orders, totalPages: 1 }) },
    }) as unknown as StoreAccess;
  const credentials = { consumerKey: 'ck', consumerSecret: 'cs' };

  it('a store that has only web orders proves nothing; one with a POS order does', async () => {
    const ownerId = await userIdOf(ctx, OWNER);
    const web = await insertApplication(ctx, ownerId, 'Web Only');
    const webRow = await ctx.app.repos.applications.findById(web);
    await pullOrders(ctx.app.repos, storeWith([order(1, 'checkout')]), webRow!, credentials);
    expect(await rowOf(OWNER, 'process-first-order')).toBeUndefined();
    const pos = await insertApplication(ctx, ownerId, 'Counter');
    const posRow = await ctx.app.repos.applications.findById(pos);
    await pullOrders(
      ctx.app.repos,
      storeWith([order(1, 'checkout'), order(2, 'pos')]),
      posRow!,
      credentials,
    );
    expect(await rowOf(OWNER, 'process-first-order')).toMatchObject({
      application_id: pos,
      event_kind: 'ordersBackfilled',
    });
  });
});
