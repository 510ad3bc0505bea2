import Stripe from 'stripe';
import type { TestSandbox } from './helpers';
import { startTestSandbox } from './helpers';
import { sdkFor } from './payments.helpers';

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
});
