import { createHmac } from 'node:crypto';
import { credentialsOf } from '../../../src/domain/applications/credentials';
import { RefusalLog, webhookIdOf } from '../../../src/domain/orders/ingest';
import {
  connectOrdersQuietly,
  pullOrders,
  reconcileApplication,
  reconcileDue,
} from '../../../src/domain/orders/sync';
import type { StoreAccess } from '../../../src/domain/store-access';
import type { TestContext } from '../../helpers/app';
import { createTestContext } from '../../helpers/app';
import { call, connectApplication, feedOf, rowOf } from '../../helpers/applications';
import type { TestSandbox } from '../../helpers/sandbox';
import { startTestSandbox } from '../../helpers/sandbox';

// Orders reach the api as WooCommerce integrations receive them (issue 12 §1): webhooks
// registered on the real sandbox stores when an application is authorized, signed deliveries
// to the POS host, and reconcile through REST v3 `GET orders`.

let ctx: TestContext;
let sandbox: TestSandbox;
let coffee: string;
let books: string;
const silent = { info() {}, warn() {}, error() {} } as never;

beforeAll(async () => {
  [ctx, sandbox] = await Promise.all([createTestContext(), startTestSandbox()]);
  [coffee, books] = sandbox.stores;
});
afterAll(async () => {
  await ctx.close();
  await sandbox.close();
});

async function until<T>(check: () => Promise<T | undefined | null | false>, ms = 5000): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const value = await check();
    if (value) return value;
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

/** Connects `sub`'s application to `store` and waits for its webhooks and backfill. */
async function connected(store: string, sub: string, name = 'Coffee') {
  const { id } = await connectApplication(ctx, sandbox, store, sub, name);
  await until(async () => (await ctx.app.repos.orders.sync(id))?.backfilled_at);
  const row = await rowOf(ctx, id);
  const credentials = credentialsOf(row, ctx.access.secrets)!;
  const hooks = (await ctx.access.store.webhooks(store, credentials)).filter((w) =>
    w.deliveryUrl.endsWith(`/wc-webhooks/${id}`),
  );
  // The store's REST answer holds the secret the api gave it: the test signs with it.
  const secret = await storeSecret(store, credentials, hooks[0]!.id);
  return { id, row, credentials, hooks, secret };
}

async function storeSecret(
  store: string,
  credentials: { consumerKey: string; consumerSecret: string },
  webhookId: number,
): Promise<string> {
  const { authorize } = await import('../../../src/services/store/auth');
  const { url, headers } = authorize(
    'GET',
    `${store}/wp-json/wc/v3/webhooks/${webhookId}`,
    credentials,
  );
  const response = await fetch(url, { headers });
  return ((await response.json()) as { secret: string }).secret;
}

const sign = (body: string, secret: string) =>
  createHmac('sha256', secret).update(body).digest('base64');

let deliveries = 0;

/**
 * A delivery as the store sends it: from the application's first stored webhook by default,
 * with a new X-WC-Webhook-Delivery-ID each time (WooCommerce makes one per delivery) unless
 * `deliveryId` is given.
 */
async function deliver(
  applicationId: string,
  topic: string,
  payload: unknown,
  signature: string | null | ((body: string) => string),
  webhookId?: string,
  deliveryId: string | null = `delivery${(deliveries += 1)}`,
) {
  const sync = await ctx.app.repos.orders.sync(applicationId);
  const stored = sync ? (JSON.parse(sync.webhook_ids) as number[]) : [];
  const body = JSON.stringify(payload);
  const sig = typeof signature === 'function' ? signature(body) : signature;
  return ctx.posHost.inject({
    method: 'POST',
    url: `/wc-webhooks/${applicationId}`,
    headers: {
      'content-type': 'application/json',
      'x-wc-webhook-source': `${coffee}/`,
      'x-wc-webhook-topic': topic,
      'x-wc-webhook-resource': topic.split('.')[0]!,
      'x-wc-webhook-event': topic.split('.')[1]!,
      'x-wc-webhook-id': webhookId ?? String(stored[0] ?? 0),
      ...(deliveryId === null ? {} : { 'x-wc-webhook-delivery-id': deliveryId }),
      ...(sig === null ? {} : { 'x-wc-webhook-signature': sig }),
    },
    payload: body,
  });
}

let nextOrderId = 50_000;
function wcOrder(extra: Record<string, unknown> = {}) {
  return {
    id: nextOrderId++,
    status: 'processing',
    currency: 'USD',
    total: '12.34',
    created_via: 'checkout',
    date_created_gmt: '2026-11-02T10:00:00',
    date_modified_gmt: '2026-11-02T10:00:00',
    line_items: [],
    meta_data: [],
    ...extra,
  };
}

const orders = (id: string) => ctx.app.repos.orders.list(id);

async function checkout(store: string, email = 'ada@example.test') {
  const response = await fetch(`${store}/shop/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ qty_101: '1', qty_201: '1', name: 'Ada L', email }).toString(),
  });
  if (response.status !== 200) throw new Error(`checkout answered ${response.status}`);
}

describe('authorizing an application', () => {
  it('registers the five webhooks with the POS host delivery URL and backfills this month', async () => {
    await checkout(coffee, 'before@example.test');
    const { id, hooks } = await connected(coffee, 'usr_orders_register');
    expect(hooks.map((h) => h.topic).sort()).toEqual([
      'customer.created',
      'order.created',
      'order.deleted',
      'order.updated',
      'product.created',
    ]);
    for (const hook of hooks) {
      expect(hook.status).toBe('active');
      expect(hook.deliveryUrl).toBe(`${ctx.config.posPublicUrl}/wc-webhooks/${id}`);
    }
    const stored = await orders(id);
    expect(stored.length).toBeGreaterThanOrEqual(1);
    expect(stored[0]).toMatchObject({ channel: 'web', currency: 'USD', deleted: 0 });
    // The secret is sealed at rest, never stored in clear.
    const sync = await ctx.app.repos.orders.sync(id);
    expect(sync?.webhook_secret_enc).not.toContain(
      await storeSecret(
        coffee,
        credentialsOf(await rowOf(ctx, id), ctx.access.secrets)!,
        hooks[0]!.id,
      ),
    );
  });

  /**
   * The store's webhooks that still deliver to the application, asked with another key of the
   * store's admin: the application's own key is revoked with them.
   */
  const webhooksLeftFor = async (id: string) => {
    const other = await sandbox.mintKey(coffee);
    const hooks = await ctx.access.store.webhooks(coffee, {
      consumerKey: other.consumer_key,
      consumerSecret: other.consumer_secret,
    });
    return hooks.filter((w) => w.deliveryUrl.endsWith(`/wc-webhooks/${id}`));
  };

  it('deletes the webhooks on the store when disconnected', async () => {
    const { id, credentials } = await connected(coffee, 'usr_orders_disconnect');
    const response = await call(
      ctx,
      'PUT',
      `/applications/${id}`,
      { deauth: true },
      'usr_orders_disconnect',
    );
    expect(response.statusCode).toBe(200);
    expect(await webhooksLeftFor(id)).toEqual([]);
    expect(credentials.consumerKey).toBeTruthy();
    expect(await ctx.app.repos.orders.sync(id)).toBeUndefined();
  });

  it('deletes the webhooks on the store when the application is deleted', async () => {
    const { id, credentials } = await connected(coffee, 'usr_orders_delete');
    const response = await call(
      ctx,
      'DELETE',
      `/applications/${id}`,
      undefined,
      'usr_orders_delete',
    );
    // Issue 27: the key is revoked too, as a disconnect's.
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ keyRevoked: true });
    expect(await webhooksLeftFor(id)).toEqual([]);
    expect(credentials.consumerKey).toBeTruthy();
  });
});

describe('deliveries (POST /wc-webhooks/{applicationId} on the POS host)', () => {
  let app: Awaited<ReturnType<typeof connected>>;
  beforeAll(async () => {
    app = await connected(coffee, 'usr_orders_deliver', 'Deliveries');
  });

  it('answers the activation ping (form-encoded webhook_id) with 200', async () => {
    const response = await ctx.posHost.inject({
      method: 'POST',
      url: `/wc-webhooks/${app.id}`,
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      payload: 'webhook_id=7',
    });
    expect(response.statusCode).toBe(200);
  });

  it('stores a signed order.created with its orderProcessed entry', async () => {
    const order = wcOrder();
    const response = await deliver(app.id, 'order.created', order, (b) => sign(b, app.secret));
    expect(response.statusCode).toBe(200);
    const row = (await orders(app.id)).find((o) => o.store_order_id === order.id);
    expect(row).toMatchObject({
      status: 'processing',
      total_cents: 1234,
      currency: 'USD',
      created_at: '2026-11-02T10:00:00.000Z',
      channel: 'web',
      station_pos_id: null,
      deleted: 0,
    });
    const feed = await feedOf(ctx, 'usr_orders_deliver');
    expect(feed[0]).toMatchObject({
      feedType: 'orderProcessed',
      name: `Order #${order.id} was processed in Deliveries`,
    });
  });

  it.each([
    ['missing', null],
    ['bad', 'bm90IHRoZSBzaWduYXR1cmU='],
  ])('refuses a %s signature with 401 and stores nothing', async (_label, signature) => {
    const order = wcOrder();
    const response = await deliver(app.id, 'order.created', order, signature);
    expect(response.statusCode).toBe(401);
    expect((await orders(app.id)).some((o) => o.store_order_id === order.id)).toBe(false);
  });

  it('refuses a body changed after signing', async () => {
    const order = wcOrder();
    const signature = sign(JSON.stringify(order), app.secret);
    const response = await deliver(app.id, 'order.created', { ...order, total: '0.01' }, signature);
    expect(response.statusCode).toBe(401);
  });

  it('keeps one row and one feed entry on a duplicate delivery', async () => {
    const order = wcOrder();
    for (let n = 0; n < 2; n += 1) {
      const response = await deliver(app.id, 'order.created', order, (b) => sign(b, app.secret));
      expect(response.statusCode).toBe(200);
    }
    expect((await orders(app.id)).filter((o) => o.store_order_id === order.id)).toHaveLength(1);
    const entries = (await feedOf(ctx, 'usr_orders_deliver')).filter((e) =>
      e.name.startsWith(`Order #${order.id} `),
    );
    expect(entries).toHaveLength(1);
  });

  it('ignores an older update arriving after a newer one', async () => {
    const order = wcOrder();
    const newer = { ...order, status: 'completed', date_modified_gmt: '2026-11-02T12:00:00' };
    const older = { ...order, status: 'on-hold', date_modified_gmt: '2026-11-02T11:00:00' };
    await deliver(app.id, 'order.updated', newer, (b) => sign(b, app.secret));
    const late = await deliver(app.id, 'order.updated', older, (b) => sign(b, app.secret));
    expect(late.statusCode).toBe(200);
    const row = (await orders(app.id)).find((o) => o.store_order_id === order.id);
    expect(row).toMatchObject({ status: 'completed', modified_at: '2026-11-02T12:00:00.000Z' });
  });

  it('marks an order deleted on order.deleted', async () => {
    const order = wcOrder();
    await deliver(app.id, 'order.created', order, (b) => sign(b, app.secret));
    const response = await deliver(app.id, 'order.deleted', { id: order.id }, (b) =>
      sign(b, app.secret),
    );
    expect(response.statusCode).toBe(200);
    expect((await orders(app.id)).find((o) => o.store_order_id === order.id)?.deleted).toBe(1);
  });

  it('a newer order.updated (restored from the trash) clears deleted; a late older one does not', async () => {
    const order = wcOrder();
    const send = (topic: string, payload: unknown) =>
      deliver(app.id, topic, payload, (b) => sign(b, app.secret));
    await send('order.created', order);
    await send('order.deleted', { id: order.id });
    const find = async () => (await orders(app.id)).find((o) => o.store_order_id === order.id);
    // The version from before the delete, delivered again: still deleted.
    await send('order.updated', order);
    expect((await find())?.deleted).toBe(1);
    await send('order.updated', { ...order, date_modified_gmt: '2099-01-01T00:00:00' });
    expect(await find()).toMatchObject({ deleted: 0, status: 'processing' });
  });

  it('keeps an order.deleted that arrives before its order.created', async () => {
    const order = wcOrder();
    const send = (topic: string, payload: unknown) =>
      deliver(app.id, topic, payload, (b) => sign(b, app.secret));
    const feedBefore = (await feedOf(ctx, 'usr_orders_deliver')).length;
    expect((await send('order.deleted', { id: order.id })).statusCode).toBe(200);
    expect((await send('order.created', order)).statusCode).toBe(200);
    const rows = (await orders(app.id)).filter((o) => o.store_order_id === order.id);
    expect(rows).toHaveLength(1);
    expect(rows[0]?.deleted).toBe(1);
    expect((await feedOf(ctx, 'usr_orders_deliver')).length).toBe(feedBefore);
  });

  it('reads the channel, station and cashier of a Cloud POS order', async () => {
    const order = wcOrder({
      created_via: 'cloud-pos',
      meta_data: [
        { id: 1, key: 'cloud_pos_station_id', value: '2' },
        { id: 4, key: 'cloud_pos_station_name', value: ' Front Counter ' },
        { id: 2, key: 'cloud_pos_cashier_id', value: '3' },
        { id: 3, key: 'cloud_pos_cashier_name', value: 'Olivia Hart' },
      ],
    });
    await deliver(app.id, 'order.created', order, (b) => sign(b, app.secret));
    expect((await orders(app.id)).find((o) => o.store_order_id === order.id)).toMatchObject({
      channel: 'pos',
      station_pos_id: 2,
      station_name: 'Front Counter',
      cashier_wp_user_id: 3,
      cashier_name: 'Olivia Hart',
    });
    // The store renamed the station and the order was saved again: the update carries it.
    const renamed = {
      ...order,
      date_modified_gmt: '2099-01-01T00:00:00',
      meta_data: [
        { id: 1, key: 'cloud_pos_station_id', value: '2' },
        { id: 4, key: 'cloud_pos_station_name', value: 'Front Desk' },
      ],
    };
    await deliver(app.id, 'order.updated', renamed, (b) => sign(b, app.secret));
    expect((await orders(app.id)).find((o) => o.store_order_id === order.id)?.station_name).toBe(
      'Front Desk',
    );
  });

  it("takes an order's refunds off the revenue and keeps the order counted", async () => {
    // A register sale of 12.53, then WooCommerce's order.updated after a refund of one line
    // (4.54) and after the rest (7.99: the order is refunded), as wc_create_refund fires them.
    const order = wcOrder({
      status: 'completed',
      total: '12.53',
      created_via: 'cloud-pos',
      date_created_gmt: '2026-11-03T10:00:00',
      date_modified_gmt: '2026-11-03T10:00:00',
      meta_data: [{ id: 1, key: 'cloud_pos_station_id', value: '1' }],
      refunds: [],
    });
    const range = { start: '2026-11-03T00:00:00.000Z', end: '2026-11-04T00:00:00.000Z' };
    const revenue = async () => {
      const { groups } = await ctx.app.repos.analytics.usage(
        [app.id],
        { ...range, split: null },
        false,
      );
      return groups.map((g) => [g.orders, g.cents]);
    };
    await deliver(app.id, 'order.created', order, (b) => sign(b, app.secret));
    expect(await revenue()).toEqual([[1, 1253]]);
    const partly = {
      ...order,
      date_modified_gmt: '2026-11-03T11:00:00',
      refunds: [{ id: 9001, reason: 'Spilled', total: '-4.54' }],
    };
    expect(
      (await deliver(app.id, 'order.updated', partly, (b) => sign(b, app.secret))).statusCode,
    ).toBe(200);
    expect((await orders(app.id)).find((o) => o.store_order_id === order.id)).toMatchObject({
      status: 'completed',
      total_cents: 1253,
      refunded_cents: 454,
    });
    expect(await revenue()).toEqual([[1, 799]]);
    const whole = {
      ...order,
      status: 'refunded',
      date_modified_gmt: '2026-11-03T12:00:00',
      refunds: [
        { id: 9002, reason: 'Closed', total: '-7.99' },
        { id: 9001, reason: 'Spilled', total: '-4.54' },
      ],
    };
    await deliver(app.id, 'order.updated', whole, (b) => sign(b, app.secret));
    expect((await orders(app.id)).find((o) => o.store_order_id === order.id)).toMatchObject({
      status: 'refunded',
      refunded_cents: 1253,
    });
    // Still one order (the plan counts it), no revenue left.
    expect(await revenue()).toEqual([[1, 0]]);
  });

  it('keeps a station name without its hidden characters', async () => {
    const order = wcOrder({
      created_via: 'cloud-pos',
      meta_data: [
        { id: 1, key: 'cloud_pos_station_id', value: '3' },
        { id: 2, key: 'cloud_pos_station_name', value: 'Front\u202e Desk\u{e0041}' },
      ],
    });
    await deliver(app.id, 'order.created', order, (b) => sign(b, app.secret));
    expect((await orders(app.id)).find((o) => o.store_order_id === order.id)?.station_name).toBe(
      'Front Desk',
    );
  });

  it('keeps no station name that is not a trimmed string of at most 200 characters', async () => {
    const names: unknown[] = ['   ', 'x'.repeat(201), 42, { name: 'Front' }, '\u202e\u200b\u2066'];
    const ids: number[] = [];
    for (const value of names) {
      const order = wcOrder({
        created_via: 'cloud-pos',
        meta_data: [
          { id: 1, key: 'cloud_pos_station_id', value: '2' },
          { id: 2, key: 'cloud_pos_station_name', value },
        ],
      });
      ids.push(order.id);
      expect(
        (await deliver(app.id, 'order.created', order, (b) => sign(b, app.secret))).statusCode,
      ).toBe(200);
    }
    const stored = (await orders(app.id)).filter((o) => ids.includes(o.store_order_id));
    expect(stored.map((o) => [o.station_pos_id, o.station_name])).toEqual(
      names.map(() => [2, null]),
    );
  });

  it('adds customerAdded and productAdded entries', async () => {
    await deliver(app.id, 'customer.created', { id: 9, first_name: 'Carl', last_name: 'C' }, (b) =>
      sign(b, app.secret),
    );
    await deliver(app.id, 'product.created', { id: 901, name: 'Mocha' }, (b) =>
      sign(b, app.secret),
    );
    const feed = await feedOf(ctx, 'usr_orders_deliver');
    expect(feed.slice(0, 2).map((e) => [e.feedType, e.name])).toEqual([
      ['productAdded', 'Product Mocha was added in Deliveries'],
      ['customerAdded', 'Customer Carl C was added in Deliveries'],
    ]);
  });

  it('adds one feed entry for a customer.created or product.created delivered again', async () => {
    const send = (topic: string, payload: unknown) =>
      deliver(app.id, topic, payload, (b) => sign(b, app.secret));
    const before = (await feedOf(ctx, 'usr_orders_deliver')).length;
    for (let i = 0; i < 2; i += 1) {
      expect((await send('customer.created', { id: 77, first_name: 'Dup' })).statusCode).toBe(200);
      expect((await send('product.created', { id: 977, name: 'Dup' })).statusCode).toBe(200);
    }
    const feed = await feedOf(ctx, 'usr_orders_deliver');
    expect(feed.length).toBe(before + 2);
  });

  it("refuses a signed delivery whose X-WC-Webhook-ID is not one of the application's webhooks", async () => {
    const order = wcOrder();
    for (const id of ['999999', '']) {
      const response = await deliver(
        app.id,
        'order.created',
        order,
        (b) => sign(b, app.secret),
        id,
      );
      expect(response.statusCode).toBe(401);
    }
    expect((await orders(app.id)).some((o) => o.store_order_id === order.id)).toBe(false);
  });

  it('refuses an exact replay (same X-WC-Webhook-Delivery-ID and body) with 409 and changes nothing', async () => {
    const send = (topic: string, payload: unknown, deliveryId: string) =>
      deliver(app.id, topic, payload, (b) => sign(b, app.secret), undefined, deliveryId);
    const feedLength = async () => (await feedOf(ctx, 'usr_orders_deliver')).length;
    // A customer without an id has no resource key: only the delivery's record stops a repeat.
    const before = await feedLength();
    expect((await send('customer.created', { first_name: 'Once' }, 'replay-c')).statusCode).toBe(
      200,
    );
    const again = await send('customer.created', { first_name: 'Once' }, 'replay-c');
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: 'Delivery already received' });
    expect(await feedLength()).toBe(before + 1);
    // An old order.deleted replayed after the order was restored does not delete it again.
    const order = wcOrder();
    expect((await send('order.created', order, 'replay-o1')).statusCode).toBe(200);
    expect((await send('order.deleted', { id: order.id }, 'replay-o2')).statusCode).toBe(200);
    const restored = { ...order, date_modified_gmt: '2099-01-01T00:00:00' };
    expect((await send('order.updated', restored, 'replay-o3')).statusCode).toBe(200);
    expect((await send('order.deleted', { id: order.id }, 'replay-o2')).statusCode).toBe(409);
    expect((await send('order.created', order, 'replay-o1')).statusCode).toBe(409);
    expect((await orders(app.id)).find((o) => o.store_order_id === order.id)?.deleted).toBe(0);
    // A topic the api ignores is recorded too.
    expect((await send('coupon.created', { id: 5 }, 'replay-t')).statusCode).toBe(200);
    expect((await send('coupon.created', { id: 5 }, 'replay-t')).statusCode).toBe(409);
  });

  it('refuses a replay racing its original once: one 200, one 409, one feed entry', async () => {
    const order = wcOrder();
    const answers = await Promise.all(
      [1, 2, 3].map(() =>
        deliver(app.id, 'order.created', order, (b) => sign(b, app.secret), undefined, 'race-1'),
      ),
    );
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, 409, 409]);
    const entries = (await feedOf(ctx, 'usr_orders_deliver')).filter((e) =>
      e.name.startsWith(`Order #${order.id} `),
    );
    expect(entries).toHaveLength(1);
  });

  it('takes two deliveries sharing a delivery id with different bodies (WooCommerce hashes the webhook and the second)', async () => {
    const [first, second] = [wcOrder(), wcOrder()];
    for (const order of [first, second]) {
      const response = await deliver(
        app.id,
        'order.created',
        order,
        (b) => sign(b, app.secret),
        undefined,
        'a1b2c3d4e5f6a7b8c9d0e1f2a3b4c5d6',
      );
      expect(response.statusCode).toBe(200);
    }
    const stored = (await orders(app.id)).map((o) => o.store_order_id);
    expect(stored).toEqual(expect.arrayContaining([first.id, second.id]));
  });

  it('takes a delivery re-sent with the same id after it was refused', async () => {
    const order = wcOrder();
    const refused = await deliver(app.id, 'order.created', order, 'bad', undefined, 'resent-1');
    expect(refused.statusCode).toBe(401);
    const resent = await deliver(
      app.id,
      'order.created',
      order,
      (b) => sign(b, app.secret),
      undefined,
      'resent-1',
    );
    expect(resent.statusCode).toBe(200);
    expect((await orders(app.id)).some((o) => o.store_order_id === order.id)).toBe(true);
  });

  it('refuses a delivery without a well-formed X-WC-Webhook-Delivery-ID with 400', async () => {
    for (const deliveryId of [null, 'has space', 'x'.repeat(129)]) {
      const order = wcOrder();
      const response = await deliver(
        app.id,
        'order.created',
        order,
        (b) => sign(b, app.secret),
        undefined,
        deliveryId,
      );
      expect(response.statusCode).toBe(400);
      expect((await orders(app.id)).some((o) => o.store_order_id === order.id)).toBe(false);
    }
  });

  it('reads X-WC-Webhook-ID as a decimal integer only', async () => {
    const sync = await ctx.app.repos.orders.sync(app.id);
    const id = (JSON.parse(sync!.webhook_ids) as number[])[0]!;
    for (const header of [
      `${id}.0`,
      `+${id}`,
      `0${id}`,
      `${id}e0`,
      `0x${id.toString(16)}`,
      ` ${id}`,
      `${id}abc`,
    ]) {
      const order = wcOrder();
      const response = await deliver(
        app.id,
        'order.created',
        order,
        (b) => sign(b, app.secret),
        header,
      );
      expect([header, response.statusCode]).toEqual([header, 401]);
    }
    expect(webhookIdOf(String(id))).toBe(id);
    for (const header of ['1e3', '0x10', ' 12', '12abc', '-1', '0', '99999999999999999999', '']) {
      expect([header, webhookIdOf(header)]).toEqual([header, null]);
    }
  });

  it('refuses order ids that are not positive integers the database holds with a clear 400', async () => {
    for (const id of [2_147_483_648, 2 ** 53, 1e21]) {
      const created = await deliver(app.id, 'order.created', wcOrder({ id }), (b) =>
        sign(b, app.secret),
      );
      expect(created.statusCode).toBe(400);
      expect(created.json().message).toBe(
        'The order id must be a whole number from 1 to 2147483647',
      );
      const deleted = await deliver(app.id, 'order.deleted', { id }, (b) => sign(b, app.secret));
      expect(deleted.statusCode).toBe(400);
    }
    expect((await orders(app.id)).some((o) => o.store_order_id > 2_147_483_647)).toBe(false);
  });

  it("refuses totals beyond the bound or the currency's decimals with a clear 400", async () => {
    const refused: [string, string][] = [
      ['21474836.48', 'USD'],
      ['-21474836.48', 'USD'],
      ['999999999999', 'USD'],
      ['12.345', 'USD'],
      ['1500.5', 'JPY'],
    ];
    for (const [total, currency] of refused) {
      const order = wcOrder({ total, currency });
      const response = await deliver(app.id, 'order.created', order, (b) => sign(b, app.secret));
      expect([total, response.statusCode]).toEqual([total, 400]);
      expect(response.json().message).toMatch(/^The order total must be at most 21474836.47/);
      expect((await orders(app.id)).some((o) => o.store_order_id === order.id)).toBe(false);
    }
    expect(
      (
        await deliver(app.id, 'order.created', wcOrder({ total: '12.340' }), (b) =>
          sign(b, app.secret),
        )
      ).json().message,
    ).toBe('Order inserted');
    const yen = wcOrder({ total: '1500.00', currency: 'JPY' });
    expect(
      (await deliver(app.id, 'order.created', yen, (b) => sign(b, app.secret))).statusCode,
    ).toBe(200);
    expect((await orders(app.id)).find((o) => o.store_order_id === yen.id)?.total_cents).toBe(
      150000,
    );
  });

  it('logs refused deliveries at most once a minute per application', () => {
    const refusals = new RefusalLog();
    expect(refusals.shouldLog('a', 0)).toEqual({ skipped: 0 });
    expect(refusals.shouldLog('a', 1_000)).toBeNull();
    expect(refusals.shouldLog('a', 59_999)).toBeNull();
    expect(refusals.shouldLog('b', 59_999)).toEqual({ skipped: 0 });
    expect(refusals.shouldLog('a', 60_000)).toEqual({ skipped: 2 });
  });

  it('refuses an order without its required fields with 400', async () => {
    const response = await deliver(app.id, 'order.created', { id: 1 }, (b) => sign(b, app.secret));
    expect(response.statusCode).toBe(400);
  });

  it("never reaches another user's application: its secret does not sign for this one", async () => {
    const other = await connected(coffee, 'usr_orders_other', 'Other');
    const order = wcOrder();
    const response = await deliver(app.id, 'order.created', order, (b) => sign(b, other.secret));
    expect(response.statusCode).toBe(401);
    const unknown = await deliver('no-such-app', 'order.created', order, (b) =>
      sign(b, app.secret),
    );
    expect(unknown.statusCode).toBe(401);
    expect((await orders(app.id)).some((o) => o.store_order_id === order.id)).toBe(false);
    expect((await orders(other.id)).some((o) => o.store_order_id === order.id)).toBe(false);
  });
});

describe('reconcile', () => {
  it('fills the gap of deliveries that never came (GET orders modified_after)', async () => {
    const { id } = await connected(coffee, 'usr_orders_reconcile');
    const before = (await orders(id)).length;
    // The store's deliveries go to the POS host's public URL, which nothing answers in tests.
    await checkout(coffee, 'gap@example.test');
    await new Promise((resolve) => setTimeout(resolve, 1100));
    expect((await orders(id)).length).toBe(before);
    expect(await reconcileApplication(ctx.app.repos, ctx.access, id, silent)).toBe(true);
    const after = await orders(id);
    expect(after.length).toBe(before + 1);
    const feed = await feedOf(ctx, 'usr_orders_reconcile');
    expect(feed[0]?.feedType).toBe('orderProcessed');
  });

  it('re-registers a webhook deleted on the store, and claims due applications once', async () => {
    const { id, credentials, hooks } = await connected(coffee, 'usr_orders_reregister');
    await ctx.access.store.deleteWebhook(coffee, credentials, hooks[0]!.id);
    await ctx.app.repos.orders.updateSync(id, { reconciled_at: '2000-01-01T00:00:00.000Z' });
    expect(await reconcileDue(ctx.app.repos, ctx.access, silent, 60_000)).toBeGreaterThanOrEqual(1);
    const again = (await ctx.access.store.webhooks(coffee, credentials)).filter((w) =>
      w.deliveryUrl.endsWith(`/wc-webhooks/${id}`),
    );
    expect(again).toHaveLength(5);
    // Just reconciled: not due again within the interval.
    const due = await ctx.app.repos.orders.claimDue(
      new Date(Date.now() - 60_000).toISOString(),
      new Date().toISOString(),
      100,
    );
    expect(due).not.toContain(id);
  });
});

describe('a backfill longer than the page limit', () => {
  it('is not marked done, and says it was truncated', async () => {
    const { id, row, credentials } = await connected(coffee, 'usr_orders_truncated');
    await ctx.app.repos.orders.updateSync(id, { backfilled_at: null, last_modified_at: null });
    const store = Object.create(ctx.access.store) as StoreAccess['store'];
    let pages = 0;
    store.ordersPage = async () => {
      pages += 1;
      const orders = Array.from({ length: 100 }, () => wcOrder());
      return { orders, totalPages: 3 } as Awaited<ReturnType<StoreAccess['store']['ordersPage']>>;
    };
    const warnings: unknown[] = [];
    const log = {
      info() {},
      error() {},
      warn: (...args: unknown[]) => warnings.push(args),
    } as never;
    const access = { ...ctx.access, store };
    expect(
      await pullOrders(ctx.app.repos, access, row, credentials, new Date(), { log, maxPages: 2 }),
    ).toBe(200);
    expect(pages).toBe(2);
    expect((await ctx.app.repos.orders.sync(id))?.backfilled_at).toBeNull();
    expect(JSON.stringify(warnings)).toContain('truncated');
    // All pages read: done.
    await pullOrders(ctx.app.repos, access, row, credentials, new Date(), { log, maxPages: 3 });
    expect((await ctx.app.repos.orders.sync(id))?.backfilled_at).toBeTruthy();
  });
});

describe('a store that fails', () => {
  it('leaves the authorization standing; registration and orders wait for reconcile', async () => {
    const { id } = await connected(coffee, 'usr_orders_offline');
    await sandbox.control(coffee, 'offline', { offline: true });
    try {
      expect(await reconcileApplication(ctx.app.repos, ctx.access, id, silent)).toBe(false);
    } finally {
      await sandbox.control(coffee, 'offline', { offline: false });
    }
    expect((await rowOf(ctx, id)).is_verified_auth).toBe(1);
    expect((await ctx.app.repos.orders.sync(id))?.reconciled_at).toBeTruthy();
    expect(await reconcileApplication(ctx.app.repos, ctx.access, id, silent)).toBe(true);
  });
});

describe('a store without the Cloud POS plugin', () => {
  beforeAll(() => sandbox.control(books, 'pos-plugin', { active: false }));
  afterAll(() => sandbox.control(books, 'pos-plugin', { active: true }));

  it('delivers and reconciles orders through WooCommerce core alone', async () => {
    await checkout(books, 'books@example.test').catch(() => undefined);
    const { id, hooks, secret } = await connected(books, 'usr_orders_core', 'Books');
    expect(hooks).toHaveLength(5);
    const order = wcOrder();
    const response = await deliver(id, 'order.created', order, (b) => sign(b, secret));
    expect(response.statusCode).toBe(200);
    expect((await orders(id)).some((o) => o.store_order_id === order.id)).toBe(true);
  });
});

describe('registration racing a disconnect or another registration', () => {
  const mine = async (store: string, id: string) => {
    const other = await sandbox.mintKey(store);
    return (
      await ctx.access.store.webhooks(store, {
        consumerKey: other.consumer_key,
        consumerSecret: other.consumer_secret,
      })
    ).filter((w) => w.deliveryUrl.endsWith(`/wc-webhooks/${id}`));
  };
  const deauth = (id: string, sub: string) =>
    call(ctx, 'PUT', `/applications/${id}`, { deauth: true }, sub);

  it('a registration that read the application before its disconnect recreates nothing', async () => {
    const { id, credentials } = await connected(coffee, 'usr_orders_race_before');
    const stale = await rowOf(ctx, id);
    expect((await deauth(id, 'usr_orders_race_before')).statusCode).toBe(200);
    const other = await sandbox.mintKey(coffee);
    const admin = { consumerKey: other.consumer_key, consumerSecret: other.consumer_secret };
    expect(credentials.consumerKey).toBeTruthy();
    for (const claimed of [false, true]) {
      expect(
        await connectOrdersQuietly(ctx.app.repos, ctx.access, stale, silent, admin, { claimed }),
      ).toBe(false);
    }
    expect(await ctx.app.repos.orders.sync(id)).toBeUndefined();
    expect(await mine(coffee, id)).toEqual([]);
  });

  it('a disconnect during registration leaves no webhook it created', async () => {
    const { id, hooks, credentials } = await connected(coffee, 'usr_orders_race_during');
    const stale = await rowOf(ctx, id);
    for (const hook of hooks) await ctx.access.store.deleteWebhook(coffee, credentials, hook.id);
    const other = await sandbox.mintKey(coffee);
    const admin = { consumerKey: other.consumer_key, consumerSecret: other.consumer_secret };
    let disconnected = false;
    const store = Object.create(ctx.access.store) as StoreAccess['store'];
    store.createWebhook = async (...args) => {
      const created = await ctx.access.store.createWebhook(...args);
      if (!disconnected) {
        disconnected = true;
        expect((await deauth(id, 'usr_orders_race_during')).statusCode).toBe(200);
      }
      return created;
    };
    expect(
      await connectOrdersQuietly(ctx.app.repos, { ...ctx.access, store }, stale, silent, admin, {
        claimed: true,
      }),
    ).toBe(false);
    expect(disconnected).toBe(true);
    expect(await ctx.app.repos.orders.sync(id)).toBeUndefined();
    expect(await mine(coffee, id)).toEqual([]);
  });

  it('keeps the ids of the webhooks made before a failure, so a disconnect removes them', async () => {
    const { id, hooks, credentials, row } = await connected(coffee, 'usr_orders_partial');
    for (const hook of hooks) await ctx.access.store.deleteWebhook(coffee, credentials, hook.id);
    await ctx.app.repos.orders.dropSync(id);
    const store = Object.create(ctx.access.store) as StoreAccess['store'];
    let made = 0;
    store.createWebhook = async (...args) => {
      if (made === 2) throw new Error('store failed');
      made += 1;
      return ctx.access.store.createWebhook(...args);
    };
    expect(
      await connectOrdersQuietly(ctx.app.repos, { ...ctx.access, store }, row, silent, credentials),
    ).toBe(false);
    const sync = await ctx.app.repos.orders.sync(id);
    expect(JSON.parse(sync!.webhook_ids)).toHaveLength(2);
    expect((await deauth(id, 'usr_orders_partial')).statusCode).toBe(200);
    expect(await mine(coffee, id)).toEqual([]);
  });

  it('two registrations at once for an application without a sync row make 5 webhooks, not 10', async () => {
    const { id, hooks, credentials, row } = await connected(coffee, 'usr_orders_twice');
    for (const hook of hooks) await ctx.access.store.deleteWebhook(coffee, credentials, hook.id);
    await ctx.app.repos.orders.dropSync(id);
    await Promise.all([
      connectOrdersQuietly(ctx.app.repos, ctx.access, row, silent, credentials),
      reconcileApplication(ctx.app.repos, ctx.access, id, silent),
      connectOrdersQuietly(ctx.app.repos, ctx.access, row, silent, credentials),
    ]);
    const now = await mine(coffee, id);
    expect(now).toHaveLength(5);
    const sync = await ctx.app.repos.orders.sync(id);
    expect(JSON.parse(sync!.webhook_ids)).toEqual(expect.arrayContaining(now.map((w) => w.id)));
  });
});
