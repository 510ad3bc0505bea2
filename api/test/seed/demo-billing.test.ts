import { PLAN_IDS } from '../../src/db/plans';
import { seedDemo } from '../../src/seed/demo';
import { subscribeDemoManager } from '../../src/seed/demo-billing';
import type { BillingContext } from '../helpers/payments';
import { createBillingContext, stripeCustomerOf } from '../helpers/payments';

let ctx: BillingContext;
beforeAll(async () => {
  ctx = await createBillingContext();
});
afterAll(() => ctx.close());

describe('the demo manager on a paid plan', () => {
  it('is subscribed to Basics with the test card on the first start, and left alone after', async () => {
    await seedDemo(ctx.database.db);
    const manager = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('sub', '=', 'usr_demo_manager')
      .executeTakeFirstOrThrow();
    expect((await ctx.app.repos.plans.current(manager.id))?.id).toBe(PLAN_IDS.trial);

    const run = () =>
      subscribeDemoManager(
        ctx.database.db,
        ctx.app.repos,
        ctx.stripe,
        ctx.config.payments?.webhookSecret ?? '',
        ctx.app.log,
      );
    await run();
    expect((await ctx.app.repos.plans.current(manager.id))?.id).toBe(PLAN_IDS.basics);
    const customer = await stripeCustomerOf(ctx, manager.id);
    const subscriptions = await ctx.stripe.subscriptions.list({ customer });
    expect(subscriptions.data.map((s) => s.status)).toEqual(['active']);
    const monitor = await ctx.call('usr_demo_manager', 'GET', '/subscription-monitor');
    expect(monitor.json()).toMatchObject({
      plan: { name: 'Basics' },
      isHavePaymentMethod: true,
      usage: { period: 'month', limit: 1000, reached: false },
    });

    // A later start (the manager may have changed plans meanwhile) changes nothing.
    await ctx.database.db
      .updateTable('subscriptions')
      .set({ plan_id: PLAN_IDS.plus })
      .where('user_id', '=', manager.id)
      .execute();
    await run();
    expect((await ctx.app.repos.plans.current(manager.id))?.id).toBe(PLAN_IDS.plus);
    expect((await ctx.stripe.subscriptions.list({ customer })).data).toHaveLength(1);
  });
});
