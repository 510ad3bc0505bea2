import { createHmac } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import type { IncomingHttpHeaders, Server } from 'node:http';
import { createServer } from 'node:http';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestSandbox } from './helpers';
import { postForm, postJson, startTestSandbox } from './helpers';
import type { FakePosHost } from './posHandoff';
import { startFakePosHost } from './posHandoff';
import { openRegister } from './registerSession';
import { issueKeys, signedFetch } from './storeClient';

/** A delivery URL that records what it receives and answers with `status`. */
interface Receiver {
  url: string;
  status: number;
  received: Array<{ headers: IncomingHttpHeaders; body: string }>;
  close(): Promise<void>;
}

async function startReceiver(): Promise<Receiver> {
  const receiver = { status: 200, received: [] } as unknown as Receiver;
  const server: Server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      receiver.received.push({
        headers: request.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      });
      response.writeHead(receiver.status).end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  receiver.url = `http://127.0.0.1:${typeof address === 'object' && address ? address.port : 0}/hook`;
  receiver.close = () => new Promise((resolve) => server.close(() => resolve()));
  return receiver;
}

async function until<T>(check: () => T | undefined | false, ms = 3000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}

const TIMING = { delayMs: 20, retryDelaysMs: [20, 20, 20, 20, 20, 20], timeoutMs: 2000 };

let posHost: FakePosHost;
let sandbox: TestSandbox;
let coffee: string;
let receiver: Receiver;
let keys: Awaited<ReturnType<typeof issueKeys>>;

beforeAll(async () => {
  posHost = await startFakePosHost();
  sandbox = await startTestSandbox({
    storePorts: [0],
    controls: true,
    posJwks: posHost.jwksUrl,
    webhookTiming: TIMING,
  });
  coffee = sandbox.stores[0]!.url;
});
afterAll(async () => {
  await sandbox.close();
  await posHost.close();
});
beforeEach(async () => {
  await postJson(`${coffee}/_control/reset`, {});
  receiver = await startReceiver();
  keys = await issueKeys(coffee);
});
afterEach(() => receiver.close());

function createWebhook(topic: string, extra: Record<string, unknown> = {}) {
  return signedFetch(`${coffee}/wp-json/wc/v3/webhooks`, keys, {
    method: 'POST',
    body: { topic, delivery_url: receiver.url, secret: 'shh', ...extra },
  });
}

function signature(body: string, secret: string): string {
  return createHmac('sha256', secret).update(body).digest('base64');
}

async function checkout(fields: Record<string, string>) {
  return postForm(`${coffee}/shop/checkout`, fields);
}

describe('wc/v3/webhooks', () => {
  it('creates a webhook (201), pings its delivery URL with a form-encoded webhook_id, lists and deletes it', async () => {
    const created = await createWebhook('order.created', { name: 'Cloud POS' });
    expect(created.status).toBe(201);
    expect(created.body).toMatchObject({
      id: expect.any(Number),
      name: 'Cloud POS',
      status: 'active',
      topic: 'order.created',
      resource: 'order',
      event: 'created',
      delivery_url: receiver.url,
    });
    const ping = await until(() => receiver.received[0]);
    expect(ping.headers['content-type']).toBe('application/x-www-form-urlencoded');
    expect(ping.body).toBe(`webhook_id=${created.body.id}`);

    const list = await signedFetch(`${coffee}/wp-json/wc/v3/webhooks?per_page=100`, keys);
    expect(list.headers.get('x-wp-total')).toBe('1');
    expect(list.body.map((w: { id: number }) => w.id)).toEqual([created.body.id]);

    const url = `${coffee}/wp-json/wc/v3/webhooks/${created.body.id}`;
    expect((await signedFetch(url, keys, { method: 'DELETE' })).status).toBe(501);
    expect((await signedFetch(`${url}?force=true`, keys, { method: 'DELETE' })).status).toBe(200);
    expect((await signedFetch(url, keys)).status).toBe(404);
  });

  it('refuses an unknown topic or a delivery URL that is not http(s)', async () => {
    expect((await createWebhook('order.exploded')).status).toBe(400);
    const bad = await signedFetch(`${coffee}/wp-json/wc/v3/webhooks`, keys, {
      method: 'POST',
      body: { topic: 'order.created', delivery_url: 'ftp://x' },
    });
    expect(bad.status).toBe(400);
    expect(bad.body.code).toBe('rest_invalid_param');
  });

  it('delivers a web checkout as a signed order.created with the X-WC-Webhook headers', async () => {
    const { body: webhook } = await createWebhook('order.created');
    await until(() => receiver.received.length === 1);
    const page = await checkout({ qty_101: '2', name: 'Ada Lovelace', email: 'ada@example.test' });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain('Order received');

    const delivery = await until(() => receiver.received[1]);
    expect(delivery.headers).toMatchObject({
      'content-type': 'application/json',
      'x-wc-webhook-source': `${coffee}/`,
      'x-wc-webhook-topic': 'order.created',
      'x-wc-webhook-resource': 'order',
      'x-wc-webhook-event': 'created',
      'x-wc-webhook-id': String(webhook.id),
      'x-wc-webhook-delivery-id': expect.stringMatching(/^[0-9a-f]{32}$/),
    });
    expect(delivery.headers['x-wc-webhook-signature']).toBe(signature(delivery.body, 'shh'));
    const order = JSON.parse(delivery.body);
    expect(order).toMatchObject({
      created_via: 'checkout',
      status: 'processing',
      currency: 'USD',
      total: '6.48',
      billing: { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.test' },
      line_items: [expect.objectContaining({ product_id: 101, quantity: 2 })],
      date_created_gmt: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}$/),
    });
  });

  it('retries a failing delivery and disables the webhook after 5 consecutive failures', async () => {
    const { body: webhook } = await createWebhook('order.created');
    await until(() => receiver.received.length === 1);
    receiver.status = 500;
    await checkout({ qty_101: '1', name: 'Ada', email: 'ada@example.test' });
    await until(() => receiver.received.length === 6);
    const url = `${coffee}/wp-json/wc/v3/webhooks/${webhook.id}`;
    await new Promise((resolve) => setTimeout(resolve, 100));
    expect((await signedFetch(url, keys)).body.status).toBe('disabled');
    // Disabled: nothing more is sent.
    await checkout({ qty_101: '1', name: 'Ada', email: 'ada@example.test' });
    await new Promise((resolve) => setTimeout(resolve, 200));
    expect(receiver.received).toHaveLength(6);
  });

  it('a paused webhook sends nothing', async () => {
    await createWebhook('order.created', { status: 'paused' });
    await checkout({ qty_101: '1', name: 'Ada', email: 'ada@example.test' });
    await new Promise((resolve) => setTimeout(resolve, 150));
    expect(receiver.received).toHaveLength(0);
  });

  it('fires customer.created and product.created when they are added, and order.deleted', async () => {
    await createWebhook('customer.created');
    await createWebhook('product.created');
    await createWebhook('order.deleted');
    await until(() => receiver.received.length === 3);
    await signedFetch(`${coffee}/wp-json/wc/v3/customers`, keys, {
      method: 'POST',
      body: { email: 'new@example.test', first_name: 'New' },
    });
    await signedFetch(`${coffee}/wp-json/wc/v3/products`, keys, {
      method: 'POST',
      body: { name: 'Mocha', regular_price: '4.60' },
    });
    await checkout({ qty_101: '1', name: 'Ada', email: 'ada@example.test' });
    const { body: orders } = await signedFetch(`${coffee}/wp-json/wc/v3/orders`, keys);
    await signedFetch(`${coffee}/wp-json/wc/v3/orders/${orders[0].id}?force=true`, keys, {
      method: 'DELETE',
    });
    await until(() => receiver.received.length === 6);
    const topics = receiver.received.slice(3).map((r) => r.headers['x-wc-webhook-topic']);
    expect(topics.sort()).toEqual(['customer.created', 'order.deleted', 'product.created']);
    const deleted = receiver.received.find(
      (r) => r.headers['x-wc-webhook-topic'] === 'order.deleted',
    );
    expect(JSON.parse(deleted!.body)).toEqual({ id: orders[0].id });
  });
});

describe("a station's register", () => {
  it('rings up a sale: an order with created_via cloud-pos, the station and cashier meta, and order.created', async () => {
    await createWebhook('order.created');
    await until(() => receiver.received.length === 1);
    const register = await openRegister(coffee, posHost);
    const sale = await register.call('POST', 'orders', {
      lines: [
        { product_id: 102, quantity: 2 },
        { product_id: 107, quantity: 1 },
      ],
      payment: { method: 'cash', tendered: '20.00' },
    });
    expect(sale.status).toBe(201);
    expect(sale.body).toMatchObject({ total: '12.53', change: '7.47' });

    const delivery = await until(() => receiver.received[1]);
    const order = JSON.parse(delivery.body);
    expect(order).toMatchObject({
      id: sale.body.id,
      created_via: 'cloud-pos',
      status: 'completed',
      payment_method: 'pos_cash',
      total: '12.53',
      meta_data: expect.arrayContaining([
        expect.objectContaining({ key: 'cloud_pos_station_id', value: '1' }),
        expect.objectContaining({ key: 'cloud_pos_station_name', value: 'Front Counter' }),
        expect.objectContaining({ key: 'cloud_pos_cashier_id', value: '1' }),
        expect.objectContaining({ key: 'cloud_pos_cashier_name', value: 'Sam Owner' }),
      ]),
    });
  });

  it("refunds a line: order.updated with the order's refunds, as wc_create_refund fires it", async () => {
    await createWebhook('order.updated');
    await until(() => receiver.received.length === 1);
    const register = await openRegister(coffee, posHost);
    const sale = await register.call('POST', 'orders', {
      lines: [
        { product_id: 102, quantity: 2 },
        { product_id: 107, quantity: 1 },
      ],
      tenders: [{ method: 'cash', amount: '12.53', tendered: '20.00' }],
    });
    const croissant = sale.body.line_items.find(
      (line: { product_id: number }) => line.product_id === 107,
    );
    const refund = await register.call('POST', `orders/${sale.body.id}/refunds`, {
      reason: 'Stale',
      lines: [{ line_id: croissant.id, quantity: 1 }],
    });
    expect(refund.status).toBe(201);

    const delivery = await until(() => receiver.received[1]);
    expect(delivery.headers['x-wc-webhook-topic']).toBe('order.updated');
    expect(JSON.parse(delivery.body)).toMatchObject({
      id: sale.body.id,
      status: 'completed',
      total: '12.53',
      refunds: [expect.objectContaining({ reason: 'Stale', total: '-3.46' })],
    });
  });
});

describe('wc/v3/orders', () => {
  it('pages with X-WP-Total and X-WP-TotalPages and filters by after, modified_after and status', async () => {
    for (let n = 0; n < 3; n += 1) {
      await checkout({ qty_102: '1', name: 'Ada', email: 'ada@example.test' });
      sandbox.advance(60);
    }
    const page1 = await signedFetch(`${coffee}/wp-json/wc/v3/orders?per_page=2&order=asc`, keys);
    expect(page1.headers.get('x-wp-total')).toBe('3');
    expect(page1.headers.get('x-wp-totalpages')).toBe('2');
    expect(page1.body).toHaveLength(2);
    const page2 = await signedFetch(
      `${coffee}/wp-json/wc/v3/orders?per_page=2&page=2&order=asc`,
      keys,
    );
    expect(page2.body).toHaveLength(1);
    const first = page1.body[0];
    const after = await signedFetch(
      `${coffee}/wp-json/wc/v3/orders?after=${first.date_created_gmt}`,
      keys,
    );
    expect(after.headers.get('x-wp-total')).toBe('2');

    sandbox.advance(60);
    await signedFetch(`${coffee}/wp-json/wc/v3/orders/${first.id}`, keys, {
      method: 'PUT',
      body: { status: 'completed' },
    });
    const modified = await signedFetch(
      `${coffee}/wp-json/wc/v3/orders?modified_after=${page2.body[0].date_modified_gmt}`,
      keys,
    );
    expect(modified.body.map((o: { id: number }) => o.id)).toEqual([first.id]);
    const completed = await signedFetch(`${coffee}/wp-json/wc/v3/orders?status=completed`, keys);
    expect(completed.body.map((o: { id: number }) => o.id)).toEqual([first.id]);
    expect((await signedFetch(`${coffee}/wp-json/wc/v3/orders/999999`, keys)).status).toBe(404);
  });

  it('refuses per_page above 100 and dates that are not ISO 8601', async () => {
    const big = await signedFetch(`${coffee}/wp-json/wc/v3/orders?per_page=101`, keys);
    expect(big.status).toBe(400);
    const date = await signedFetch(`${coffee}/wp-json/wc/v3/orders?after=yesterday`, keys);
    expect(date.status).toBe(400);
  });

  it('are not readable without a key', async () => {
    expect((await fetch(`${coffee}/wp-json/wc/v3/orders`)).status).toBe(401);
  });

  it('a checkout without items or with a bad email is refused and creates nothing', async () => {
    expect((await checkout({ name: 'Ada', email: 'ada@example.test' })).status).toBe(400);
    expect((await checkout({ qty_101: '1', name: 'Ada', email: 'nope' })).status).toBe(400);
    const { headers } = await signedFetch(`${coffee}/wp-json/wc/v3/orders`, keys);
    expect(headers.get('x-wp-total')).toBe('0');
  });
});

describe('demo orders', () => {
  it('are months of orders of both channels, several stations and cashiers, generated once', async () => {
    const dataDir = await mkdtemp(path.join(tmpdir(), 'sandbox-orders-'));
    const demoStoreKey = {
      consumerKey: `ck_${'a'.repeat(40)}`,
      consumerSecret: `cs_${'b'.repeat(40)}`,
    };
    const demoKeys = {
      consumer_key: demoStoreKey.consumerKey,
      consumer_secret: demoStoreKey.consumerSecret,
    };
    try {
      const first = await startTestSandbox({ storePorts: [0], dataDir, demoStoreKey });
      const home = first.stores[0]!.url;
      const all = await signedFetch(
        `${home}/wp-json/wc/v3/orders?per_page=100&order=asc`,
        demoKeys,
      );
      const total = Number(all.headers.get('x-wp-total'));
      expect(total).toBeGreaterThan(500);
      expect(
        all.body[0].date_created_gmt < new Date(Date.now() - 90 * 86_400_000).toISOString(),
      ).toBe(true);
      await first.close();

      const again = await startTestSandbox({ storePorts: [0], dataDir, demoStoreKey });
      const home2 = again.stores[0]!.url;
      const pages = Number(all.headers.get('x-wp-totalpages'));
      const seen: Array<{ created_via: string; meta_data: Array<{ key: string; value: string }> }> =
        [];
      for (let page = 1; page <= pages; page += 1) {
        const { body } = await signedFetch(
          `${home2}/wp-json/wc/v3/orders?per_page=100&page=${page}`,
          demoKeys,
        );
        seen.push(...body);
      }
      await again.close();
      expect(seen).toHaveLength(total);
      const meta = (key: string) =>
        new Set(seen.flatMap((o) => o.meta_data.filter((m) => m.key === key).map((m) => m.value)));
      expect(new Set(seen.map((o) => o.created_via))).toEqual(new Set(['checkout', 'cloud-pos']));
      expect(meta('cloud_pos_station_id').size).toBe(3);
      expect(meta('cloud_pos_station_name')).toEqual(
        new Set(['Front Counter', 'Espresso Bar', 'Pickup Window']),
      );
      expect(meta('cloud_pos_cashier_id').size).toBeGreaterThan(5);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
