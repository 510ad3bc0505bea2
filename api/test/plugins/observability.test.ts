import type { TestContext } from '../helpers/app';
import { createTestContext } from '../helpers/app';
import { acceptDeliveries } from '../helpers/live';
import { insertApplication, userIdOf } from '../helpers/orders';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The value of one series of the process's metrics (0 when it has none yet). */
async function metric(line: string): Promise<number> {
  const text = (await ctx.app.inject({ method: 'GET', url: '/metrics' })).body;
  const found = text.split('\n').find((l) => l.startsWith(`${line} `));
  return found ? Number(found.slice(line.length + 1)) : 0;
}

describe('the request id', () => {
  it("is nginx's X-Request-Id when it has one, answered back", async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/health',
      headers: { 'x-request-id': '0f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c' },
    });
    expect(response.headers['x-request-id']).toBe('0f2c4e6a8b0d1f3e5a7c9b1d3f5e7a9c');
  });

  it('is a new one when none came or it has an odd shape', async () => {
    for (const headers of [{}, { 'x-request-id': 'two words\n' }]) {
      const response = await ctx.app.inject({ method: 'GET', url: '/health/live', headers });
      expect(response.headers['x-request-id']).toMatch(/^[0-9a-f-]{36}$/);
    }
  });

  it('names the POS host’s answers too', async () => {
    const response = await ctx.posHost.inject({
      method: 'GET',
      url: '/health',
      headers: { 'x-request-id': 'abc123' },
    });
    expect(response.headers['x-request-id']).toBe('abc123');
  });
});

describe('the webhook and order series', () => {
  it('count deliveries accepted and refused, and the orders stored', async () => {
    const userId = await userIdOf(ctx, 'usr_metrics');
    const appId = await insertApplication(ctx, userId, 'Metrics');
    const delivery = await acceptDeliveries(ctx, appId);
    const accepted = 'pos_webhook_deliveries_total{source="woocommerce",outcome="accepted"}';
    const refused = 'pos_webhook_deliveries_total{source="woocommerce",outcome="refused"}';
    const created = 'pos_orders_ingested_total{topic="order.created"}';
    const before = [await metric(accepted), await metric(refused), await metric(created)];

    const good = delivery(7001);
    const ok = await ctx.posHost.inject({
      method: 'POST',
      url: good.url,
      headers: good.headers,
      payload: good.body,
    });
    expect(ok.statusCode).toBe(200);
    const forged = delivery(7002);
    const bad = await ctx.posHost.inject({
      method: 'POST',
      url: forged.url,
      headers: { ...forged.headers, 'x-wc-webhook-signature': 'forged' },
      payload: forged.body,
    });
    expect(bad.statusCode).toBe(401);

    expect([await metric(accepted), await metric(refused), await metric(created)]).toEqual([
      before[0]! + 1,
      before[1]! + 1,
      before[2]! + 1,
    ]);
    expect(
      await metric(
        'pos_http_requests_total{listener="pos-host",method="POST",route="/wc-webhooks/:applicationId",status="200"}',
      ),
    ).toBe(1);
  });

  it('count a Stripe delivery refused for its signature', async () => {
    const refused = 'pos_webhook_deliveries_total{source="stripe",outcome="refused"}';
    const before = await metric(refused);
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/stripe/webhook',
      headers: { 'content-type': 'application/json', 'stripe-signature': 't=1,v1=forged' },
      payload: '{}',
    });
    expect(response.statusCode).toBeGreaterThanOrEqual(400);
    expect(await metric(refused)).toBe(before + 1);
  });
});
