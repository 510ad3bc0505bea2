import type Stripe from 'stripe';
import { PLAN_IDS } from '../../../src/db/plans';
import { reportExcessUsage, EXCESS_ORDERS_EVENT } from '../../../src/domain/billing/metered';
import { insertApplication, insertBulkOrders } from '../../helpers/orders';
import type { BillingContext } from '../../helpers/payments';
import {
  createBillingContext,
  newCard,
  signUpOnFreePlan,
  stripeCustomerOf,
} from '../../helpers/payments';

// Each case subscribes on the payments sandbox and moves its clock past a period's end: more
// than the default 5 s on a busy 2-core machine.
jest.setTimeout(60_000);

let ctx: BillingContext;
beforeAll(async () => {
  ctx = await createBillingContext();
});
// Each case starts on the sandbox's own clock: a period's end is a month from its subscribe.
beforeEach(async () => {
  await ctx.control('reset');
});
afterAll(() => ctx.close());

/** A manager on the paid `planId` with the test card and one application. */
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
  return { userId, appId, customer: await stripeCustomerOf(ctx, userId) };
}

/** Stores `count` live web orders of an application made now, in bulk. */
async function addOrders(appId: string, count: number): Promise<void> {
  await insertBulkOrders(ctx, appId, count, { totalCents: 500 });
}

/** Reports `count` excess orders of the customer to the meter directly, as the reporter would. */
async function meterExcess(customer: string, count: number, tag: string): Promise<void> {
  for (let i = 0; i < count; i += 1) {
    await ctx.stripe.billing.meterEvents.create({
      event_name: EXCESS_ORDERS_EVENT,
      payload: { stripe_customer_id: customer, value: '1' },
      identifier: `${tag}_${i}`,
    });
  }
}

/** The customer's invoices, oldest first. */
async function invoicesOf(customer: string): Promise<Stripe.Invoice[]> {
  const list = await ctx.stripe.invoices.list({ customer, limit: 100 });
  return [...list.data].sort((a, b) => a.created - b.created || a.number!.localeCompare(b.number!));
}

/** The price id an invoice line bills. */
const priceOfLine = (line: Stripe.InvoiceLineItem) => line.pricing?.price_details?.price ?? null;

/** The invoice's lines billing excess orders (the plans' metered prices). */
const excessLines = (invoice: Stripe.Invoice) =>
  invoice.lines.data.filter((line) => String(priceOfLine(line)).endsWith('_excess'));

/** The subscription's items by price lookup key. */
async function itemKeys(customer: string): Promise<string[]> {
  const [subscription] = (await ctx.stripe.subscriptions.list({ customer })).data;
  return subscription!.items.data.map((item) => item.price.lookup_key ?? item.price.id).sort();
}

describe('the excess orders on the invoice', () => {
  it('bills 10 excess orders of a period as 10 × perExcess beside the plan, on the page and the PDF', async () => {
    const { appId, customer } = await ownerOn('usr_excess_ten', PLAN_IDS.basics);
    expect(await itemKeys(customer)).toEqual(['plan_basics_excess', 'plan_basics_monthly']);
    // Basics includes 100 orders a month at $0.05 each beyond.
    await addOrders(appId, 110);
    const run = await reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log);
    expect(run).toMatchObject({ reported: 10, failed: 0 });

    await ctx.control('advance-clock', { days: 32 });
    await ctx.webhooksIdle();
    const invoices = await invoicesOf(customer);
    expect(invoices.map((invoice) => invoice.billing_reason)).toEqual([
      'subscription_create',
      'subscription_cycle',
    ]);
    // The first month is charged ahead and has no usage yet.
    expect(excessLines(invoices[0]!)).toHaveLength(0);
    const cycle = invoices[1]!;
    const [excess] = excessLines(cycle);
    expect(excess).toMatchObject({ quantity: 10, amount: 50 });
    expect(excess!.description).toBe('10 × Basics excess orders (at $0.05 each)');
    const plan = cycle.lines.data.find((line) => priceOfLine(line) === 'price_plan_basics_monthly');
    expect(plan).toMatchObject({ quantity: 1, amount: 1900 });
    expect(cycle).toMatchObject({ amount_due: 1950, amount_paid: 1950, status: 'paid' });
    // The usage billed is the period that ended, not the new one.
    expect(excess!.period.end).toBe(plan!.period.start);

    const page = await (await fetch(cycle.hosted_invoice_url!)).text();
    expect(page).toContain('10 × Basics excess orders (at $0.05 each)');
    expect(page).toContain('$0.50');
    expect(page).toContain('$19.50');
    const pdf = await fetch(cycle.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toContain('application/pdf');
  });

  it('moves the metered item to the new plan on a change mid-period, billing each order once', async () => {
    const { appId, customer } = await ownerOn('usr_excess_change', PLAN_IDS.basics);
    await addOrders(appId, 105);
    expect(await reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log)).toMatchObject({
      reported: 5,
    });
    // The change a second later on Stripe's clock: the orders are made a millisecond apart from
    // now on, so the last ones may fall in the next whole second, and their events (whole
    // seconds) would then be after a change made at once, on the period's last invoice, not on
    // the change's (the case failed so about once in twenty runs).
    await ctx.control('advance-clock', { seconds: 1 });

    const changed = await ctx.call('usr_excess_change', 'POST', '/subscription', {
      planId: PLAN_IDS.plus,
    });
    expect(changed.json()).toMatchObject({ subStatus: 'updated', plan: { id: PLAN_IDS.plus } });
    expect(await itemKeys(customer)).toEqual(['plan_plus_excess', 'plan_plus_monthly']);
    // The change is invoiced now: the plan's prorations and the excess so far at Basics' price.
    const change = (await invoicesOf(customer)).at(-1)!;
    expect(change.billing_reason).toBe('subscription_update');
    expect(excessLines(change).map((line) => [line.quantity, line.amount])).toEqual([[5, 25]]);

    // Excess after the change is billed at Plus' $0.04 at the period's end.
    await meterExcess(customer, 3, 'after_change');
    await ctx.control('advance-clock', { days: 32 });
    await ctx.webhooksIdle();
    const cycle = (await invoicesOf(customer)).at(-1)!;
    expect(cycle.billing_reason).toBe('subscription_cycle');
    expect(excessLines(cycle).map((line) => [line.quantity, line.amount])).toEqual([[3, 12]]);
    expect(cycle.amount_due).toBe(3900 + 12);
  });

  it('bills the excess of the period once on a downgrade to a smaller paid plan', async () => {
    const { customer } = await ownerOn('usr_excess_down', PLAN_IDS.pro);
    await meterExcess(customer, 4, 'before_downgrade');
    const down = await ctx.call('usr_excess_down', 'POST', '/subscription', {
      planId: PLAN_IDS.basics,
    });
    expect(down.json()).toMatchObject({ subStatus: 'updated', plan: { id: PLAN_IDS.basics } });
    expect(await itemKeys(customer)).toEqual(['plan_basics_excess', 'plan_basics_monthly']);
    await meterExcess(customer, 6, 'after_downgrade');
    await ctx.control('advance-clock', { days: 32 });
    await ctx.webhooksIdle();

    const billed = (await invoicesOf(customer)).flatMap(excessLines);
    // 4 at Pro's $0.03 on the change's invoice, 6 at Basics' $0.05 at the period's end.
    expect(billed.map((line) => [line.quantity, line.amount])).toEqual([
      [4, 12],
      [6, 30],
    ]);
  });

  it('bills the excess of the last period once when the plan is cancelled at its end', async () => {
    const { appId, customer } = await ownerOn('usr_excess_cancel', PLAN_IDS.basics);
    await addOrders(appId, 110);
    await reportExcessUsage(ctx.app.repos, ctx.stripe, ctx.app.log);
    const cancel = await ctx.call('usr_excess_cancel', 'POST', '/subscription', {
      planId: PLAN_IDS.trial,
    });
    expect(cancel.json().plan.cancelDate).not.toBeNull();
    // Nothing is billed when the cancel is asked: the excess goes on the period's last invoice.
    expect((await invoicesOf(customer)).flatMap(excessLines)).toHaveLength(0);

    await ctx.control('advance-clock', { days: 32 });
    await ctx.webhooksIdle();
    const invoices = await invoicesOf(customer);
    const billed = invoices.flatMap(excessLines);
    expect(billed.map((line) => [line.quantity, line.amount])).toEqual([[10, 50]]);
    const last = invoices.at(-1)!;
    // The final invoice bills the usage only: the plan is not renewed.
    expect(last.lines.data).toHaveLength(1);
    expect(last).toMatchObject({ amount_due: 50, status: 'paid' });
    const [subscription] = (await ctx.stripe.subscriptions.list({ customer, status: 'all' })).data;
    expect(subscription!.status).toBe('canceled');
    const monitor = await ctx.call('usr_excess_cancel', 'GET', '/subscription-monitor');
    expect(monitor.json().plan.id).toBe(PLAN_IDS.trial);
  });
});
