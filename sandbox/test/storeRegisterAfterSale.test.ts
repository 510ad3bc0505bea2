import type { RegisterSession } from './registerSession';
import { storeRegisterSuite } from './registerSession';
import { issueKeys, signedFetch } from './storeClient';

// Split tender, the station's sales of the day, refunds and the end-of-day summary on the
// sandbox store's register routes (pos-connect/v1/register/{pos_id}/*).
const suite = storeRegisterSuite();

// 2 × Cappuccino 4.20 + 1 × Butter Croissant 3.20 = 11.60, 8 % tax 0.93: 12.53.
const CART = [
  { product_id: 102, quantity: 2 },
  { product_id: 107, quantity: 1 },
];

async function stockOf(register: RegisterSession, sku: string): Promise<number> {
  const [found] = (await register.call('GET', `products?search=${sku}`)).body;
  return found.stock_quantity;
}

describe('split tender', () => {
  it('takes cash and a card that cover the total, and records each tender on the order', async () => {
    const register = await suite.open();
    const made = await register.call('POST', 'orders', {
      lines: CART,
      tenders: [
        { method: 'cash', amount: '5.00', tendered: '10.00' },
        { method: 'card', amount: '7.53', reference: 'T-1' },
      ],
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      total: '12.53',
      payment_method: 'pos_split',
      payment_method_title: 'Split: Cash 5.00 + Card 7.53',
      tendered: '10.00',
      change: '5.00',
      reference: 'T-1',
      tenders: [
        { method: 'cash', amount: '5.00', tendered: '10.00', change: '5.00' },
        { method: 'card', amount: '7.53', reference: 'T-1' },
      ],
    });
    const keys = await issueKeys(suite.home, { user_id: 1, permissions: 'read' });
    const { body: order } = await signedFetch(
      `${suite.home}/wp-json/wc/v3/orders/${made.body.id}`,
      keys,
    );
    expect(order.payment_method_title).toBe('Split: Cash 5.00 + Card 7.53');
    const tenders = order.meta_data.find((m: { key: string }) => m.key === 'cloud_pos_tenders');
    expect(JSON.parse(tenders.value)).toEqual(made.body.tenders);
  });

  it('still takes the single payment of older registers', async () => {
    const register = await suite.open();
    const made = await register.call('POST', 'orders', {
      lines: CART,
      payment: { method: 'cash', tendered: '20' },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      payment_method: 'pos_cash',
      payment_method_title: 'Cash',
      tenders: [{ method: 'cash', amount: '12.53', tendered: '20.00', change: '7.47' }],
    });
  });

  it.each([
    [[{ method: 'cash', amount: '5.00' }], 'The payments add up to 5.00, not the total of 12.53.'],
    [
      [
        { method: 'card', amount: '10.00', reference: 'T-1' },
        { method: 'card', amount: '5.00', reference: 'T-2' },
      ],
      'The payments add up to 15.00, not the total of 12.53.',
    ],
  ])('refuse tenders that do not add up to the total, changing nothing', async (tenders, text) => {
    const register = await suite.open();
    const refused = await register.call('POST', 'orders', { lines: CART, tenders });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 'cloud_pos_register_tenders_mismatch',
      message: text,
      data: { status: 400 },
    });
    expect(await stockOf(register, 'SKU-102')).toBe(500);
  });

  it.each([
    ['no tender', []],
    ['an unknown method', [{ method: 'cheque', amount: '12.53' }]],
    ['an amount of 0', [{ method: 'cash', amount: '0' }]],
    ['cash tendered below its amount', [{ method: 'cash', amount: '12.53', tendered: '10' }]],
    ['a card without its reference', [{ method: 'card', amount: '12.53', reference: '' }]],
  ])('refuse %s', async (_case, tenders) => {
    const register = await suite.open();
    const refused = await register.call('POST', 'orders', { lines: CART, tenders });
    expect(refused.status).toBe(400);
    expect(refused.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { params: { tenders: expect.any(String) } },
    });
  });
});

describe('after the sale', () => {
  async function sell(register: RegisterSession, lines = CART, tenders?: unknown[]) {
    const made = await register.call('POST', 'orders', {
      lines,
      tenders: tenders ?? [{ method: 'cash', amount: '12.53', tendered: '20.00' }],
    });
    expect(made.status).toBe(201);
    return made.body;
  }

  it("list the station's sales of today, newest first, and open one's receipt", async () => {
    const register = await suite.open();
    const first = await sell(register);
    const second = await sell(
      register,
      [{ product_id: 101, quantity: 1 }],
      [{ method: 'card', amount: '3.24', reference: 'T-9' }],
    );
    // A sale at another station is not this station's.
    const other = await suite.open(2);
    await sell(other);
    const sales = await register.call('GET', 'sales');
    expect(sales.status).toBe(200);
    expect(sales.body).toEqual([
      expect.objectContaining({
        id: second.id,
        number: String(second.id),
        total: '3.24',
        refunded: '0.00',
        status: 'completed',
        cashier: 'Sam Owner',
        tenders: [{ method: 'card', amount: '3.24', reference: 'T-9' }],
      }),
      expect.objectContaining({ id: first.id, total: '12.53' }),
    ]);
    const receipt = await register.call('GET', `orders/${first.id}`);
    expect(receipt.status).toBe(200);
    expect(receipt.body).toMatchObject({ id: first.id, total: '12.53', change: '7.47' });
    expect((await register.call('GET', `orders/${(await sell(other)).id}`)).status).toBe(404);
    expect((await register.call('GET', 'sales?date=2026-13-45')).status).toBe(400);
    expect((await register.call('GET', 'summary?date=2026-02-30')).body).toEqual({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): date',
      data: { status: 400, params: { date: 'date must be a day such as 2026-11-28.' } },
    });
    expect((await register.call('GET', 'sales?date=2001-01-01')).body).toEqual([]);
  });

  it('refund one line, restocking it, and then the rest of the order', async () => {
    const register = await suite.open();
    const sale = await sell(register);
    const cappuccino = sale.line_items.find((l: { product_id: number }) => l.product_id === 102);
    expect(await stockOf(register, 'SKU-102')).toBe(498);
    const refunded = await register.call('POST', `orders/${sale.id}/refunds`, {
      reason: 'Spilled',
      lines: [{ line_id: cappuccino.id, quantity: 1 }],
    });
    expect(refunded.status).toBe(201);
    // 4.20 of 11.60 of the 12.53 total, tax included.
    expect(refunded.body).toMatchObject({
      status: 'completed',
      refunded: '4.54',
      refunds: [{ reason: 'Spilled', amount: '4.54' }],
    });
    expect(
      refunded.body.line_items.find((l: { id: number }) => l.id === cappuccino.id)
        .refunded_quantity,
    ).toBe(1);
    expect(await stockOf(register, 'SKU-102')).toBe(499);

    const tooMany = await register.call('POST', `orders/${sale.id}/refunds`, {
      reason: 'Again',
      lines: [{ line_id: cappuccino.id, quantity: 2 }],
    });
    expect(tooMany.status).toBe(400);
    expect(tooMany.body.data.params.lines).toBe(
      'lines[].quantity must be at most the 1 of Cappuccino not yet refunded.',
    );

    const rest = await register.call('POST', `orders/${sale.id}/refunds`, { reason: 'Closed' });
    expect(rest.status).toBe(201);
    expect(rest.body).toMatchObject({ status: 'refunded', refunded: '12.53' });
    expect(await stockOf(register, 'SKU-102')).toBe(500);
    expect(await stockOf(register, 'SKU-107')).toBe(500);

    const keys = await issueKeys(suite.home, { user_id: 1, permissions: 'read' });
    const { body: order } = await signedFetch(
      `${suite.home}/wp-json/wc/v3/orders/${sale.id}`,
      keys,
    );
    expect(order).toMatchObject({
      status: 'refunded',
      total: '12.53',
      refunds: [
        expect.objectContaining({ reason: 'Closed', total: '-7.99' }),
        expect.objectContaining({ reason: 'Spilled', total: '-4.54' }),
      ],
    });

    const nothing = await register.call('POST', `orders/${sale.id}/refunds`, { reason: 'x' });
    expect(nothing.status).toBe(400);
    expect(nothing.body.message).toBe('Nothing is left to refund on this order.');
  });

  it('refuse a refund without a reason, and one by a store user who may not edit orders', async () => {
    const register = await suite.open();
    const sale = await sell(register);
    const noReason = await register.call('POST', `orders/${sale.id}/refunds`, { reason: ' ' });
    expect(noReason.status).toBe(400);
    expect(noReason.body.data.params.reason).toBe('reason must say why, in 1 to 200 characters.');
    // Pickup Window (3) is the cashier's (user 2), whose role may sell but not edit orders.
    const cashier = await suite.open(3, { wp_user_id: 2 });
    const own = await sell(cashier);
    const refused = await cashier.call('POST', `orders/${own.id}/refunds`, { reason: 'Spilled' });
    expect(refused.status).toBe(403);
    expect(refused.body).toEqual({
      code: 'woocommerce_rest_cannot_create',
      message: 'Sorry, you are not allowed to create resources.',
      data: { status: 403 },
    });
    expect((await cashier.call('GET', `orders/${own.id}`)).body.refunded).toBe('0.00');
  });

  it("sum up the station's day: count, gross, refunds, net, by tender and by cashier", async () => {
    const register = await suite.open();
    const sale = await sell(register, CART, [
      { method: 'cash', amount: '5.00', tendered: '5.00' },
      { method: 'card', amount: '7.53', reference: 'T-1' },
    ]);
    await sell(
      register,
      [{ product_id: 101, quantity: 1 }],
      [{ method: 'cash', amount: '3.24', tendered: '5' }],
    );
    const croissant = sale.line_items.find((l: { product_id: number }) => l.product_id === 107);
    await register.call('POST', `orders/${sale.id}/refunds`, {
      reason: 'Stale',
      lines: [{ line_id: croissant.id, quantity: 1 }],
    });
    const summary = await register.call('GET', 'summary');
    expect(summary.status).toBe(200);
    expect(summary.body).toEqual({
      date: new Date().toISOString().slice(0, 10),
      currency: 'USD',
      orders: 2,
      gross: '15.77',
      refunds: '3.46',
      net: '12.31',
      tenders: [
        { method: 'cash', amount: '8.24' },
        { method: 'card', amount: '7.53' },
      ],
      cashiers: [{ name: 'Sam Owner', orders: 2, gross: '15.77', refunds: '3.46', net: '12.31' }],
    });
  });
});
