import { signatureHeader } from '@pos/sandbox';
import { PLAN_IDS } from '../../../src/db/plans';
import type { BillingContext } from '../../helpers/payments';
import {
  createBillingContext,
  newCard,
  signUpOnFreePlan,
  stripeCustomerOf,
  WEBHOOK_PATH,
} from '../../helpers/payments';

// The sandbox's clock moves in this file (renewals), so it has a sandbox of its own.
let ctx: BillingContext;
beforeAll(async () => {
  ctx = await createBillingContext();
});
afterAll(() => ctx.close());

const signUp = (sub: string) => signUpOnFreePlan(ctx, sub);

async function subscribeWithCard(sub: string, planId: string, token = 'tok_visa') {
  const card = await ctx.call(sub, 'POST', '/payment-method', {
    paymentMethodId: await newCard(ctx.stripe, token),
  });
  expect(card.statusCode).toBe(200);
  const response = await ctx.call(sub, 'POST', '/subscription', { planId });
  expect(response.statusCode).toBe(200);
  return response.json();
}

const monitor = async (sub: string) =>
  (await ctx.call(sub, 'GET', '/subscription-monitor')).json().plan;

const customerOf = (userId: string) => stripeCustomerOf(ctx, userId);

/** POSTs an event to the webhook as Stripe would, signed at `timestamp` with `secret`. */
function deliver(
  event: object,
  { secret = ctx.sandbox.payments.webhookSecret, timestamp = Math.floor(Date.now() / 1000) } = {},
) {
  const payload = JSON.stringify(event);
  return ctx.app.inject({
    method: 'POST',
    url: WEBHOOK_PATH,
    headers: {
      'content-type': 'application/json',
      'stripe-signature': signatureHeader(payload, secret, timestamp),
    },
    payload,
  });
}

function invoiceEvent(id: string, type: string, customer: string, invoiceId: string) {
  return {
    id,
    object: 'event',
    api_version: '2026-10-28.endive',
    created: Math.floor(Date.now() / 1000),
    type,
    livemode: false,
    pending_webhooks: 1,
    request: { id: null, idempotency_key: null },
    data: {
      object: {
        id: invoiceId,
        object: 'invoice',
        customer,
        number: `TEST-${invoiceId}`,
        status: type === 'invoice.paid' ? 'paid' : 'open',
        hosted_invoice_url: `https://pay.example/invoices/${invoiceId}`,
        invoice_pdf: `https://pay.example/invoices/${invoiceId}/pdf`,
      },
    },
  };
}

describe('POST /stripe/webhook', () => {
  it('refuses a bad signature, a wrong secret and a missing header with 400 and changes nothing', async () => {
    const id = await signUp('usr_hook_bad');
    await subscribeWithCard('usr_hook_bad', PLAN_IDS.basics);
    const customer = await customerOf(id);
    const event = invoiceEvent('evt_bad_sig', 'invoice.payment_failed', customer, 'in_bad_sig');
    const wrong = await deliver(event, { secret: 'whsec_not_the_one' });
    expect(wrong.statusCode).toBe(400);
    expect(wrong.json().message).toMatch(/signature/i);
    const unsigned = await ctx.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify(event),
    });
    expect(unsigned.statusCode).toBe(400);
    // A body changed after signing no longer matches its signature.
    const payload = JSON.stringify(event);
    const header = signatureHeader(
      payload,
      ctx.sandbox.payments.webhookSecret,
      Math.floor(Date.now() / 1000),
    );
    const tampered = await ctx.app.inject({
      method: 'POST',
      url: WEBHOOK_PATH,
      headers: { 'content-type': 'application/json', 'stripe-signature': header },
      payload: payload.replace('in_bad_sig', 'in_other'),
    });
    expect(tampered.statusCode).toBe(400);
    expect((await monitor('usr_hook_bad')).pastDueInvoices).toEqual([]);
    const events = await ctx.database.db
      .selectFrom('stripe_events')
      .select('id')
      .where('id', '=', 'evt_bad_sig')
      .execute();
    expect(events).toEqual([]);
  });

  it('refuses an event signed more than 300 s ago', async () => {
    const id = await signUp('usr_hook_stale');
    await subscribeWithCard('usr_hook_stale', PLAN_IDS.basics);
    const event = invoiceEvent(
      'evt_stale',
      'invoice.payment_failed',
      await customerOf(id),
      'in_stale',
    );
    const stale = await deliver(event, { timestamp: Math.floor(Date.now() / 1000) - 301 });
    expect(stale.statusCode).toBe(400);
    expect((await monitor('usr_hook_stale')).pastDueInvoices).toEqual([]);
    // The same event signed just now is taken.
    expect((await deliver(event)).statusCode).toBe(200);
    expect((await monitor('usr_hook_stale')).pastDueInvoices).toHaveLength(1);
  });

  it('refuses an event signed more than 300 s ahead of now, and takes one just within', async () => {
    const id = await signUp('usr_hook_future');
    await subscribeWithCard('usr_hook_future', PLAN_IDS.basics);
    const event = invoiceEvent(
      'evt_future',
      'invoice.payment_failed',
      await customerOf(id),
      'in_future',
    );
    const now = Math.floor(Date.now() / 1000);
    for (const ahead of [301, 86_400 * 365]) {
      const future = await deliver(event, { timestamp: now + ahead });
      expect(future.statusCode).toBe(400);
      expect(future.json().message).toContain('Timestamp outside the tolerance zone');
    }
    expect((await monitor('usr_hook_future')).pastDueInvoices).toEqual([]);
    expect((await deliver(event, { timestamp: now + 290 })).statusCode).toBe(200);
    expect((await monitor('usr_hook_future')).pastDueInvoices).toHaveLength(1);
  });

  it('applies an event delivered twice once', async () => {
    const id = await signUp('usr_hook_dup');
    await subscribeWithCard('usr_hook_dup', PLAN_IDS.basics);
    const customer = await customerOf(id);
    const failed = invoiceEvent('evt_dup_failed', 'invoice.payment_failed', customer, 'in_dup');
    expect((await deliver(failed)).statusCode).toBe(200);
    expect((await monitor('usr_hook_dup')).pastDueInvoices).toEqual([
      {
        number: 'TEST-in_dup',
        invoice_pdf: 'https://pay.example/invoices/in_dup/pdf',
        hosted_invoice_url: 'https://pay.example/invoices/in_dup',
      },
    ]);
    expect(
      (await deliver(invoiceEvent('evt_dup_paid', 'invoice.paid', customer, 'in_dup'))).statusCode,
    ).toBe(200);
    expect((await monitor('usr_hook_dup')).pastDueInvoices).toEqual([]);
    // The failure delivered again (Stripe retries) does not bring the paid invoice back.
    const again = await deliver(failed);
    expect(again.statusCode).toBe(200);
    expect((await monitor('usr_hook_dup')).pastDueInvoices).toEqual([]);
  });
});

describe('changes made on Stripe', () => {
  it('reach the plan through customer.subscription.updated', async () => {
    const id = await signUp('usr_hook_stripe_side');
    await subscribeWithCard('usr_hook_stripe_side', PLAN_IDS.basics);
    await ctx.webhooksIdle();
    const [subscription] = (await ctx.stripe.subscriptions.list({ customer: await customerOf(id) }))
      .data;
    const [plus] = (await ctx.stripe.prices.list({ lookup_keys: ['plan_plus_monthly'] })).data;
    await ctx.stripe.subscriptions.update(subscription!.id, {
      items: [{ id: subscription!.items.data[0]!.id, price: plus!.id }],
      cancel_at_period_end: true,
    });
    await ctx.webhooksIdle();
    const plan = await monitor('usr_hook_stripe_side');
    expect(plan.name).toBe('Plus');
    expect(plan.cancelDate).toBe(
      new Date(subscription!.items.data[0]!.current_period_end * 1000).toISOString(),
    );
  });
});

describe('renewals through the sandbox clock', () => {
  it('shows a failed renewal as a past-due invoice, clears it when paid, and ends a cancelled plan', async () => {
    const overdueId = await signUp('usr_renew_overdue');
    await subscribeWithCard('usr_renew_overdue', PLAN_IDS.plus);
    await signUp('usr_renew_cancel');
    await subscribeWithCard('usr_renew_cancel', PLAN_IDS.basics);
    const cancelled = await ctx.call('usr_renew_cancel', 'POST', '/subscription', {
      planId: PLAN_IDS.trial,
    });
    expect(cancelled.json().plan.cancelDate).toEqual(expect.any(String));
    await ctx.webhooksIdle();

    const advanced = await ctx.control<{
      invoices: Array<{ id: string; number: string; customer: string }>;
    }>('advance-clock', { days: 32, failPayments: true });
    await ctx.webhooksIdle();
    const customer = await customerOf(overdueId);
    const failed = advanced.invoices.find((invoice) => invoice.customer === customer);
    expect(failed).toBeDefined();

    const overdue = await monitor('usr_renew_overdue');
    expect(overdue.name).toBe('Plus');
    expect(overdue.pastDueInvoices).toEqual([
      {
        number: failed!.number,
        invoice_pdf: expect.stringContaining(`/invoices/${failed!.id}/pdf`),
        hosted_invoice_url: expect.stringContaining(`/invoices/${failed!.id}`),
      },
    ]);
    // The plan set to cancel ended at its period end: the user is on Trial again.
    expect(await monitor('usr_renew_cancel')).toMatchObject({ name: 'Trial', cancelDate: null });

    await ctx.stripe.invoices.pay(failed!.id);
    await ctx.webhooksIdle();
    expect((await monitor('usr_renew_overdue')).pastDueInvoices).toEqual([]);

    // A payment_failed arriving after the invoice was paid (out of order) does not bring it back.
    const late = invoiceEvent('evt_late_failed', 'invoice.payment_failed', customer, failed!.id);
    expect((await deliver(late)).statusCode).toBe(200);
    expect((await monitor('usr_renew_overdue')).pastDueInvoices).toEqual([]);
  });
});
