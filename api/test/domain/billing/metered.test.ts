import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { PLAN_IDS } from '../../../src/db/plans';
import {
  EXCESS_ORDERS_EVENT,
  meterEventIdentifier,
  reportExcessUsage,
  startUsageReportJob,
} from '../../../src/domain/billing/metered';
import type { OrderFields } from '../../../src/repositories/orders';
import type { BillingContext } from '../../helpers/payments';
import { insertApplication, insertBulkOrders } from '../../helpers/orders';
import {
  createBillingContext,
  newCard,
  signUpOnFreePlan,
  stripeCustomerOf,
} from '../../helpers/payments';

// Each case runs the payments sandbox's subscribe and a store's stations: more than the default
// 5 s on a busy 2-core machine.
jest.setTimeout(30_000);

let ctx: BillingContext;
beforeAll(async () => {
  ctx = await createBillingContext();
});
afterAll(() => ctx.close());

const METER = 'mtr_cloud_pos_excess_orders';

/** A manager on `planId` (paid, with the test card) with one application; answers both ids. */
async function ownerOn(sub: string, planId: string) {
  const userId = await signUpOnFreePlan(ctx, sub);
  await ctx.call(sub, 'POST', '/payment-method', { paymentMethodId: await newCard(ctx.stripe) });
  const subscribed = await ctx.call(sub, 'POST', '/subscription', { planId });
  expect(subscribed.json().subStatus).toBe('active');
  const appId = await insertApplication(ctx, userId, sub, {
    id: `app_${sub}`,
    host: `${sub}.example`,
    slug: sub.replaceAll('_', '-'),
  });
  return { userId, appId };
}

/**
 * Stores `count` live web orders of an application in bulk, a millisecond apart from `at` (by
 * default now: after the plan started, from when the excess counts).
 */
function addOrders(appId: string, count: number, at = new Date()): Promise<number[]> {
  return insertBulkOrders(ctx, appId, count, { at, totalCents: 500 });
}

/** What Stripe's meter summed for the customer over the last two days. */
async function meteredUsage(customer: string): Promise<number> {
  const now = Math.floor(Date.now() / 1000);
  const summaries = await ctx.stripe.billing.meters.listEventSummaries(METER, {
    customer,
    start_time: now - 2 * 86_400,
    end_time: now + 3600,
  });
  return summaries.data.reduce((sum, s) => sum + s.aggregated_value, 0);
}

describe('metered usage of excess orders', () => {
  it('reports each order of a paid plan beyond `included` once, whatever the runs', async () => {
    const { userId, appId } = await ownerOn('usr_meter_basics', PLAN_IDS.basics);
    const customer = await stripeCustomerOf(ctx, userId);
    // Basics includes 100 a month; last month's orders do not count.
    await addOrders(appId, 20, new Date(Date.now() - 40 * 86_400_000));
    await addOrders(appId, 103);
    const first = await reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log);
    expect(first).toMatchObject({ reported: 3, failed: 0 });
    expect(await meteredUsage(customer)).toBe(3);

    const again = await reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log);
    expect(again).toEqual({ queued: 0, reported: 0, failed: 0 });
    expect(await meteredUsage(customer)).toBe(3);

    // Two more orders: only those two go out, also from two instances running at once.
    await addOrders(appId, 2, new Date(Date.now() + 1000));
    const runs = await Promise.all([
      reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log),
      reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log),
    ]);
    expect(runs[0].reported + runs[1].reported).toBe(2);
    expect(await meteredUsage(customer)).toBe(5);
    const reports = await ctx.app.repos.usage.reportsOf(userId);
    expect(reports).toHaveLength(5);
    expect(reports.every((r) => r.reportedAt !== null)).toBe(true);
  });

  it('reports nothing for a free plan or a paid plan within `included`', async () => {
    const trialId = await signUpOnFreePlan(ctx, 'usr_meter_trial');
    const trialApp = `app_trial_${trialId}`;
    await ctx.database.db
      .insertInto('applications')
      .values({
        id: trialApp,
        user_id: trialId,
        name: 'Trial store',
        home_url: 'https://trial.example',
        home_url_key: 'trial.example',
        slug: 'trial-meter',
        auth_type: 'keys',
        is_verified_auth: 0,
        key_id: null,
        consumer_key_enc: null,
        consumer_secret_enc: null,
        wp_user: null,
        auth_token_hash: null,
        auth_token_expires_at: null,
        auth_return_path: null,
        created_at: new Date().toISOString(),
        updated_at: new Date().toISOString(),
      })
      .execute();
    await addOrders(trialApp, 60);
    const { userId, appId } = await ownerOn('usr_meter_within', PLAN_IDS.plus);
    await addOrders(appId, 500);
    await reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log);
    expect(await ctx.app.repos.usage.reportsOf(trialId)).toEqual([]);
    expect(await ctx.app.repos.usage.reportsOf(userId)).toEqual([]);
  });

  it('leaves a report pending when the payments API fails, and sends it on a later run', async () => {
    const { userId, appId } = await ownerOn('usr_meter_retry', PLAN_IDS.basics);
    const customer = await stripeCustomerOf(ctx, userId);
    await addOrders(appId, 101);
    // Nothing listens on port 9 of this machine: the SDK's call fails on the network.
    const down = new Stripe('sk_test_down', {
      host: '127.0.0.1',
      port: 9,
      protocol: 'http',
      maxNetworkRetries: 0,
    });
    const failed = await reportExcessUsage(ctx.app.repos, down, ctx.app.log);
    expect(failed).toMatchObject({ reported: 0, failed: 1 });
    const [pending] = await ctx.app.repos.usage.reportsOf(userId);
    expect(pending).toMatchObject({ reportedAt: null, attempts: 1 });
    expect(pending?.lastError).toBeTruthy();
    expect(await meteredUsage(customer)).toBe(0);

    // Due again after its backoff (a run a few minutes later).
    const later = new Date(Date.now() + 5 * 60_000);
    const retried = await reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log, later);
    expect(retried).toMatchObject({ reported: 1, failed: 0 });
    expect(await meteredUsage(customer)).toBe(1);
  });

  it('marks a report Stripe already has (its answer was lost) as reported, counted once', async () => {
    const { userId, appId } = await ownerOn('usr_meter_lost', PLAN_IDS.basics);
    const customer = await stripeCustomerOf(ctx, userId);
    await addOrders(appId, 101);
    const now = new Date();
    const start = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1));
    const end = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, 1));
    await ctx.app.repos.usage.enqueueExcess(
      start.toISOString(),
      end.toISOString(),
      now.toISOString(),
      userId,
    );
    const [queued] = await ctx.app.repos.usage.reportsOf(userId);
    await ctx.stripe.billing.meterEvents.create({
      event_name: EXCESS_ORDERS_EVENT,
      payload: { stripe_customer_id: customer, value: '1' },
      identifier: meterEventIdentifier({ userId, ...queued! }),
    });
    const run = await reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log);
    expect(run).toMatchObject({ reported: 1, failed: 0 });
    expect(await meteredUsage(customer)).toBe(1);
  });
});

/** The UTC month start `months` months from now's. */
function monthFromNow(months: number, days = 0): Date {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + months, 1 + days));
}

/** A store order as a delivery brings it, created at `at`. */
function storeOrder(storeOrderId: number, at: Date): OrderFields {
  const iso = at.toISOString();
  // Cast: the optional station name is not part of what this test cares about.
  return {
    storeOrderId,
    status: 'completed',
    totalCents: 700,
    currency: 'USD',
    createdAt: iso,
    modifiedAt: iso,
    channel: 'web',
    stationPosId: null,
    cashierWpUserId: null,
    cashierName: null,
  } as OrderFields;
}

describe('metered usage after the review of issue 12 §4', () => {
  it('skips a queued excess order deleted before it was sent, and a deletion makes no other order excess', async () => {
    const { userId, appId } = await ownerOn('usr_meter_trash', PLAN_IDS.basics);
    const customer = await stripeCustomerOf(ctx, userId);
    const ids = await addOrders(appId, 101);
    expect(await reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log)).toMatchObject({
      reported: 1,
    });
    // One of the 100 included is trashed and one new order comes: still one real excess.
    await ctx.app.repos.orders.markDeleted(appId, ids[10]!);
    const [late] = await addOrders(appId, 1, new Date(Date.now() + 1000));
    expect(await reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log)).toEqual({
      queued: 0,
      reported: 0,
      failed: 0,
    });
    // Another order is queued as excess, then trashed before the reporter claims it.
    const [queuedId] = await addOrders(appId, 1, new Date(Date.now() + 2000));
    const monthEnd = monthFromNow(1).toISOString();
    expect(
      await ctx.app.repos.usage.enqueueExcess(
        monthFromNow(0).toISOString(),
        monthEnd,
        new Date().toISOString(),
        userId,
      ),
    ).toBe(1);
    await ctx.app.repos.orders.markDeleted(appId, queuedId!);
    expect(await reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log)).toMatchObject({
      queued: 0,
      reported: 0,
    });
    expect(await meteredUsage(customer)).toBe(1);
    const reports = await ctx.app.repos.usage.reportsOf(userId);
    expect(reports.map((r) => [r.storeOrderId, r.status])).toEqual([
      [ids[100], 'reported'],
      [queuedId, 'skipped'],
    ]);
    expect(late).toBeGreaterThan(ids[100]!);
  });

  it("still reports last month's late excess during the first days of a month, not after", async () => {
    const { userId, appId } = await ownerOn('usr_meter_rollover', PLAN_IDS.basics);
    const customer = await stripeCustomerOf(ctx, userId);
    // This month's orders, seen by runs of next month: a late arrival nothing reported yet.
    await addOrders(appId, 101);
    const afterGrace = await reportExcessUsage(
      ctx.app.repos,
      ctx.stripe,
      ctx.app.log,
      monthFromNow(1, 5),
    );
    expect(afterGrace.queued).toBe(0);
    expect(await ctx.app.repos.usage.reportsOf(userId)).toEqual([]);
    await reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log, monthFromNow(1, 1));
    const [report] = await ctx.app.repos.usage.reportsOf(userId);
    expect(report).toMatchObject({ status: 'reported' });
    expect(await meteredUsage(customer)).toBe(1);
  });

  it('queues nothing for a paid plan without a Stripe customer (granted by an admin)', async () => {
    const { userId, appId } = await ownerOn('usr_meter_granted', PLAN_IDS.basics);
    await ctx.database.db.deleteFrom('billing_customers').where('user_id', '=', userId).execute();
    await addOrders(appId, 120);
    const run = await reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log);
    expect(run.failed).toBe(0);
    expect(await ctx.app.repos.usage.reportsOf(userId)).toEqual([]);
  });

  it('marks a report Stripe refuses as an invalid request failed for good, never tried again', async () => {
    const { userId, appId } = await ownerOn('usr_meter_refused', PLAN_IDS.basics);
    await addOrders(appId, 100);
    // Ten minutes ahead: outside the meter's window (up to 5 minutes in the future).
    const [refusedId] = await addOrders(appId, 1, new Date(Date.now() + 10 * 60_000));
    const run = await reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log);
    expect(run).toMatchObject({ queued: 1, failed: 1 });
    const [failed] = await ctx.app.repos.usage.reportsOf(userId);
    expect(failed).toMatchObject({ storeOrderId: refusedId, status: 'failed', attempts: 1 });
    expect(failed?.lastError).toMatch(/timestamp/);
    // Hours later nothing is due, and no other order replaces it.
    const later = await reportExcessUsage(
      ctx.app.repos,
      ctx.stripe,
      ctx.app.log,
      new Date(Date.now() + 3 * 3_600_000),
    );
    expect(later).toEqual({ queued: 0, reported: 0, failed: 0 });
    expect(await ctx.app.repos.usage.reportsOf(userId)).toHaveLength(1);
  });

  it("after a downgrade mid-month counts the excess from the new plan's start only", async () => {
    const { userId, appId } = await ownerOn('usr_meter_downgrade', PLAN_IDS.plus);
    const customer = await stripeCustomerOf(ctx, userId);
    // 150 orders on Plus (500 included), then Basics (100 included) and 101 more.
    await addOrders(appId, 150, new Date(Date.now() - 60_000));
    const basics = await ctx.call('usr_meter_downgrade', 'POST', '/subscription', {
      planId: PLAN_IDS.basics,
    });
    expect(basics.statusCode).toBe(200);
    await addOrders(appId, 101, new Date(Date.now() + 1000));
    const run = await reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log);
    expect(run).toMatchObject({ reported: 1, failed: 0 });
    expect(await meteredUsage(customer)).toBe(1);
  });

  it('keeps the count of a deleted application, and a reconnected store reports nothing twice', async () => {
    const sub = 'usr_meter_reconnect';
    const { userId, appId } = await ownerOn(sub, PLAN_IDS.basics);
    const customer = await stripeCustomerOf(ctx, userId);
    const start = Date.now();
    const orders = Array.from({ length: 101 }, (_, i) => storeOrder(5000 + i, new Date(start + i)));
    for (const order of orders) await ctx.app.repos.orders.upsert(appId, order);
    expect(await reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log)).toMatchObject({
      reported: 1,
    });
    const monthStart = monthFromNow(0).toISOString();
    expect(await ctx.app.repos.usage.ordersOf(userId, monthStart)).toBe(101);

    const deleted = await ctx.call(sub, 'DELETE', `/applications/${appId}`);
    expect(deleted.statusCode).toBeLessThan(300);
    expect(await ctx.app.repos.orders.list(appId)).toEqual([]);
    expect(await ctx.app.repos.usage.ordersOf(userId, monthStart)).toBe(101);
    expect(await ctx.app.repos.usage.ordersOf(userId, null)).toBe(101);

    // The same store connected again (a new application) backfills the same orders.
    const again = `${appId}_again`;
    const row = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('id', '=', userId)
      .executeTakeFirstOrThrow();
    await insertApplication(ctx, row.id, 'Again', {
      id: again,
      host: `${sub}.example`,
      slug: `${sub.replaceAll('_', '-')}-again`,
    });
    for (const order of orders) await ctx.app.repos.orders.upsert(again, order);
    expect(await ctx.app.repos.usage.ordersOf(userId, monthStart)).toBe(101);
    expect(await reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log)).toEqual({
      queued: 0,
      reported: 0,
      failed: 0,
    });
    expect(await meteredUsage(customer)).toBe(1);
    expect(await ctx.app.repos.usage.reportsOf(userId)).toHaveLength(1);
  });
});

describe('the usage report job', () => {
  it('stopped at once, never starts its first run', async () => {
    const { userId, appId } = await ownerOn('usr_meter_job_cancel', PLAN_IDS.basics);
    await addOrders(appId, 101);
    const stop = startUsageReportJob(ctx.app.repos, ctx.stripe, ctx.app.log, 3_600_000);
    await stop();
    await new Promise((resolve) => setImmediate(resolve));
    expect(await ctx.app.repos.usage.reportsOf(userId)).toEqual([]);
  });

  it('waits on stop for the run in progress to finish writing', async () => {
    const { userId, appId } = await ownerOn('usr_meter_job_wait', PLAN_IDS.basics);
    await addOrders(appId, 101);
    // A payments API that answers its first call only after 300 ms, with a server error.
    let called: () => void = () => undefined;
    const reached = new Promise<void>((resolve) => (called = resolve));
    const slow = http.createServer((_req, res) => {
      called();
      const body = JSON.stringify({ error: { type: 'api_error', message: 'Try again later.' } });
      setTimeout(() => res.writeHead(500, { 'content-type': 'application/json' }).end(body), 300);
    });
    await new Promise<void>((resolve) => slow.listen(0, '127.0.0.1', resolve));
    try {
      const stripe = new Stripe('sk_test_slow', {
        host: '127.0.0.1',
        port: (slow.address() as AddressInfo).port,
        protocol: 'http',
        maxNetworkRetries: 0,
      });
      const stop = startUsageReportJob(ctx.app.repos, stripe, ctx.app.log, 3_600_000);
      await reached;
      await stop();
      // The failure was written before stop resolved: a closed database would have lost it.
      const [report] = await ctx.app.repos.usage.reportsOf(userId);
      expect(report).toMatchObject({ reportedAt: null, attempts: 1 });
    } finally {
      slow.close();
    }
  });
});
