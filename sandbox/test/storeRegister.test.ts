import { randomUUID } from 'node:crypto';
import type { openRegister } from './registerSession';
import { storeRegisterSuite } from './registerSession';
import { issueKeys, signedFetch } from './storeClient';
import { getPage, logInToStore, nonceIn } from './storeWeb';

// The register's routes of the sandbox store (pos-connect/v1/register/{pos_id}/*): what the
// contract suite cannot reach on a WordPress without WooCommerce (stock, tax, the order).
const suite = storeRegisterSuite();

const sale = (lines: unknown, payment: unknown = { method: 'cash', tendered: '100' }) => ({
  lines,
  payment,
});

describe('the register routes of the sandbox store', () => {
  it('describe the station, the money settings and who sells', async () => {
    const register = await suite.open();
    const session = await register.call('GET', 'session');
    expect(session.status).toBe(200);
    expect(session.headers.get('cache-control')).toBe('no-store');
    expect(session.body).toMatchObject({
      station: { pos_id: 1, name: 'Front Counter' },
      store: { name: 'Demo Coffee Roasters', currency: 'USD', prices_include_tax: false },
      person: { name: 'Maya Manager', email: 'manager@demo.test' },
      store_user: { id: 1, name: 'Sam Owner' },
      may_sell: true,
    });
  });

  it('list products by page with stock, and find them by name, SKU or barcode', async () => {
    const register = await suite.open();
    const page = await register.call('GET', 'products?page=2&per_page=3');
    expect(page.status).toBe(200);
    expect(page.headers.get('x-wp-total')).toBe('8');
    expect(page.headers.get('x-wp-totalpages')).toBe('3');
    expect(page.body.map((p: { id: number }) => p.id)).toEqual([104, 105, 106]);
    expect(page.body[0]).toEqual({
      id: 104,
      name: 'Cold Brew',
      sku: 'SKU-104',
      barcode: '4000000000104',
      category: 'Coffee',
      price: '4.80',
      manage_stock: true,
      stock_quantity: 500,
      stock_status: 'instock',
      type: 'simple',
      backorders: 'no',
      attributes: [],
      variations: [],
    });
    const ids = async (query: string) =>
      (await register.call('GET', `products?${query}`)).body.map((p: { id: number }) => p.id);
    expect(await ids('search=brew')).toEqual([104]);
    expect(await ids('search=SKU-107')).toEqual([107]);
    expect(await ids('search=4000000000108')).toEqual([108]);
    expect(await ids('category=bakery')).toEqual([107, 108]);
    const categories = await register.call('GET', 'categories');
    expect(categories.body).toEqual([
      { slug: 'coffee', name: 'Coffee', count: 4 },
      { slug: 'beans', name: 'Beans', count: 2 },
      { slug: 'bakery', name: 'Bakery', count: 2 },
    ]);
    expect((await register.call('GET', 'products?per_page=101')).status).toBe(400);
  });

  it("compute a cart's totals the way the order will", async () => {
    const register = await suite.open();
    const totals = await register.call('POST', 'totals', {
      lines: [
        { product_id: 102, quantity: 2 },
        { product_id: 107, quantity: 1 },
      ],
    });
    expect(totals.status).toBe(200);
    expect(totals.body).toEqual({
      currency: 'USD',
      prices_include_tax: false,
      lines: [
        {
          product_id: 102,
          variation_id: 0,
          name: 'Cappuccino',
          quantity: 2,
          price: '4.20',
          total: '8.40',
        },
        {
          product_id: 107,
          variation_id: 0,
          name: 'Butter Croissant',
          quantity: 1,
          price: '3.20',
          total: '3.20',
        },
      ],
      coupons: [],
      fees: [],
      discount_total: '0.00',
      subtotal: '11.60',
      total_tax: '0.93',
      total: '12.53',
    });
  });

  it('make a paid order by card, reduce the stock, and keep it in WooCommerce', async () => {
    const register = await suite.open();
    const made = await register.call(
      'POST',
      'orders',
      sale([{ product_id: 105, quantity: 3 }], { method: 'card', reference: 'T-8841' }),
    );
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      status: 'completed',
      created_via: 'cloud-pos',
      payment_method: 'pos_card',
      station: { pos_id: 1, name: 'Front Counter' },
      cashier: 'Sam Owner',
      total: '45.36',
      reference: 'T-8841',
      tendered: null,
      change: null,
    });
    const [beans] = (await register.call('GET', 'products?search=SKU-105')).body;
    expect(beans.stock_quantity).toBe(497);

    const keys = await issueKeys(suite.home, { user_id: 1, permissions: 'read' });
    const { body: order } = await signedFetch(
      `${suite.home}/wp-json/wc/v3/orders/${made.body.id}`,
      keys,
    );
    expect(order).toMatchObject({
      created_via: 'cloud-pos',
      payment_method: 'pos_card',
      total: '45.36',
      total_tax: '3.36',
      line_items: [expect.objectContaining({ product_id: 105, quantity: 3 })],
      meta_data: expect.arrayContaining([
        expect.objectContaining({ key: 'cloud_pos_card_reference', value: 'T-8841' }),
      ]),
    });
  });

  it('refuse a sale beyond the stock, changing nothing', async () => {
    const register = await suite.open();
    const refused = await register.call(
      'POST',
      'orders',
      sale([{ product_id: 101, quantity: 501 }], { method: 'cash', tendered: '9999' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 'woocommerce_rest_product_out_of_stock',
      message: 'Not enough units of Espresso are available in stock to fulfil this order.',
      data: { status: 400 },
    });
    const [espresso] = (await register.call('GET', 'products?search=SKU-101')).body;
    expect(espresso.stock_quantity).toBe(500);
  });

  it.each([
    ['no lines', sale([]), 'lines'],
    ['an unknown product', sale([{ product_id: 9999, quantity: 1 }]), 'lines'],
    ['a quantity of 0', sale([{ product_id: 101, quantity: 0 }]), 'lines'],
    ['no payment method', sale([{ product_id: 101, quantity: 1 }], {}), 'payment'],
    [
      'a tendered amount that is no amount',
      sale([{ product_id: 101, quantity: 1 }], { method: 'cash', tendered: '-1' }),
      'payment',
    ],
    [
      'a card without its reference',
      sale([{ product_id: 101, quantity: 1 }], { method: 'card', reference: ' ' }),
      'payment',
    ],
  ])('refuse an order with %s', async (_case, body, param) => {
    const register = await suite.open();
    const refused = await register.call('POST', 'orders', body);
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { [param]: expect.any(String) } },
    });
  });

  it('refuse cash short of the total', async () => {
    const register = await suite.open();
    const refused = await register.call(
      'POST',
      'orders',
      sale([{ product_id: 101, quantity: 1 }], { method: 'cash', tendered: '3.23' }),
    );
    expect(refused.status).toBe(400);
    expect(refused.body.message).toBe('The cash tendered is less than the total.');
  });

  it('refuse a call without the session, without its token, or at another station', async () => {
    const register = await suite.open();
    const noCookie = await register.call('GET', 'session', undefined, { cookie: '' });
    expect(noCookie.status).toBe(401);
    expect(noCookie.body.code).toBe('cloud_pos_register_signed_out');
    const noToken = await register.call(
      'POST',
      'orders',
      sale([{ product_id: 101, quantity: 1 }]),
      {
        'x-pos-token': 'forged',
      },
    );
    expect(noToken.status).toBe(403);
    expect(noToken.body.code).toBe('cloud_pos_register_bad_token');
    // The session of station 1 does not open station 2's routes.
    const other = await fetch(`${suite.home}/wp-json/pos-connect/v1/register/2/session`, {
      headers: { cookie: register.cookie, 'x-pos-token': register.token },
    });
    expect(other.status).toBe(401);
  });

  it('refuse the register once access to the station is taken away', async () => {
    // Pickup Window (3) is shared with the cashier (user 2) only.
    const register = await suite.open(3, { wp_user_id: 2 });
    expect((await register.call('GET', 'session')).status).toBe(200);
    // The store admin's Station access screen in wp-admin.
    const cookie = await logInToStore(suite.home);
    const screen = `${suite.home}/wp-admin/users.php?pos_station=3`;
    const nonce = nonceIn(await (await getPage(screen, cookie)).text());
    const saved = await fetch(screen, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams([
        ['_wpnonce', nonce],
        ['users', '1'],
      ]).toString(),
    });
    expect(saved.status).toBe(303);
    const refused = await register.call('GET', 'session');
    expect(refused.status).toBe(403);
    expect(refused.body.message).toBe('You do not have access to the Pickup Window station.');
  });
});

describe('a sale with an idempotency key', () => {
  const KEY = '3f2b8c1e-6d4a-4f8e-9b1c-2a7d5e0f9c31';
  const card = sale([{ product_id: 105, quantity: 2 }], { method: 'card', reference: 'T-9' });
  const stockOf105 = async (register: Awaited<ReturnType<typeof openRegister>>) =>
    (await register.call('GET', 'products?search=SKU-105')).body[0].stock_quantity as number;
  const posOrders = async () => {
    const keys = await issueKeys(suite.home, { user_id: 1, permissions: 'read' });
    const { body } = await signedFetch(`${suite.home}/wp-json/wc/v3/orders?per_page=100`, keys);
    return (body as Array<{ id: number; created_via: string }>).filter(
      (order) => order.created_via === 'cloud-pos',
    );
  };

  it('is made once: sent again it answers the first order, stock reduced once', async () => {
    const register = await suite.open();
    const before = (await posOrders()).length;
    const first = await register.call('POST', 'orders', card, { 'idempotency-key': KEY });
    expect(first.status).toBe(201);
    // The register's queue sends it again after a lost answer, even once the stock has moved.
    const again = await register.call(
      'POST',
      'orders',
      { ...card, idempotency_key: KEY.toUpperCase() },
      { 'idempotency-key': KEY },
    );
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(await stockOf105(register)).toBe(498);
    expect((await posOrders()).length).toBe(before + 1);
  });

  it('is made once when the same key arrives five times at once', async () => {
    const register = await suite.open();
    const answers = await Promise.all(
      [1, 2, 3, 4, 5].map(() => register.call('POST', 'orders', card, { 'idempotency-key': KEY })),
    );
    expect(answers.map((a) => a.status).sort()).toEqual([200, 200, 200, 200, 201]);
    expect(new Set(answers.map((a) => a.body.id)).size).toBe(1);
    expect(await stockOf105(register)).toBe(498);
  });

  it('can be sent again after a refusal, and then makes the order', async () => {
    const register = await suite.open();
    const short = sale([{ product_id: 105, quantity: 2 }], { method: 'cash', tendered: '1' });
    const refused = await register.call('POST', 'orders', short, { 'idempotency-key': KEY });
    expect(refused.status).toBe(400);
    const made = await register.call('POST', 'orders', card, { 'idempotency-key': KEY });
    expect(made.status).toBe(201);
  });

  it('belongs to its station: the same key at another station makes its own order', async () => {
    const front = await suite.open(1);
    const bar = await suite.open(2, { wp_user_id: 1 });
    const first = await front.call('POST', 'orders', card, { 'idempotency-key': KEY });
    const second = await bar.call('POST', 'orders', card, { 'idempotency-key': KEY });
    expect([first.status, second.status]).toEqual([201, 201]);
    expect(second.body.id).not.toBe(first.body.id);
  });

  it.each([
    ['a key that is no UUID', { 'idempotency-key': 'sale-1' }, card],
    ['two different keys', { 'idempotency-key': KEY }, { ...card, idempotency_key: randomUUID() }],
    ['a key that is no string', {}, { ...card, idempotency_key: 7 }],
  ])('refuses %s, making nothing', async (_case, headers, body) => {
    const register = await suite.open();
    const refused = await register.call('POST', 'orders', body, headers);
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): idempotency_key',
      data: {
        status: 400,
        params: {
          idempotency_key:
            'idempotency_key must be a UUID such as 3f2b8c1e-6d4a-4f8e-9b1c-2a7d5e0f9c31.',
        },
      },
    });
    expect(await stockOf105(register)).toBe(500);
  });
});

describe('a sale the register took while the store did not answer', () => {
  const shown = { offline: { shown_total: '3.00' } };

  it('is recorded as the store settles it: cash short of its total, its change none', async () => {
    const register = await suite.open();
    const made = await register.call('POST', 'orders', {
      ...sale([{ product_id: 101, quantity: 1 }], { method: 'cash', tendered: '3' }),
      ...shown,
    });
    expect(made.status).toBe(201);
    // Espresso's 3.00 and the store's 8 % tax, which the register never computes.
    expect(made.body).toMatchObject({ total: '3.24', tendered: '3.00', change: '0.00' });
    const keys = await issueKeys(suite.home, { user_id: 1, permissions: 'read' });
    const { body: order } = await signedFetch(
      `${suite.home}/wp-json/wc/v3/orders/${made.body.id}`,
      keys,
    );
    expect(order.meta_data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'cloud_pos_offline_shown_total', value: '3.00' }),
      ]),
    );
  });

  it('takes the stock below zero rather than losing the sale', async () => {
    const register = await suite.open();
    const made = await register.call('POST', 'orders', {
      ...sale([{ product_id: 101, quantity: 501 }], { method: 'card', reference: 'T-1' }),
      offline: { shown_total: '1503.00' },
    });
    expect(made.status).toBe(201);
    const [espresso] = (await register.call('GET', 'products?search=SKU-101')).body;
    expect(espresso).toMatchObject({ stock_quantity: -1, stock_status: 'outofstock' });
  });

  it('refuses an offline mark without the total the register showed', async () => {
    const register = await suite.open();
    const refused = await register.call('POST', 'orders', {
      ...sale([{ product_id: 101, quantity: 1 }]),
      offline: { shown_total: 'three' },
    });
    expect(refused.status).toBe(400);
    expect(refused.body.data.params).toEqual({
      offline: 'offline.shown_total must be an amount such as 20.00.',
    });
  });
});

describe("the register's session and the owner's Assistant (Show Assistant in POS)", () => {
  it.each([
    [
      'the hand-off carries it',
      { assistant: { remaining: 4, total: 9 } },
      { remaining: 4, total: 9 },
    ],
    ['the owner turned it off (no claim)', {}, null],
    ['the claim is malformed', { assistant: { remaining: 10, total: 9 } }, null],
    ['the counts are not whole numbers', { assistant: { remaining: '4', total: 9 } }, null],
  ])('answers the progress when %s', async (_case, claims, assistant) => {
    const register = await suite.open(1, claims);
    const session = await register.call('GET', 'session');
    expect(session.status).toBe(200);
    expect(session.body.assistant).toEqual(assistant);
  });
});
