import Stripe from 'stripe';
import type { TestSandbox } from './helpers';
import { startTestSandbox } from './helpers';
import { advanceClock, sdkFor } from './payments.helpers';

const METER = 'mtr_cloud_pos_excess_orders';
const EVENT = 'cloud_pos_excess_orders';

describe('payments sandbox: Billing Meters through the stripe SDK', () => {
  let sandbox: TestSandbox;
  let stripe: Stripe;
  beforeAll(async () => {
    sandbox = await startTestSandbox({ controls: true });
    stripe = sdkFor(sandbox);
  });
  afterAll(() => sandbox.close());

  const now = () => Math.floor(Date.now() / 1000);
  const usage = async (customer: string) => {
    const start = now() - 3600;
    const summaries = await stripe.billing.meters.listEventSummaries(METER, {
      customer,
      start_time: start,
      end_time: now() + 3600,
    });
    return summaries.data.reduce((sum, s) => sum + s.aggregated_value, 0);
  };

  it('records a meter event and sums it in the customer’s event summary', async () => {
    const customer = await stripe.customers.create({ email: 'meter@example.test' });
    const event = await stripe.billing.meterEvents.create({
      event_name: EVENT,
      payload: { stripe_customer_id: customer.id, value: '1' },
      identifier: 'order_a',
      timestamp: now() - 60,
    });
    expect(event).toMatchObject({
      object: 'billing.meter_event',
      event_name: EVENT,
      identifier: 'order_a',
      payload: { stripe_customer_id: customer.id, value: '1' },
    });
    await stripe.billing.meterEvents.create({
      event_name: EVENT,
      payload: { stripe_customer_id: customer.id, value: '1' },
      identifier: 'order_b',
    });
    expect(await usage(customer.id)).toBe(2);
    const meter = await stripe.billing.meters.retrieve(METER);
    expect(meter).toMatchObject({ event_name: EVENT, status: 'active' });
  });

  it('counts a repeated identifier once, refusing the repeat as Stripe does', async () => {
    const customer = await stripe.customers.create({ email: 'twice@example.test' });
    const params = {
      event_name: EVENT,
      payload: { stripe_customer_id: customer.id, value: '1' },
      identifier: 'order_twice',
    };
    await stripe.billing.meterEvents.create(params);
    const repeat = await stripe.billing.meterEvents.create(params).catch((error: unknown) => error);
    expect(repeat).toBeInstanceOf(Stripe.errors.StripeInvalidRequestError);
    expect(repeat).toMatchObject({ code: 'resource_already_exists', param: 'identifier' });
    expect(await usage(customer.id)).toBe(1);
  });

  it('refuses an unknown customer, an unknown event name, a bad value and an old timestamp', async () => {
    const refusal = (params: Stripe.Billing.MeterEventCreateParams) =>
      stripe.billing.meterEvents.create(params).catch((error: unknown) => error);
    const customer = await stripe.customers.create({ email: 'refused@example.test' });
    const unknown = await refusal({
      event_name: EVENT,
      payload: { stripe_customer_id: 'cus_nobody', value: '1' },
    });
    expect(unknown).toMatchObject({
      type: 'StripeInvalidRequestError',
      statusCode: 404,
      code: 'resource_missing',
      message: "No such customer: 'cus_nobody'",
      param: 'payload[stripe_customer_id]',
    });
    expect(
      await refusal({
        event_name: 'no_such_meter',
        payload: { stripe_customer_id: customer.id, value: '1' },
      }),
    ).toMatchObject({ statusCode: 400, param: 'event_name' });
    expect(
      await refusal({
        event_name: EVENT,
        payload: { stripe_customer_id: customer.id, value: 'one' },
      }),
    ).toMatchObject({ statusCode: 400, param: 'payload[value]' });
    expect(
      await refusal({
        event_name: EVENT,
        payload: { stripe_customer_id: customer.id, value: '1' },
        timestamp: now() - 40 * 86_400,
      }),
    ).toMatchObject({ statusCode: 400, param: 'timestamp' });
    expect(await usage(customer.id)).toBe(0);
  });

  describe('metered prices', () => {
    /** A customer with a card that pays, and a Basics subscription with its excess orders. */
    async function basicsWithExcess(email: string) {
      const customer = await stripe.customers.create({ email, payment_method: 'pm_card_visa' });
      const [card] = (await stripe.customers.listPaymentMethods(customer.id)).data;
      await stripe.customers.update(customer.id, {
        invoice_settings: { default_payment_method: card!.id },
      });
      const subscription = await stripe.subscriptions.create({
        customer: customer.id,
        items: [{ price: 'price_plan_basics_monthly' }, { price: 'price_plan_basics_excess' }],
      });
      return { customer: customer.id, subscription };
    }

    const meter = (customer: string, identifier: string) =>
      stripe.billing.meterEvents.create({
        event_name: EVENT,
        payload: { stripe_customer_id: customer, value: '1' },
        identifier,
      });

    it('lists each paid plan’s metered price on the meter at its perExcess', async () => {
      const [price] = (await stripe.prices.list({ lookup_keys: ['plan_plus_excess'] })).data;
      expect(price).toMatchObject({
        id: 'price_plan_plus_excess',
        unit_amount: 4,
        recurring: { usage_type: 'metered', meter: METER },
      });
      expect((await stripe.prices.list({ lookup_keys: ['plan_trial_excess'] })).data).toEqual([]);
    });

    it('refuses a quantity on a metered item, and bills the usage after the period only', async () => {
      const customer = await stripe.customers.create({ email: 'qty@example.test' });
      const refused = await stripe.subscriptions
        .create({
          customer: customer.id,
          items: [{ price: 'price_plan_basics_excess', quantity: 2 }],
        })
        .catch((error: unknown) => error);
      expect(refused).toMatchObject({ statusCode: 400, param: 'items[0][quantity]' });

      const { customer: id, subscription } = await basicsWithExcess('arrears@example.test');
      const first = await stripe.invoices.retrieve(subscription.latest_invoice as string);
      expect(first.lines.data.map((line) => line.amount)).toEqual([1900]);
      await meter(id, 'arrears_1');
      await meter(id, 'arrears_2');
      await advanceClock(sandbox, { days: 32 });
      const [latest] = (await stripe.invoices.list({ customer: id, limit: 1 })).data;
      expect(latest!.lines.data.map((line) => [line.description, line.amount])).toEqual(
        expect.arrayContaining([
          ['2 × Basics excess orders (at $0.05 each)', 10],
          ['1 × Basics (at $19.00 / month)', 1900],
        ]),
      );
    });

    it('adds and removes items, billing a removed metered item’s usage so far', async () => {
      const { customer, subscription } = await basicsWithExcess('remove@example.test');
      const metered = subscription.items.data.find((item) => item.price.id.endsWith('_excess'))!;
      await meter(customer, 'removed_1');
      const removed = await stripe.subscriptions.update(subscription.id, {
        items: [{ id: metered.id, deleted: true }],
        proration_behavior: 'always_invoice',
      });
      expect(removed.items.data.map((item) => item.price.id)).toEqual([
        'price_plan_basics_monthly',
      ]);
      const invoice = await stripe.invoices.retrieve(removed.latest_invoice as string);
      expect(invoice.lines.data.map((line) => [line.quantity, line.amount])).toEqual([[1, 5]]);

      const added = await stripe.subscriptions.update(subscription.id, {
        items: [{ price: 'price_plan_plus_excess' }],
      });
      expect(added.items.data.map((item) => item.price.id)).toEqual([
        'price_plan_basics_monthly',
        'price_plan_plus_excess',
      ]);
      const emptied = await stripe.subscriptions
        .update(subscription.id, {
          items: added.items.data.map((item) => ({ id: item.id, deleted: true })),
        })
        .catch((error: unknown) => error);
      expect(emptied).toMatchObject({ statusCode: 400, param: 'items' });
    });
  });
});
