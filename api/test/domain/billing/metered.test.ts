import http from 'node:http';
import type { AddressInfo } from 'node:net';
import Stripe from 'stripe';
import { PLAN_IDS } from '../../../src/db/plans';
import {
  EXCESS_ORDERS_EVENT,
  reportExcessUsage,
  startUsageReportJob,
} from '../../../src/domain/billing/metered';
import type { BillingContext } from '../../helpers/payments';
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
  const now = new Date().toISOString();
  const appId = `app_${sub}`;
  await ctx.database.db
    .insertInto('applications')
    .values({
      id: appId,
      user_id: userId,
      name: sub,
      home_url: `https://${sub}.example`,
      home_url_key: `${sub}.example`,
      slug: sub.replaceAll('_', '-'),
      auth_type: 'keys',
      is_verified_auth: 0,
      key_id: null,
      consumer_key_enc: null,
      consumer_secret_enc: null,
      wp_user: null,
      auth_token_hash: null,
      auth_token_expires_at: null,
      auth_return_path: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return { userId, appId };
}

let storeOrderId = 0;
/** Stores `count` live web orders of an application in bulk, a millisecond apart before `at`. */
async function addOrders(appId: string, count: number, at = new Date()): Promise<void> {
  const rows = Array.from({ length: count }, (_, i) => {
    const iso = new Date(at.getTime() - 60_000 + i).toISOString();
    storeOrderId += 1;
    return {
      id: `ord_${appId}_${storeOrderId}`,
      application_id: appId,
      store_order_id: storeOrderId,
      status: 'completed',
      total_cents: 500,
      currency: 'USD',
      created_at: iso,
      modified_at: iso,
      channel: 'web',
      station_pos_id: null,
      cashier_wp_user_id: null,
      cashier_name: null,
    };
  });
  for (let start = 0; start < rows.length; start += 500) {
    await ctx.database.db
      .insertInto('orders')
      .values(rows.slice(start, start + 500))
      .execute();
  }
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
    await ctx.app.repos.usage.enqueueExcess(
      new Date(Date.UTC(new Date().getUTCFullYear(), new Date().getUTCMonth(), 1)).toISOString(),
      new Date().toISOString(),
      userId,
    );
    const [queued] = await ctx.app.repos.usage.reportsOf(userId);
    await ctx.stripe.billing.meterEvents.create({
      event_name: EXCESS_ORDERS_EVENT,
      payload: { stripe_customer_id: customer, value: '1' },
      identifier: `order_${queued?.orderId ?? ''}`,
    });
    const run = await reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log);
    expect(run).toMatchObject({ reported: 1, failed: 0 });
    expect(await meteredUsage(customer)).toBe(1);
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
