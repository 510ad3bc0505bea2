import { PLAN_IDS } from '../../../src/db/plans';
import { freePlanIdFor } from '../../../src/repositories/plans';
import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

async function userId(
  sub: string,
  role: 'manager' | 'other' = 'manager',
  withPlan = true,
): Promise<string> {
  await ctx.app.inject({
    method: 'GET',
    url: '/api/connect-ui/user-data',
    headers: await ctx.bearer(asUser(sub)),
  });
  const { id } = await ctx.database.db
    .selectFrom('users')
    .select('id')
    .where('sub', '=', sub)
    .executeTakeFirstOrThrow();
  await ctx.database.db
    .updateTable('users')
    .set({ user_role: role })
    .where('id', '=', id)
    .execute();
  // New users start without a plan (spec 2.2); most tests here want the role's free plan.
  if (withPlan) await ctx.app.repos.plans.subscribeIfNone(id, freePlanIdFor(role));
  return id;
}

const monitor = async (sub: string, query = '') =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/connect-ui/subscription-monitor${query}`,
    headers: await ctx.bearer(asUser(sub)),
  });

describe('GET /subscription-monitor', () => {
  it('returns the current plan with every field of spec 3', async () => {
    await userId('usr_trial');
    const response = await monitor('usr_trial');
    expect(response.json()).toEqual({
      plan: {
        id: PLAN_IDS.trial,
        name: 'Trial',
        accessType: 'public',
        roleType: 'manager',
        isFree: true,
        isManagerPlan: true,
        perMonth: 0,
        upTo: 50,
        included: 50,
        perExcess: 0,
        cancelDate: null,
        pastDueInvoices: [],
      },
      isHavePaymentMethod: false,
      usage: {
        orders: 0,
        limit: 50,
        period: 'total',
        reached: false,
        included: 50,
        excess: 0,
        excessAmount: 0,
      },
    });
  });

  it('returns null without a plan, and leaves it so without freeSubAutoCreate', async () => {
    await userId('usr_none', 'manager', false);
    expect((await monitor('usr_none')).json()).toEqual({
      plan: null,
      isHavePaymentMethod: false,
      usage: null,
    });
    expect((await monitor('usr_none', '?freeSubAutoCreate=false')).json().plan).toBeNull();
  });

  it('subscribes a manager without a plan to Trial when freeSubAutoCreate=true', async () => {
    await userId('usr_auto_manager', 'manager', false);
    const response = await monitor('usr_auto_manager', '?freeSubAutoCreate=true');
    expect(response.json().plan).toMatchObject({ name: 'Trial', isFree: true });
    expect((await monitor('usr_auto_manager')).json().plan.name).toBe('Trial');
  });

  it('subscribes another user without a plan to Cashier when freeSubAutoCreate=true', async () => {
    await userId('usr_auto_cashier', 'other', false);
    const response = await monitor('usr_auto_cashier', '?freeSubAutoCreate=true');
    expect(response.json().plan).toMatchObject({
      name: 'Cashier',
      roleType: 'cashier',
      isManagerPlan: false,
    });
  });

  it('keeps an existing paid plan when freeSubAutoCreate=true', async () => {
    const id = await userId('usr_paid');
    await ctx.database.db
      .updateTable('subscriptions')
      .set({ plan_id: PLAN_IDS.pro })
      .where('user_id', '=', id)
      .execute();
    expect((await monitor('usr_paid', '?freeSubAutoCreate=true')).json().plan.name).toBe('Pro');
  });

  it('refuses an unknown query flag', async () => {
    const response = await monitor('usr_trial', '?other=true');
    expect(response.statusCode).toBe(400);
  });
});

describe('GET /subscription-plans', () => {
  const names = async (sub: string) => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/subscription-plans',
      headers: await ctx.bearer(asUser(sub)),
    });
    return (response.json() as { plans: { name: string }[] }).plans.map((p) => p.name);
  };

  it('lists the public plans', async () => {
    expect(await names('usr_public')).toEqual([
      'Trial',
      'Basics',
      'Cloud POS',
      'Plus',
      'Pro',
      'Cashier',
    ]);
  });

  it('adds a private plan for the user it is offered to only', async () => {
    const id = await userId('usr_vip');
    await ctx.app.repos.plans.grant(id, PLAN_IDS.private);
    expect(await names('usr_vip')).toContain('Private');
    expect(await names('usr_public')).not.toContain('Private');
  });

  it('gives the prices of spec 9', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/subscription-plans',
      headers: await ctx.bearer(asUser('usr_public')),
    });
    const plans = (
      response.json() as {
        plans: {
          name: string;
          perMonth: number;
          included: number;
          upTo: number | null;
          perExcess: number;
        }[];
      }
    ).plans;
    const pro = plans.find((p) => p.name === 'Pro');
    expect(pro).toMatchObject({ perMonth: 79, included: 2000, upTo: null, perExcess: 0.03 });
    expect(plans.find((p) => p.name === 'Basics')).toMatchObject({
      perMonth: 19,
      included: 100,
      upTo: 1000,
      perExcess: 0.05,
    });
  });
});

describe('billing without Stripe configured', () => {
  it('answers 503 on the billing routes and keeps the plan reads working', async () => {
    await userId('usr_no_stripe');
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/subscription',
      headers: await ctx.bearer(asUser('usr_no_stripe')),
      payload: { planId: PLAN_IDS.pro },
    });
    expect(response.statusCode).toBe(503);
    expect(response.json().message).toBe('Payments are not configured on this server.');
    expect((await monitor('usr_no_stripe')).statusCode).toBe(200);
  });

  it('lets a new user (no plan yet) choose the free plan', async () => {
    await userId('usr_no_stripe_new', 'manager', false);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/subscription',
      headers: await ctx.bearer(asUser('usr_no_stripe_new')),
      payload: { planId: PLAN_IDS.trial },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ subStatus: 'trialing', plan: { name: 'Trial' } });
    expect((await monitor('usr_no_stripe_new')).json().plan.name).toBe('Trial');
  });
});
