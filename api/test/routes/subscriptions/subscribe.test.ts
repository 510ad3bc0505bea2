import { PLAN_IDS } from '../../../src/db/plans';
import type { BillingContext } from '../../helpers/payments';
import { createBillingContext, newCard, signUpOnFreePlan } from '../../helpers/payments';

let ctx: BillingContext;
beforeAll(async () => {
  ctx = await createBillingContext();
});
afterAll(() => ctx.close());

const signUp = (sub: string, role: 'manager' | 'other' = 'manager') =>
  signUpOnFreePlan(ctx, sub, role);

async function addCard(sub: string, token = 'tok_visa'): Promise<string> {
  const response = await ctx.call(sub, 'POST', '/payment-method', {
    paymentMethodId: await newCard(ctx.stripe, token),
  });
  expect(response.statusCode).toBe(200);
  return response.json().card.id;
}

const subscribe = (sub: string, planId: string, promoCodeId?: string | null) =>
  ctx.call(sub, 'POST', '/subscription', {
    planId,
    ...(promoCodeId !== undefined ? { promoCodeId } : {}),
  });

const plan = async (sub: string) =>
  (await ctx.call(sub, 'GET', '/subscription-monitor')).json().plan;

async function stripeSubscriptions(userId: string) {
  const row = await ctx.database.db
    .selectFrom('billing_customers')
    .select('stripe_customer_id')
    .where('user_id', '=', userId)
    .executeTakeFirst();
  if (!row) return [];
  return (await ctx.stripe.subscriptions.list({ customer: row.stripe_customer_id, status: 'all' }))
    .data;
}

describe('POST /subscription', () => {
  it('asks for a card before a paid plan, and stores nothing', async () => {
    const id = await signUp('usr_sub_nocard');
    const response = await subscribe('usr_sub_nocard', PLAN_IDS.pro);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Add a payment method to subscribe to a paid plan.');
    expect((await plan('usr_sub_nocard')).name).toBe('Trial');
    expect(await stripeSubscriptions(id)).toEqual([]);
  });

  it('subscribes to a paid plan with the default card', async () => {
    const id = await signUp('usr_sub_pro');
    await addCard('usr_sub_pro');
    const response = await subscribe('usr_sub_pro', PLAN_IDS.pro, null);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      subStatus: 'active',
      plan: { id: PLAN_IDS.pro, name: 'Pro', cancelDate: null, pastDueInvoices: [] },
    });
    expect((await plan('usr_sub_pro')).name).toBe('Pro');
    const onStripe = await stripeSubscriptions(id);
    expect(onStripe).toHaveLength(1);
    expect(onStripe[0]!.items.data[0]!.price.lookup_key).toBe('plan_pro_monthly');
  });

  it('makes one Stripe subscription for the same request sent twice at once', async () => {
    const id = await signUp('usr_sub_twice');
    await addCard('usr_sub_twice');
    const [first, second] = await Promise.all([
      subscribe('usr_sub_twice', PLAN_IDS.plus),
      subscribe('usr_sub_twice', PLAN_IDS.plus),
    ]);
    expect([first.statusCode, second.statusCode]).toEqual([200, 200]);
    expect(first.json().plan.name).toBe('Plus');
    expect(second.json().plan.name).toBe('Plus');
    expect(await stripeSubscriptions(id)).toHaveLength(1);
    // Asked again later, the same plan is an update of that subscription, not a second one.
    expect((await subscribe('usr_sub_twice', PLAN_IDS.plus)).json().subStatus).toBe('updated');
    expect(await stripeSubscriptions(id)).toHaveLength(1);
  });

  it('makes one Stripe subscription for two different paid plans asked at once', async () => {
    const id = await signUp('usr_sub_race');
    await addCard('usr_sub_race');
    const answers = await Promise.all([
      subscribe('usr_sub_race', PLAN_IDS.basics),
      subscribe('usr_sub_race', PLAN_IDS.pro),
    ]);
    // The later one either meets the first's key (409) or, if the first was already stored,
    // changes that subscription (200): never a second subscription.
    expect(answers.some((a) => a.statusCode === 200)).toBe(true);
    for (const answer of answers.filter((a) => a.statusCode !== 200)) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json().message).toBe('Another plan change is in progress. Please try again.');
    }
    await ctx.webhooksIdle();
    const live = (await stripeSubscriptions(id)).filter((s) => s.status !== 'canceled');
    expect(live).toHaveLength(1);
  });

  it('subscribes to another plan with a new card after a declined one', async () => {
    await signUp('usr_sub_retry');
    await addCard('usr_sub_retry', 'tok_chargeCustomerFail');
    expect((await subscribe('usr_sub_retry', PLAN_IDS.basics)).statusCode).toBe(400);
    const good = await addCard('usr_sub_retry', 'tok_mastercard');
    const made = await ctx.call('usr_sub_retry', 'PUT', '/payment-method', {
      paymentMethodId: good,
    });
    expect(made.statusCode).toBe(200);
    const response = await subscribe('usr_sub_retry', PLAN_IDS.pro);
    expect(response.statusCode).toBe(200);
    expect(response.json().plan.name).toBe('Pro');
    // The same plan again with the good card is not the declined answer replayed.
    const again = await subscribe('usr_sub_retry', PLAN_IDS.pro);
    expect(again.statusCode).toBe(200);
  });

  it('changes a subscription Stripe has but the database lost track of, rather than making a second', async () => {
    const id = await signUp('usr_sub_lost');
    await addCard('usr_sub_lost');
    await subscribe('usr_sub_lost', PLAN_IDS.basics);
    await ctx.webhooksIdle();
    await ctx.database.db
      .updateTable('subscriptions')
      .set({ plan_id: PLAN_IDS.trial, stripe_subscription_id: null, stripe_status: null })
      .where('user_id', '=', id)
      .execute();
    const again = await subscribe('usr_sub_lost', PLAN_IDS.pro);
    expect(again.json()).toMatchObject({ subStatus: 'updated', plan: { name: 'Pro' } });
    const onStripe = await stripeSubscriptions(id);
    expect(onStripe.filter((s) => s.status !== 'canceled')).toHaveLength(1);
  });

  it("answers a card declined at the charge in Stripe's words, and stores nothing", async () => {
    const id = await signUp('usr_sub_declined');
    await addCard('usr_sub_declined', 'tok_chargeCustomerFail');
    const response = await subscribe('usr_sub_declined', PLAN_IDS.basics);
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe('Your card was declined.');
    expect((await plan('usr_sub_declined')).name).toBe('Trial');
    const row = await ctx.database.db
      .selectFrom('subscriptions')
      .select(['plan_id', 'stripe_subscription_id'])
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ plan_id: PLAN_IDS.trial, stripe_subscription_id: null });
    expect(await stripeSubscriptions(id)).toEqual([]);
  });

  it('moves a subscription to another plan with prorations charged now', async () => {
    const id = await signUp('usr_sub_change');
    await addCard('usr_sub_change');
    expect((await subscribe('usr_sub_change', PLAN_IDS.basics)).json().subStatus).toBe('active');
    const changed = await subscribe('usr_sub_change', PLAN_IDS.pro);
    expect(changed.statusCode).toBe(200);
    expect(changed.json()).toMatchObject({ subStatus: 'updated', plan: { name: 'Pro' } });
    const [subscription] = await stripeSubscriptions(id);
    expect(subscription!.items.data[0]!.price.lookup_key).toBe('plan_pro_monthly');
    const invoices = await ctx.stripe.invoices.list({ subscription: subscription!.id });
    const proration = invoices.data.find((invoice) =>
      invoice.lines.data.some((line) => line.parent?.subscription_item_details?.proration),
    );
    expect(proration).toBeDefined();
    expect(proration!.status).toBe('paid');
    // The difference for the rest of the month: more than nothing, less than a full Pro month.
    expect(proration!.amount_paid).toBeGreaterThan(0);
    expect(proration!.amount_paid).toBeLessThanOrEqual(7900 - 1900);
  });

  it('cancels a paid plan to the free one at the end of the period (cancelDate)', async () => {
    const id = await signUp('usr_sub_cancel');
    await addCard('usr_sub_cancel');
    await subscribe('usr_sub_cancel', PLAN_IDS.basics);
    const response = await subscribe('usr_sub_cancel', PLAN_IDS.trial);
    expect(response.statusCode).toBe(200);
    const [subscription] = await stripeSubscriptions(id);
    expect(subscription!.cancel_at_period_end).toBe(true);
    const periodEnd = new Date(
      subscription!.items.data[0]!.current_period_end * 1000,
    ).toISOString();
    expect(response.json()).toMatchObject({
      subStatus: 'updated',
      plan: { name: 'Basics', cancelDate: periodEnd },
    });
    expect((await plan('usr_sub_cancel')).cancelDate).toBe(periodEnd);
    // Choosing the paid plan again keeps it: the pending cancellation is dropped.
    const kept = await subscribe('usr_sub_cancel', PLAN_IDS.basics);
    expect(kept.json()).toMatchObject({
      subStatus: 'updated',
      plan: { name: 'Basics', cancelDate: null },
    });
  });

  it('makes a cashier who subscribes to a manager plan a manager', async () => {
    const id = await signUp('usr_sub_cashier', 'other');
    await addCard('usr_sub_cashier');
    const response = await subscribe('usr_sub_cashier', PLAN_IDS.basics);
    expect(response.statusCode).toBe(200);
    const settings = await ctx.call('usr_sub_cashier', 'GET', '/user-settings');
    expect(settings.json().userRole).toBe('manager');
    const row = await ctx.database.db
      .selectFrom('users')
      .select('user_role')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.user_role).toBe('manager');
  });

  it('lets a cashier stay on the free Cashier plan, and keeps a manager off it', async () => {
    await signUp('usr_sub_free_cashier', 'other');
    const cashier = await subscribe('usr_sub_free_cashier', PLAN_IDS.cashier);
    expect(cashier.json()).toMatchObject({ subStatus: 'active', plan: { name: 'Cashier' } });
    expect((await ctx.call('usr_sub_free_cashier', 'GET', '/user-settings')).json().userRole).toBe(
      'other',
    );
    await signUp('usr_sub_free_manager');
    const manager = await subscribe('usr_sub_free_manager', PLAN_IDS.cashier);
    expect(manager.statusCode).toBe(400);
    expect((await plan('usr_sub_free_manager')).name).toBe('Trial');
  });

  it('refuses a banned account with 402 on every write, and lets it read', async () => {
    const id = await signUp('usr_sub_banned');
    await ctx.database.db
      .updateTable('users')
      .set({ block: 'block' })
      .where('id', '=', id)
      .execute();
    const writes: Array<[string, string, object | undefined]> = [
      ['POST', '/subscription', { planId: PLAN_IDS.trial }],
      ['POST', '/payment-method', { paymentMethodId: 'pm_card_visa' }],
      ['PUT', '/payment-method', { paymentMethodId: 'pm_card_visa' }],
      ['DELETE', '/payment-methods/pm_card_visa', undefined],
      ['POST', '/promotion-code', { promoCode: 'WELCOME10', planId: PLAN_IDS.pro }],
    ];
    for (const [method, url, payload] of writes) {
      const response = await ctx.call('usr_sub_banned', method as 'POST', url, payload);
      expect([method, url, response.statusCode]).toEqual([method, url, 402]);
    }
    expect((await ctx.call('usr_sub_banned', 'GET', '/payment-methods')).statusCode).toBe(200);
    expect(
      (await ctx.call('usr_sub_banned', 'GET', `/promotion-code/active?planId=${PLAN_IDS.pro}`))
        .statusCode,
    ).toBe(200);
  });

  it('validates the body, and answers 404 for a plan the caller cannot choose', async () => {
    await signUp('usr_sub_bad');
    for (const body of [
      {},
      { planId: '' },
      { planId: PLAN_IDS.pro, extra: 1 },
      { planId: PLAN_IDS.pro, promoCodeId: 'WELCOME10' },
      { planId: 42 },
    ]) {
      const response = await ctx.call('usr_sub_bad', 'POST', '/subscription', body);
      expect([body, response.statusCode]).toEqual([body, 400]);
    }
    expect((await subscribe('usr_sub_bad', 'plan_nope')).statusCode).toBe(404);
    // A private plan offered to someone else.
    expect((await subscribe('usr_sub_bad', PLAN_IDS.private)).statusCode).toBe(404);
  });
});

describe('promo codes', () => {
  it('applies WELCOME10 to Pro (trimmed, any case) and FIVEOFF as a fixed discount', async () => {
    await signUp('usr_promo');
    const welcome = await ctx.call('usr_promo', 'POST', '/promotion-code', {
      promoCode: '  welcome10 ',
      planId: PLAN_IDS.pro,
    });
    expect(welcome.statusCode).toBe(200);
    expect(welcome.json()).toEqual({
      status: 'success',
      message: null,
      promo: {
        type: 'percent',
        value: 10,
        duration: 3,
        code: 'WELCOME10',
        promoCodeId: expect.stringMatching(/^promo_/),
        planId: PLAN_IDS.pro,
        info: expect.any(String),
      },
    });
    const five = await ctx.call('usr_promo', 'POST', '/promotion-code', {
      promoCode: 'FIVEOFF',
      planId: PLAN_IDS.basics,
    });
    expect(five.json().promo).toMatchObject({
      type: 'fixed',
      value: 5,
      duration: 1,
      code: 'FIVEOFF',
    });
  });

  it("answers status 'error' for a code that cannot be used", async () => {
    await signUp('usr_promo_bad');
    const unknown = await ctx.call('usr_promo_bad', 'POST', '/promotion-code', {
      promoCode: 'NOPE',
      planId: PLAN_IDS.pro,
    });
    expect(unknown.statusCode).toBe(200);
    expect(unknown.json()).toEqual({
      status: 'error',
      message: 'This promo code is not valid.',
      promo: null,
    });
    await ctx.control('promotion-codes', {
      code: 'GONE50',
      percent_off: 50,
      expires_at: Math.floor(Date.now() / 1000) + 1,
    });
    await new Promise((resolve) => setTimeout(resolve, 1500));
    const expired = await ctx.call('usr_promo_bad', 'POST', '/promotion-code', {
      promoCode: 'GONE50',
      planId: PLAN_IDS.pro,
    });
    expect(expired.json().status).toBe('error');
    const free = await ctx.call('usr_promo_bad', 'POST', '/promotion-code', {
      promoCode: 'WELCOME10',
      planId: PLAN_IDS.trial,
    });
    expect(free.json()).toEqual({
      status: 'error',
      message: 'Promo codes apply to paid plans only.',
      promo: null,
    });
  });

  it('validates the promo code body and query', async () => {
    await signUp('usr_promo_input');
    for (const body of [
      { promoCode: '   ', planId: PLAN_IDS.pro },
      { promoCode: '', planId: PLAN_IDS.pro },
      { promoCode: 'X'.repeat(65), planId: PLAN_IDS.pro },
      { promoCode: 'WELCOME10' },
    ]) {
      const response = await ctx.call('usr_promo_input', 'POST', '/promotion-code', body);
      expect([body, response.statusCode]).toEqual([body, 400]);
    }
    expect((await ctx.call('usr_promo_input', 'GET', '/promotion-code/active')).statusCode).toBe(
      400,
    );
    const unknownPlan = await ctx.call('usr_promo_input', 'POST', '/promotion-code', {
      promoCode: 'WELCOME10',
      planId: 'plan_nope',
    });
    expect(unknownPlan.statusCode).toBe(404);
  });

  it('refuses a promo code id the user cannot use with the promo error, and subscribes nothing', async () => {
    const id = await signUp('usr_promo_subbad');
    await addCard('usr_promo_subbad');
    const other = await ctx.stripe.customers.create({ email: 'other@example.com' });
    const inactive = await ctx.control<{ id: string }>('promotion-codes', {
      code: 'OFFNOW',
      percent_off: 20,
      active: false,
    });
    const theirs = await ctx.control<{ id: string }>('promotion-codes', {
      code: 'THEIRS20',
      percent_off: 20,
      customer: other.id,
    });
    for (const promoCodeId of [inactive.id, theirs.id, 'promo_nope']) {
      const response = await subscribe('usr_promo_subbad', PLAN_IDS.pro, promoCodeId);
      expect([promoCodeId, response.statusCode]).toEqual([promoCodeId, 400]);
      expect(response.json().message).toBe('This promo code is not valid.');
    }
    expect(await stripeSubscriptions(id)).toEqual([]);
    expect((await plan('usr_promo_subbad')).name).toBe('Trial');
  });

  it('subscribes with a promo code and reads it back as the active discount', async () => {
    await signUp('usr_promo_sub');
    await addCard('usr_promo_sub');
    expect(
      (
        await ctx.call('usr_promo_sub', 'GET', `/promotion-code/active?planId=${PLAN_IDS.pro}`)
      ).json(),
    ).toEqual({
      status: 'none',
      message: null,
      promo: null,
    });
    const checked = await ctx.call('usr_promo_sub', 'POST', '/promotion-code', {
      promoCode: 'WELCOME10',
      planId: PLAN_IDS.pro,
    });
    const promoCodeId = checked.json().promo.promoCodeId as string;
    const response = await subscribe('usr_promo_sub', PLAN_IDS.pro, promoCodeId);
    expect(response.statusCode).toBe(200);
    const active = await ctx.call(
      'usr_promo_sub',
      'GET',
      `/promotion-code/active?planId=${PLAN_IDS.pro}`,
    );
    expect(active.json()).toMatchObject({
      status: 'success',
      promo: {
        type: 'percent',
        value: 10,
        duration: 3,
        code: 'WELCOME10',
        promoCodeId,
        planId: PLAN_IDS.pro,
      },
    });
    const other = await ctx.call(
      'usr_promo_sub',
      'GET',
      `/promotion-code/active?planId=${PLAN_IDS.plus}`,
    );
    expect(other.json().status).toBe('none');
  });
});
