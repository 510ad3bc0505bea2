import { createServer } from 'node:net';
import { PLAN_IDS } from '../../../src/db/plans';
import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';

// Stripe unreachable: a port that was free a moment ago and has no listener now.
async function deadPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  await new Promise<void>((resolve) => server.close(() => resolve()));
  return port;
}

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext({
    env: {
      STRIPE_SECRET_KEY: 'sk_test_down',
      STRIPE_WEBHOOK_SECRET: 'whsec_down',
      STRIPE_API_URL: `http://127.0.0.1:${await deadPort()}`,
    },
  });
});
afterAll(() => ctx.close());

const call = async (method: 'GET' | 'POST', url: string, payload?: object) =>
  ctx.app.inject({
    method,
    url: `/api/connect-ui${url}`,
    headers: await ctx.bearer(asUser('usr_down')),
    ...(payload ? { payload } : {}),
  });

describe('billing while Stripe cannot be reached', () => {
  it('answers 502 and stores nothing', async () => {
    const card = await call('POST', '/payment-method', { paymentMethodId: 'pm_card_visa' });
    expect(card.statusCode).toBe(502);
    expect(card.json().message).toBe(
      'The payment provider could not be reached. Please try again later.',
    );
    const paid = await call('POST', '/subscription', { planId: PLAN_IDS.pro });
    expect(paid.statusCode).toBe(502);
    expect(await ctx.database.db.selectFrom('billing_customers').selectAll().execute()).toEqual([]);
    const monitor = await call('GET', '/subscription-monitor');
    expect(monitor.json()).toEqual({ plan: null, isHavePaymentMethod: false, usage: null });
  }, 30_000);

  it('still moves between free plans, which need no Stripe call', async () => {
    const response = await call('POST', '/subscription', { planId: PLAN_IDS.trial });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ subStatus: 'trialing', plan: { name: 'Trial' } });
  });
});
