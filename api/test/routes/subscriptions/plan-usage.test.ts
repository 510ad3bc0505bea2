import { createLocalJWKSet } from 'jose';
import { PLAN_IDS } from '../../../src/db/plans';
import { publicJwks } from '../../../src/services/signing-key';
import { asUser } from '../../helpers/app';
import { changeUser, connectApplication } from '../../helpers/applications';
import { insertBulkOrders } from '../../helpers/orders';
import type { BillingContext } from '../../helpers/payments';
import { createBillingContext, newCard, signUpOnFreePlan } from '../../helpers/payments';
import type { TestSandbox } from '../../helpers/sandbox';
import { startTestSandbox } from '../../helpers/sandbox';

// Each case runs the payments sandbox's subscribe and a store's stations: more than the default
// 5 s on a busy 2-core machine.
jest.setTimeout(30_000);

let ctx: BillingContext;
let stores: TestSandbox;
beforeAll(async () => {
  ctx = await createBillingContext();
  // The stores check hand-off tokens against this api's key.
  stores = await startTestSandbox({ posJwks: createLocalJWKSet(publicJwks(ctx.signingKey)) });
});
afterAll(async () => {
  await ctx.close();
  await stores.close();
});

const DAY_MS = 86_400_000;
/**
 * Stores `count` live POS orders of an application, created at `createdAt` (a millisecond
 * apart), in bulk; answers their store ids.
 */
function addOrders(appId: string, count: number, createdAt = new Date()): Promise<number[]> {
  return insertBulkOrders(ctx, appId, count, {
    at: createdAt,
    channel: 'pos',
    totalCents: 1250,
    stationPosId: 1,
    cashierId: 1,
    cashierName: 'Owner',
  });
}

const monitor = async (sub: string) => {
  const response = await ctx.call(sub, 'GET', '/subscription-monitor');
  expect(response.statusCode).toBe(200);
  return response.json() as {
    plan: { id: string; name: string } | null;
    usage: { orders: number; limit: number | null; period: string; reached: boolean } | null;
  };
};

/** Opens `/{slug}/pos` on the POS host as `claims`: the hand-off page or the access error. */
async function openStation(slug: string, station: string, claims: Record<string, unknown>) {
  const response = await ctx.posHost.inject({
    method: 'GET',
    url: `/${slug}/${station}`,
    headers: { cookie: `pos_token=${encodeURIComponent(await ctx.provider.sign(claims))}` },
  });
  const header = String(response.headers['set-cookie'] ?? '');
  const value = /^pos_access_error=([^;]+)/.exec(header)?.[1];
  return {
    status: response.statusCode,
    location: response.headers.location,
    error: value
      ? (JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Record<string, string>)
      : null,
  };
}

/** A manager on Trial with a connected store; answers the application's id and slug. */
async function trialOwnerWithStore(sub: string, store: string) {
  await signUpOnFreePlan(ctx, sub);
  const { id } = await connectApplication(ctx, stores, store, sub, `Store of ${sub}`);
  const slug = (await ctx.call(sub, 'GET', `/applications/${id}`)).json().data.slug as string;
  return { id, slug };
}

async function choosePlan(sub: string, planId: string) {
  const card = await ctx.call(sub, 'POST', '/payment-method', {
    paymentMethodId: await newCard(ctx.stripe),
  });
  expect(card.statusCode).toBe(200);
  const response = await ctx.call(sub, 'POST', '/subscription', { planId });
  expect(response.statusCode).toBe(200);
  expect(response.json().subStatus).toBe('active');
}

describe('plan usage (spec 4 and 9)', () => {
  it('counts a free trial over all orders, refuses its stations at 50, and a bigger plan reopens them at once', async () => {
    const sub = 'usr_usage_trial';
    const [store] = stores.sandbox.stores;
    const { id, slug } = await trialOwnerWithStore(sub, store!.url);
    // Orders of earlier months count on a free plan.
    await addOrders(id, 30, new Date(Date.now() - 70 * DAY_MS));
    await addOrders(id, 19);
    expect((await monitor(sub)).usage).toEqual({
      orders: 49,
      limit: 50,
      period: 'total',
      reached: false,
      included: 50,
      excess: 0,
      excessAmount: 0,
    });
    expect((await openStation(slug, '1', asUser(sub))).status).toBe(200);

    await addOrders(id, 1);
    expect((await monitor(sub)).usage).toEqual({
      orders: 50,
      limit: 50,
      period: 'total',
      reached: true,
      included: 50,
      excess: 0,
      excessAmount: 0,
    });
    const refused = await openStation(slug, '1', asUser(sub));
    expect(refused.status).toBe(302);
    expect(refused.location).toMatch(/\/access-denied$/);
    expect(refused.error).toEqual({
      appId: id,
      wpHome: store!.url,
      posId: '1',
      name: 'Trial Ended',
      text: 'The free trial has reached its limit of 50 orders, so the stations of this account are paused until a bigger plan is chosen.',
    });

    // Basics counts this month only (the 30 older orders drop out) up to 1000: open again.
    await choosePlan(sub, PLAN_IDS.basics);
    expect((await monitor(sub)).usage).toEqual({
      orders: 20,
      limit: 1000,
      period: 'month',
      reached: false,
      // Basics was taken just now: its excess counts the orders from then on.
      included: 100,
      excess: 0,
      excessAmount: 0,
    });
    expect((await openStation(slug, '1', asUser(sub))).status).toBe(200);
  });

  it('does not count a deleted order', async () => {
    const sub = 'usr_usage_deleted';
    const [, store] = stores.sandbox.stores;
    const { id, slug } = await trialOwnerWithStore(sub, store!.url);
    const ids = await addOrders(id, 50);
    expect((await monitor(sub)).usage?.reached).toBe(true);
    await ctx.app.repos.orders.markDeleted(id, ids[0]!);
    expect((await monitor(sub)).usage).toMatchObject({ orders: 49, reached: false });
    expect((await openStation(slug, '1', asUser(sub))).status).toBe(200);
  });

  it('pauses a paid plan at its monthly limit, counting this month only, for shared users too', async () => {
    const sub = 'usr_usage_paid';
    const [store] = stores.sandbox.stores;
    const { id, slug } = await trialOwnerWithStore(sub, store!.url);
    await choosePlan(sub, PLAN_IDS.basics);
    // Last month's orders do not count on a paid plan; this month's 1000 reach Basics' limit.
    await addOrders(id, 5, new Date(Date.now() - 40 * DAY_MS));
    const monthStart = new Date();
    monthStart.setUTCDate(1);
    monthStart.setUTCHours(0, 0, 0, 0);
    await ctx.app.repos.orders.upsert(id, {
      storeOrderId: 1,
      status: 'completed',
      totalCents: 100,
      currency: 'USD',
      createdAt: monthStart.toISOString(),
      modifiedAt: monthStart.toISOString(),
      channel: 'web',
      stationPosId: null,
      stationName: null,
      cashierWpUserId: null,
      cashierName: null,
    });
    await addOrders(id, 999);
    expect((await monitor(sub)).usage).toEqual({
      orders: 1000,
      limit: 1000,
      period: 'month',
      reached: true,
      // The month's first order came before the plan: 999 of Basics' own, 899 beyond 100.
      included: 100,
      excess: 899,
      excessAmount: 44.95,
    });
    const owner = await openStation(slug, '1', asUser(sub));
    expect(owner.error).toMatchObject({
      appId: id,
      name: 'POINT OF SALE SERVICE PAUSED',
      text: "This month's 1000 orders of the plan are used, so the stations of this account are paused until a bigger plan is chosen.",
    });

    // The store shares station 3 with its store user 2 (cashier@demo.test): refused as well.
    const cashier = asUser('usr_usage_cashier', { email: 'cashier@demo.test', name: 'Cash Ier' });
    await changeUser(ctx, 'usr_usage_cashier', { user_role: 'other' }, cashier);
    await ctx.app.repos.members.share(id, 'cashier@demo.test', 'invitation');
    const shared = await openStation(slug, '3', cashier);
    expect(shared.status).toBe(302);
    expect(shared.error).toMatchObject({ appId: id, name: 'POINT OF SALE SERVICE PAUSED' });
    // Shared with me lists the stations with the reason they do not open.
    const sharedGroup = async () => {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/connect-ui/shared-stations',
        headers: await ctx.bearer(cashier),
      });
      const list = response.json().list as Array<{ application: { id: string } }>;
      return list.find((group) => group.application.id === id);
    };
    expect(await sharedGroup()).toMatchObject({
      unavailable: { reason: 'paused', name: 'POINT OF SALE SERVICE PAUSED' },
    });

    // Plus allows 3000 a month: both open again, with nothing to run.
    const plus = await ctx.call(sub, 'POST', '/subscription', { planId: PLAN_IDS.plus });
    expect(plus.statusCode).toBe(200);
    expect((await monitor(sub)).usage).toMatchObject({ orders: 1000, limit: 3000, reached: false });
    expect((await openStation(slug, '1', asUser(sub))).status).toBe(200);
    expect((await openStation(slug, '3', cashier)).status).toBe(200);
    expect(await sharedGroup()).toMatchObject({ unavailable: null });
  });

  it('holds an owner who never got a subscription row to their free plan: the trial pauses at 50', async () => {
    const sub = 'usr_usage_no_row';
    const [store] = stores.sandbox.stores;
    await changeUser(ctx, sub, { user_role: 'manager' });
    const { id: userId } = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('sub', '=', sub)
      .executeTakeFirstOrThrow();
    const { id } = await connectApplication(ctx, stores, store!.url, sub, 'Store without a row');
    const slug = (await ctx.call(sub, 'GET', `/applications/${id}`)).json().data.slug as string;
    // The free plan is assigned lazily by subscription-monitor, which this owner never called.
    await ctx.database.db.deleteFrom('subscriptions').where('user_id', '=', userId).execute();
    await addOrders(id, 50);
    const refused = await openStation(slug, '1', asUser(sub));
    expect(refused.status).toBe(302);
    expect(refused.error).toMatchObject({ appId: id, name: 'Trial Ended' });
  });

  it('keeps a trial paused when its store is deleted and connected again (the orders stay counted)', async () => {
    const sub = 'usr_usage_reconnect';
    const [, store] = stores.sandbox.stores;
    const first = await trialOwnerWithStore(sub, store!.url);
    await addOrders(first.id, 50);
    expect((await monitor(sub)).usage).toMatchObject({ reached: true });
    const deleted = await ctx.call(sub, 'DELETE', `/applications/${first.id}`);
    expect(deleted.statusCode).toBeLessThan(300);
    expect((await monitor(sub)).usage).toMatchObject({ reached: true });
    expect((await monitor(sub)).usage?.orders).toBeGreaterThanOrEqual(50);

    const { id } = await connectApplication(ctx, stores, store!.url, sub, 'The same store');
    const slug = (await ctx.call(sub, 'GET', `/applications/${id}`)).json().data.slug as string;
    const refused = await openStation(slug, '1', asUser(sub));
    expect(refused.status).toBe(302);
    expect(refused.error).toMatchObject({ appId: id, name: 'Trial Ended' });
  });

  it('answers no usage without a plan, and an unlimited plan never pauses', async () => {
    await ctx.call('usr_usage_none', 'GET', '/user-data');
    expect(await monitor('usr_usage_none')).toMatchObject({ plan: null, usage: null });
    await signUpOnFreePlan(ctx, 'usr_usage_cashier_plan', 'other');
    expect((await monitor('usr_usage_cashier_plan')).usage).toEqual({
      orders: 0,
      limit: null,
      period: 'total',
      reached: false,
      included: 0,
      excess: 0,
      excessAmount: 0,
    });
  });
});
