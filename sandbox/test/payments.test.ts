import Stripe from 'stripe';
import type { TestSandbox } from './helpers';
import { postJson, startTestSandbox } from './helpers';
import { advanceClock, eventually, sdkFor, startHookEndpoint } from './payments.helpers';

describe('payments sandbox through the stripe SDK', () => {
  let sandbox: TestSandbox;
  let stripe: Stripe;
  let hooks: Awaited<ReturnType<typeof startHookEndpoint>>;

  beforeAll(async () => {
    hooks = await startHookEndpoint();
    sandbox = await startTestSandbox({
      controls: true,
      paymentsWebhookUrl: hooks.url,
      paymentsWebhookRetryDelays: [50, 50],
    });
    stripe = sdkFor(sandbox);
  });
  afterAll(async () => {
    await sandbox.close();
    await hooks.close();
  });

  const newCustomer = (email = 'owner@example.test') =>
    stripe.customers.create({ email, name: 'Store Owner', metadata: { user_id: 'usr_1' } });

  const cardFromToken = (token: string) =>
    stripe.paymentMethods.create({ type: 'card', card: { token } });

  /** A customer with the 4242 card attached and set as its default. */
  async function customerWithCard(email?: string) {
    const customer = await newCustomer(email);
    const card = await cardFromToken('tok_visa');
    await stripe.paymentMethods.attach(card.id, { customer: customer.id });
    await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: card.id },
    });
    return { customer, card };
  }

  const price = async (planId: string) => {
    const prices = await stripe.prices.list({ lookup_keys: [`${planId}_monthly`] });
    expect(prices.data).toHaveLength(1);
    return prices.data[0]!;
  };

  it('creates, retrieves and updates a customer', async () => {
    const customer = await newCustomer();
    expect(customer).toMatchObject({
      id: expect.stringMatching(/^cus_\w{14}$/),
      object: 'customer',
      email: 'owner@example.test',
      metadata: { user_id: 'usr_1' },
      invoice_settings: { default_payment_method: null },
    });
    const again = await stripe.customers.retrieve(customer.id);
    expect(again.id).toBe(customer.id);
    const card = await cardFromToken('tok_visa');
    await stripe.paymentMethods.attach(card.id, { customer: customer.id });
    const updated = await stripe.customers.update(customer.id, {
      invoice_settings: { default_payment_method: card.id },
      expand: ['invoice_settings.default_payment_method'],
    });
    expect(updated.invoice_settings.default_payment_method).toMatchObject({
      id: card.id,
      object: 'payment_method',
      card: { last4: '4242', brand: 'visa' },
    });
  });

  it('refuses a missing customer with 404 resource_missing', async () => {
    await expect(stripe.customers.retrieve('cus_missing')).rejects.toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such customer: 'cus_missing'",
    });
  });

  it('refuses an unknown parameter and a bad email with 400', async () => {
    await expect(stripe.customers.create({ email: 'not an email' })).rejects.toMatchObject({
      statusCode: 400,
      param: 'email',
    });
    await expect(
      stripe.customers.create({ colour: 'blue' } as Stripe.CustomerCreateParams),
    ).rejects.toMatchObject({
      statusCode: 400,
      code: 'parameter_unknown',
      message: 'Received unknown parameter: colour',
    });
  });

  it('attaches the 4242 card and lists it by customer and type', async () => {
    const customer = await newCustomer();
    const card = await cardFromToken('tok_visa');
    expect(card).toMatchObject({
      id: expect.stringMatching(/^pm_\w+$/),
      object: 'payment_method',
      type: 'card',
      customer: null,
      card: { brand: 'visa', last4: '4242', exp_month: 12 },
    });
    const attached = await stripe.paymentMethods.attach(card.id, { customer: customer.id });
    expect(attached.customer).toBe(customer.id);
    const listed = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(listed).toMatchObject({ object: 'list', has_more: false, url: '/v1/payment_methods' });
    expect(listed.data.map((method) => method.id)).toEqual([card.id]);
    const viaCustomer = await stripe.customers.listPaymentMethods(customer.id, { type: 'card' });
    expect(viaCustomer.data.map((method) => method.id)).toEqual([card.id]);
    await stripe.paymentMethods.detach(card.id);
    expect((await stripe.paymentMethods.list({ customer: customer.id })).data).toEqual([]);
  });

  it('declines 4000 0000 0000 0002 when attached, as a card error, and saves nothing', async () => {
    const customer = await newCustomer();
    const card = await cardFromToken('tok_chargeDeclined');
    const refusal = await stripe.paymentMethods
      .attach(card.id, { customer: customer.id })
      .catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(Stripe.errors.StripeCardError);
    expect(refusal).toMatchObject({
      type: 'StripeCardError',
      statusCode: 402,
      code: 'card_declined',
      decline_code: 'generic_decline',
      message: 'Your card was declined.',
    });
    expect((await stripe.paymentMethods.list({ customer: customer.id })).data).toEqual([]);
  });

  it('declines 4000 0000 0000 9995 for insufficient funds', async () => {
    const customer = await newCustomer();
    const card = await cardFromToken('tok_chargeDeclinedInsufficientFunds');
    await expect(
      stripe.paymentMethods.attach(card.id, { customer: customer.id }),
    ).rejects.toMatchObject({
      type: 'StripeCardError',
      code: 'card_declined',
      decline_code: 'insufficient_funds',
      message: 'Your card has insufficient funds.',
    });
  });

  it('confirms a setup intent with a card, and refuses a declined one leaving it unconfirmed', async () => {
    const customer = await newCustomer();
    const intent = await stripe.setupIntents.create({
      customer: customer.id,
      usage: 'off_session',
    });
    expect(intent).toMatchObject({
      id: expect.stringMatching(/^seti_/),
      client_secret: expect.stringMatching(new RegExp(`^${intent.id}_secret_`)),
      status: 'requires_payment_method',
    });
    await expect(
      stripe.setupIntents.confirm(intent.id, { payment_method: 'pm_card_chargeDeclined' }),
    ).rejects.toMatchObject({ type: 'StripeCardError', message: 'Your card was declined.' });
    expect((await stripe.setupIntents.retrieve(intent.id)).status).toBe('requires_payment_method');
    const confirmed = await stripe.setupIntents.confirm(intent.id, {
      payment_method: 'pm_card_visa',
    });
    expect(confirmed.status).toBe('succeeded');
    const listed = await stripe.paymentMethods.list({ customer: customer.id, type: 'card' });
    expect(listed.data.map((method) => method.id)).toEqual([confirmed.payment_method]);
  });

  it('lists the plans prices by lookup key, with their products', async () => {
    const prices = await stripe.prices.list({
      lookup_keys: ['plan_basics_monthly', 'plan_pro_monthly'],
      expand: ['data.product'],
    });
    const byKey = Object.fromEntries(prices.data.map((entry) => [entry.lookup_key, entry]));
    expect(byKey.plan_pro_monthly).toMatchObject({
      unit_amount: 7900,
      currency: 'usd',
      recurring: { interval: 'month' },
      product: { name: 'Pro', metadata: { plan_id: 'plan_pro' } },
    });
    expect(byKey.plan_basics_monthly?.unit_amount).toBe(1900);
  });

  it('finds the demo promotion codes by code and active, with their coupons', async () => {
    const welcome = await stripe.promotionCodes.list({
      code: 'WELCOME10',
      active: true,
      expand: ['data.promotion.coupon'],
    });
    expect(welcome.data).toHaveLength(1);
    expect(welcome.data[0]).toMatchObject({
      object: 'promotion_code',
      code: 'WELCOME10',
      active: true,
      promotion: {
        type: 'coupon',
        coupon: { percent_off: 10, duration: 'repeating', duration_in_months: 3 },
      },
    });
    const five = await stripe.promotionCodes.list({ code: 'fiveoff' });
    const promo = await stripe.promotionCodes.retrieve(five.data[0]!.id, {
      expand: ['promotion.coupon'],
    });
    expect(promo.promotion.coupon).toMatchObject({
      amount_off: 500,
      currency: 'usd',
      duration: 'once',
    });
    expect((await stripe.promotionCodes.list({ code: 'NOPE' })).data).toEqual([]);
  });

  it('creates a subscription once for one idempotency key, and refuses the key with other parameters', async () => {
    const { customer, card } = await customerWithCard();
    const basics = await price('plan_basics');
    const params = {
      customer: customer.id,
      items: [{ price: basics.id }],
      default_payment_method: card.id,
      expand: ['latest_invoice'],
    };
    const first = await stripe.subscriptions.create(params, { idempotencyKey: 'subscribe-1' });
    const second = await stripe.subscriptions.create(params, { idempotencyKey: 'subscribe-1' });
    expect(second.id).toBe(first.id);
    expect(first).toMatchObject({
      id: expect.stringMatching(/^sub_/),
      status: 'active',
      items: { object: 'list', data: [{ price: { id: basics.id, unit_amount: 1900 } }] },
      latest_invoice: {
        id: expect.stringMatching(/^in_/),
        status: 'paid',
        amount_paid: 1900,
        number: expect.stringMatching(/^[A-Z0-9]{8}-0001$/),
      },
    });
    const listed = await stripe.subscriptions.list({ customer: customer.id });
    expect(listed.data.map((subscription) => subscription.id)).toEqual([first.id]);
    const pro = await price('plan_pro');
    await expect(
      stripe.subscriptions.create(
        { ...params, items: [{ price: pro.id }] },
        { idempotencyKey: 'subscribe-1' },
      ),
    ).rejects.toBeInstanceOf(Stripe.errors.StripeIdempotencyError);
  });

  it('subscribes with WELCOME10 and charges the discounted total', async () => {
    const { customer } = await customerWithCard();
    const pro = await price('plan_pro');
    const [promo] = (await stripe.promotionCodes.list({ code: 'WELCOME10', active: true })).data;
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: pro.id }],
      discounts: [{ promotion_code: promo!.id }],
      expand: ['latest_invoice', 'discounts'],
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    expect(invoice).toMatchObject({ subtotal: 7900, total: 7110, amount_paid: 7110 });
    expect(subscription.discounts[0]).toMatchObject({
      object: 'discount',
      promotion_code: promo!.id,
      source: { coupon: 'WELCOME10' },
    });
  });

  it('expands what this API version can expand, and refuses what it cannot', async () => {
    const { customer, card } = await customerWithCard();
    const basics = await price('plan_basics');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: basics.id }],
      expand: ['customer.invoice_settings.default_payment_method', 'latest_invoice'],
    });
    expect(subscription.customer).toMatchObject({
      id: customer.id,
      invoice_settings: { default_payment_method: { id: card.id, object: 'payment_method' } },
    });
    const invoice = subscription.latest_invoice as Stripe.Invoice;
    const [payment] = invoice.payments!.data;
    expect(payment).toMatchObject({ status: 'paid', amount_paid: 1900 });
    const intentId = payment!.payment.payment_intent as string;
    expect(await stripe.paymentIntents.retrieve(intentId)).toMatchObject({
      status: 'succeeded',
      amount: 1900,
      payment_method: card.id,
    });
    // Invoices have no payment_intent since API version 2025-03-31.basil.
    await expect(
      stripe.subscriptions.retrieve(subscription.id, {
        expand: ['latest_invoice.payment_intent'],
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'expand' });
  });

  it('refuses a subscription on a declined card with error_if_incomplete and stores nothing', async () => {
    const customer = await newCustomer();
    const card = await cardFromToken('tok_chargeCustomerFail');
    await stripe.paymentMethods.attach(card.id, { customer: customer.id });
    const basics = await price('plan_basics');
    await expect(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: basics.id }],
        default_payment_method: card.id,
        payment_behavior: 'error_if_incomplete',
      }),
    ).rejects.toMatchObject({ type: 'StripeCardError', message: 'Your card was declined.' });
    const all = await stripe.subscriptions.list({ customer: customer.id, status: 'all' });
    expect(all.data).toEqual([]);
    expect((await stripe.invoices.list({ customer: customer.id })).data).toEqual([]);
  });

  it('prorates a plan change: credit for the unused time, charge for the rest', async () => {
    const { customer } = await customerWithCard();
    const basics = await price('plan_basics');
    const pro = await price('plan_pro');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: basics.id }],
    });
    const item = subscription.items.data[0]!;
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: item.id, price: pro.id }],
      proration_behavior: 'always_invoice',
      expand: ['latest_invoice'],
    });
    expect(updated.items.data[0]!.price.id).toBe(pro.id);
    const invoice = updated.latest_invoice as Stripe.Invoice;
    expect(invoice.billing_reason).toBe('subscription_update');
    const [credit, debit] = invoice.lines.data;
    // The change happens at the start of the period: nearly all of it is prorated.
    expect(credit!.amount).toBeLessThanOrEqual(-1890);
    expect(debit!.amount).toBeGreaterThanOrEqual(7890);
    expect(credit!.description).toMatch(/^Unused time on 1 × Basics/);
    expect(debit!.description).toMatch(/^Remaining time on 1 × Pro/);
    expect(invoice).toMatchObject({
      status: 'paid',
      amount_due: credit!.amount + debit!.amount,
    });
  });

  it('keeps create_prorations lines for the next renewal invoice', async () => {
    const { customer } = await customerWithCard();
    const plus = await price('plan_plus');
    const basics = await price('plan_basics');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: plus.id }],
    });
    const updated = await stripe.subscriptions.update(subscription.id, {
      items: [{ id: subscription.items.data[0]!.id, price: basics.id }],
    });
    // Nothing is invoiced now: the downgrade's lines wait for the period's end.
    expect(updated.latest_invoice).toBe(subscription.latest_invoice);
    await advanceClock(sandbox, { days: 32 });
    const [renewal] = (
      await stripe.invoices.list({ subscription: subscription.id, status: 'paid', limit: 1 })
    ).data;
    expect(renewal!.billing_reason).toBe('subscription_cycle');
    const lines = renewal!.lines.data;
    expect(lines.map((line) => line.parent?.subscription_item_details?.proration)).toEqual([
      true,
      true,
      false,
    ]);
    const [credit, debit, next] = lines;
    expect(credit!.amount).toBeLessThan(0);
    expect(next!.amount).toBe(1900);
    expect(renewal!.subtotal).toBe(credit!.amount + debit!.amount + 1900);
  });

  it('refuses a payment behaviour it does not model', async () => {
    const { customer } = await customerWithCard();
    const basics = await price('plan_basics');
    await expect(
      stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: basics.id }],
        payment_behavior: 'pending_if_incomplete',
      }),
    ).rejects.toMatchObject({ statusCode: 400, param: 'payment_behavior' });
  });

  it('signs every webhook as Stripe does: constructEvent accepts it, a tampered one is refused', async () => {
    const { customer } = await customerWithCard();
    const basics = await price('plan_basics');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: basics.id }],
    });
    const hook = await eventually(() =>
      hooks.received.find((entry) => entry.body.includes(subscription.id)),
    );
    const signature = hook.headers['stripe-signature'] as string;
    expect(signature).toMatch(/^t=\d+,v1=[0-9a-f]{64}$/);
    const event = stripe.webhooks.constructEvent(
      hook.body,
      signature,
      sandbox.payments.webhookSecret,
    );
    expect(event).toMatchObject({
      id: expect.stringMatching(/^evt_/),
      object: 'event',
      type: 'customer.subscription.created',
      data: { object: { id: subscription.id, status: 'active' } },
    });
    expect(() =>
      stripe.webhooks.constructEvent(
        hook.body.replace('"active"', '"canceled"'),
        signature,
        sandbox.payments.webhookSecret,
      ),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    expect(() =>
      stripe.webhooks.constructEvent(hook.body, signature, 'whsec_someone_else'),
    ).toThrow(Stripe.errors.StripeSignatureVerificationError);
    const paid = await eventually(() =>
      hooks
        .events()
        .find(
          (entry) => entry.type === 'invoice.paid' && entry.data.object.customer === customer.id,
        ),
    );
    expect(paid.data.object).toMatchObject({ status: 'paid', amount_paid: 1900 });
  });

  it('renews at the period end: invoice.paid, or invoice.payment_failed and past_due', async () => {
    const paying = await customerWithCard('paying@example.test');
    const failing = await customerWithCard('failing@example.test');
    const basics = await price('plan_basics');
    for (const { customer } of [paying, failing]) {
      await stripe.subscriptions.create({ customer: customer.id, items: [{ price: basics.id }] });
    }
    // Only the failing customer's card starts failing: swap its default card for 0341.
    const failCard = await cardFromToken('tok_chargeCustomerFail');
    await stripe.paymentMethods.attach(failCard.id, { customer: failing.customer.id });
    await stripe.customers.update(failing.customer.id, {
      invoice_settings: { default_payment_method: failCard.id },
    });

    const advanced = await advanceClock(sandbox, { days: 32 });
    const renewedPaid = advanced.invoices.find((entry) => entry.customer === paying.customer.id);
    const renewedFailed = advanced.invoices.find((entry) => entry.customer === failing.customer.id);
    expect(renewedPaid).toMatchObject({ status: 'paid' });
    expect(renewedFailed).toMatchObject({ status: 'open' });

    // Signed with the wall clock, not the moved one: within constructEvent's tolerance.
    const renewalHook = hooks.received.find(
      (hook) =>
        hook.body.includes('invoice.payment_failed') && hook.body.includes(failing.customer.id),
    )!;
    expect(
      stripe.webhooks.constructEvent(
        renewalHook.body,
        renewalHook.headers['stripe-signature'] as string,
        sandbox.payments.webhookSecret,
      ).type,
    ).toBe('invoice.payment_failed');
    const signedAt = Number(/t=(\d+)/.exec(renewalHook.headers['stripe-signature'] as string)![1]);
    expect(Math.abs(signedAt - Date.now() / 1000)).toBeLessThan(60);
    const hookTypes = (customer: string) =>
      hooks
        .events()
        .filter((entry) => entry.data.object.customer === customer)
        .map((entry) => entry.type);
    expect(hookTypes(paying.customer.id)).toContain('invoice.paid');
    expect(hookTypes(failing.customer.id)).toContain('invoice.payment_failed');

    const [pastDue] = (await stripe.subscriptions.list({ customer: failing.customer.id })).data;
    expect(pastDue!.status).toBe('past_due');
    const open = await stripe.invoices.list({ customer: failing.customer.id, status: 'open' });
    expect(open.data).toHaveLength(1);
    const invoice = open.data[0]!;
    expect(invoice).toMatchObject({
      number: expect.stringMatching(/-0002$/),
      billing_reason: 'subscription_cycle',
      amount_remaining: 1900,
      hosted_invoice_url: `${sandbox.payments.url}/invoices/${invoice.id}`,
      invoice_pdf: `${sandbox.payments.url}/invoices/${invoice.id}/pdf`,
    });
    const page = await fetch(invoice.hosted_invoice_url!);
    expect(page.headers.get('content-type')).toMatch(/^text\/html/);
    expect(await page.text()).toContain(`Invoice ${invoice.number}`);
    const pdf = await fetch(invoice.invoice_pdf!);
    expect(pdf.headers.get('content-type')).toBe('application/pdf');
    expect(
      Buffer.from(await pdf.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).toBe('%PDF-');

    // Paying with the good card again clears it.
    const paid = await stripe.invoices.pay(invoice.id, { payment_method: failing.card.id });
    expect(paid.status).toBe('paid');
    const [active] = (await stripe.subscriptions.list({ customer: failing.customer.id })).data;
    expect(active!.status).toBe('active');
  });

  it('fails every renewal charge of an advance with failPayments', async () => {
    const { customer } = await customerWithCard();
    const basics = await price('plan_basics');
    await stripe.subscriptions.create({ customer: customer.id, items: [{ price: basics.id }] });
    const advanced = await advanceClock(sandbox, { days: 32, failPayments: true });
    expect(advanced.invoices.find((entry) => entry.customer === customer.id)).toMatchObject({
      status: 'open',
    });
    expect(advanced.events).toContain('invoice.payment_failed');
  });

  it('cancels at the period end, then ends the subscription with customer.subscription.deleted', async () => {
    const { customer } = await customerWithCard();
    const pro = await price('plan_pro');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: pro.id }],
    });
    const periodEnd = subscription.items.data[0]!.current_period_end;
    const pending = await stripe.subscriptions.update(subscription.id, {
      cancel_at_period_end: true,
    });
    expect(pending).toMatchObject({
      status: 'active',
      cancel_at_period_end: true,
      cancel_at: periodEnd,
    });
    const updatedHook = await eventually(() =>
      hooks
        .events()
        .find(
          (entry) =>
            entry.type === 'customer.subscription.updated' &&
            entry.data.object.id === subscription.id,
        ),
    );
    expect(updatedHook.data.object.cancel_at_period_end).toBe(true);
    await advanceClock(sandbox, { days: 32 });
    const ended = await stripe.subscriptions.retrieve(subscription.id);
    expect(ended).toMatchObject({ status: 'canceled', ended_at: periodEnd });
    expect(
      hooks
        .events()
        .some(
          (entry) =>
            entry.type === 'customer.subscription.deleted' &&
            entry.data.object.id === subscription.id,
        ),
    ).toBe(true);
    expect((await stripe.invoices.list({ subscription: subscription.id })).data).toHaveLength(1);
  });

  it('cancels at once with subscriptions.cancel', async () => {
    const { customer } = await customerWithCard();
    const basics = await price('plan_basics');
    const subscription = await stripe.subscriptions.create({
      customer: customer.id,
      items: [{ price: basics.id }],
    });
    const canceled = await stripe.subscriptions.cancel(subscription.id);
    expect(canceled.status).toBe('canceled');
    expect((await stripe.subscriptions.list({ customer: customer.id })).data).toEqual([]);
  });

  it('retries a webhook the endpoint refused', async () => {
    await sandbox.payments.webhooksIdle();
    hooks.failNextRequests(1);
    const customer = await newCustomer();
    const card = await cardFromToken('tok_visa');
    await stripe.paymentMethods.attach(card.id, { customer: customer.id });
    await sandbox.payments.webhooksIdle();
    const deliveries = (await (
      await fetch(`${sandbox.payments.url}/_control/webhooks`)
    ).json()) as { deliveries: Array<{ status: string; attempts: number; type: string }> };
    const last = deliveries.deliveries.at(-1)!;
    expect(last).toMatchObject({
      type: 'payment_method.attached',
      status: 'delivered',
      attempts: 2,
    });
  });

  it('does not hold the next events back while one is retried', async () => {
    await sandbox.payments.webhooksIdle();
    // Its own sandbox, whose retry comes well after the next request.
    const slow = await startTestSandbox({
      paymentsWebhookUrl: hooks.url,
      paymentsWebhookRetryDelays: [1500],
    });
    try {
      const slowStripe = sdkFor(slow);
      const before = hooks.received.length;
      hooks.failNextRequests(1);
      const customer = await slowStripe.customers.create({});
      const card = await slowStripe.paymentMethods.attach('pm_card_visa', {
        customer: customer.id,
      });
      await slowStripe.paymentMethods.detach(card.id);
      await slow.payments.webhooksIdle();
      const types = hooks
        .events()
        .slice(before)
        .map((event) => event.type);
      // attached (refused), detached, then attached again on its retry.
      expect(types).toEqual([
        'payment_method.attached',
        'payment_method.detached',
        'payment_method.attached',
      ]);
    } finally {
      await slow.close();
    }
  });

  it('creates promotion codes through the control', async () => {
    const response = await postJson(`${sandbox.payments.url}/_control/promotion-codes`, {
      code: 'SPRING25',
      percent_off: 25,
      duration: 'once',
    });
    expect(response.status).toBe(201);
    const [promo] = (await stripe.promotionCodes.list({ code: 'SPRING25', active: true })).data;
    expect(promo).toMatchObject({ code: 'SPRING25' });
    const again = await postJson(`${sandbox.payments.url}/_control/promotion-codes`, {
      code: 'SPRING25',
      percent_off: 25,
    });
    expect(again.status).toBe(400);
    const bad = await postJson(`${sandbox.payments.url}/_control/promotion-codes`, { code: 'X' });
    expect(bad.status).toBe(400);
  });

  it('refuses a wrong secret key, and the publishable key on server endpoints', async () => {
    await expect(sdkFor(sandbox, 'sk_test_wrong_key_123').customers.list()).rejects.toMatchObject({
      type: 'StripeAuthenticationError',
      statusCode: 401,
    });
    await expect(
      sdkFor(sandbox, sandbox.payments.publishableKey).customers.list(),
    ).rejects.toMatchObject({ statusCode: 401 });
  });

  it('refuses raw card numbers from the secret key, as Stripe does', async () => {
    await expect(
      stripe.paymentMethods.create({
        type: 'card',
        card: { number: '4242424242424242', exp_month: 12, exp_year: 2040, cvc: '123' },
      }),
    ).rejects.toMatchObject({ param: 'card[number]' });
  });
});
