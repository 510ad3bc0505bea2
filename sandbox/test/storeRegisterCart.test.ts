import { storeRegisterSuite } from './registerSession';
import { issueKeys, signedFetch } from './storeClient';

// The register's variations, backorders, coupons and discounts on the sandbox's Demo Book Nook
// (its station's prices include 8 % tax): what the plugin does with WooCommerce's PHP API.
const suite = storeRegisterSuite({ stores: 2, store: 1 });

const TOTE = 207;
const BLACK = 2072;
const cash = { method: 'cash', tendered: '200' };

describe('the register cart of the sandbox store', () => {
  it('lists a variable product once, with its attributes and variations', async () => {
    const register = await suite.open();
    const [tote] = (await register.call('GET', 'products?search=canvas')).body;
    expect(tote).toMatchObject({
      id: TOTE,
      type: 'variable',
      name: 'Canvas tote',
      attributes: [{ name: 'Colour', options: ['Natural', 'Black'] }],
      stock_status: 'instock',
    });
    expect(tote.variations).toEqual([
      expect.objectContaining({
        id: 2071,
        name: 'Canvas tote - Natural',
        price: '12.00',
        sku: 'SKU-207-NATURAL',
        barcode: '4000000002071',
        attributes: { Colour: 'Natural' },
        stock_quantity: 500,
      }),
      expect.objectContaining({ id: BLACK, price: '14.00', attributes: { Colour: 'Black' } }),
    ]);
  });

  it('shows sold-out products by their backorder setting', async () => {
    const register = await suite.open();
    const byId = new Map(
      (await register.call('GET', 'products')).body.map((p: { id: number }) => [p.id, p]),
    );
    expect(byId.get(208)).toMatchObject({ stock_status: 'onbackorder', backorders: 'notify' });
    expect(byId.get(209)).toMatchObject({ stock_status: 'outofstock', backorders: 'no' });
  });

  it('sells a variation, with its own price and stock, and a backorder beyond the stock', async () => {
    const register = await suite.open();
    const made = await register.call('POST', 'orders', {
      lines: [
        { product_id: TOTE, variation_id: BLACK, quantity: 2 },
        { product_id: 208, quantity: 1 },
      ],
      payment: cash,
    });
    expect(made.status).toBe(201);
    expect(made.body.line_items).toEqual([
      expect.objectContaining({ product_id: TOTE, variation_id: BLACK, total: '28.00' }),
      expect.objectContaining({ product_id: 208, variation_id: 0, total: '45.00' }),
    ]);
    expect(made.body.total).toBe('73.00');
    const [tote] = (await register.call('GET', 'products?search=canvas')).body;
    expect(tote.variations[1].stock_quantity).toBe(498);
    expect(tote.variations[0].stock_quantity).toBe(500);
    const [signed] = (await register.call('GET', 'products?search=SKU-208')).body;
    expect(signed.stock_quantity).toBe(-1);

    const keys = await issueKeys(suite.home, { user_id: 1, permissions: 'read' });
    const { body: order } = await signedFetch(
      `${suite.home}/wp-json/wc/v3/orders/${made.body.id}`,
      keys,
    );
    expect(order.line_items[0]).toMatchObject({ product_id: TOTE, variation_id: BLACK });
  });

  it('refuses a sold-out product without backorders, and a variable product without its variation', async () => {
    const register = await suite.open();
    const sold = await register.call('POST', 'orders', {
      lines: [{ product_id: 209, quantity: 1 }],
      payment: cash,
    });
    expect(sold.status).toBe(400);
    expect(sold.body.message).toBe(
      'Not enough units of Out-of-print atlas are available in stock to fulfil this order.',
    );
    const parent = await register.call('POST', 'totals', {
      lines: [{ product_id: TOTE, quantity: 1 }],
    });
    expect(parent.status).toBe(400);
    expect(parent.body.data.params.lines).toBe(
      'lines[].variation_id must be one of the variations of Canvas tote.',
    );
  });

  it('applies coupons with the discount in the totals and the order', async () => {
    const register = await suite.open();
    const lines = [
      { product_id: 205, quantity: 1 },
      { product_id: 202, quantity: 1 },
      { product_id: TOTE, variation_id: BLACK, quantity: 1 },
    ];
    const totals = await register.call('POST', 'totals', { lines, coupons: ['READMORE'] });
    expect(totals.status).toBe(200);
    // 4.50 + 24.50 + 14.00 = 43.00; 10 % off = 4.30; 38.70 with 8 % tax inside (2.87).
    expect(totals.body).toMatchObject({
      coupons: [{ code: 'readmore', discount: '4.30' }],
      subtotal: '43.00',
      discount_total: '4.30',
      total_tax: '2.87',
      total: '38.70',
    });
    const made = await register.call('POST', 'orders', {
      lines,
      coupons: ['readmore'],
      payment: { method: 'cash', tendered: '50' },
    });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({ total: '38.70', change: '11.30', discount_total: '4.30' });
    const keys = await issueKeys(suite.home, { user_id: 1, permissions: 'read' });
    const { body: order } = await signedFetch(
      `${suite.home}/wp-json/wc/v3/orders/${made.body.id}`,
      keys,
    );
    expect(order).toMatchObject({
      total: '38.70',
      total_tax: '2.87',
      discount_total: '4.30',
      coupon_lines: [expect.objectContaining({ code: 'readmore', discount: '4.30' })],
    });
  });

  it.each([
    ['nosuch', 'Coupon "nosuch" cannot be applied because it does not exist.'],
    ['summer23', 'Coupon "summer23" has expired.'],
    ['bigspender', 'The minimum spend for coupon "bigspender" is $100.00.'],
  ])('refuses the coupon %s with WooCommerce’s text', async (code, message) => {
    const register = await suite.open();
    const refused = await register.call('POST', 'totals', {
      lines: [{ product_id: 205, quantity: 1 }],
      coupons: [code],
    });
    expect(refused.status).toBe(400);
    expect(refused.body).toEqual({
      code: 'woocommerce_rest_invalid_coupon',
      message,
      data: { status: 400 },
    });
  });

  it('gives line and cart discounts as fees, the tax computed on what is left', async () => {
    const register = await suite.open();
    const totals = await register.call('POST', 'totals', {
      lines: [
        { product_id: 202, quantity: 1, discount: { type: 'percent', amount: '10' } },
        { product_id: 205, quantity: 2 },
      ],
      discount: { type: 'fixed', amount: '2' },
    });
    expect(totals.status).toBe(200);
    // 24.50 + 9.00 = 33.50; −2.45 on the guide; −2.00 on the cart: 29.05, 8 % inside: 2.15.
    expect(totals.body).toMatchObject({
      fees: [
        { key: 'line:0', name: 'Discount: A Field Guide to Birds (10%)', total: '-2.45' },
        { key: 'cart', name: 'Cart discount', total: '-2.00' },
      ],
      subtotal: '33.50',
      total_tax: '2.15',
      total: '29.05',
    });
  });

  it('refuses a discount to a cashier without edit_shop_orders, and a malformed one', async () => {
    // Nina Page is a cashier of the Book Nook: she may sell, not discount.
    const cashier = await suite.open(1, { wp_user_id: 2 });
    expect((await cashier.call('GET', 'session')).body).toMatchObject({
      may_sell: true,
      may_discount: false,
    });
    const refused = await cashier.call('POST', 'orders', {
      lines: [{ product_id: 205, quantity: 1 }],
      discount: { type: 'percent', amount: '50' },
      payment: cash,
    });
    expect(refused.status).toBe(403);
    expect(refused.body.code).toBe('cloud_pos_register_cannot_discount');
    const plain = await cashier.call('POST', 'totals', {
      lines: [{ product_id: 205, quantity: 1 }],
      coupons: ['fiveoff'],
    });
    expect(plain.status).toBe(200);
    expect(plain.body.total).toBe('0.00');

    const owner = await suite.open();
    for (const discount of [
      { type: 'percent', amount: '120' },
      { type: 'fixed', amount: '-1' },
      { type: 'free' },
    ]) {
      const bad = await owner.call('POST', 'totals', {
        lines: [{ product_id: 205, quantity: 1 }],
        discount,
      });
      expect(bad.status).toBe(400);
      expect(bad.body.data.params).toEqual({ discount: expect.any(String) });
    }
  });
});
