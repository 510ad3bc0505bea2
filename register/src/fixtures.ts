import type { RegisterApi } from './api';
import { RegisterError, adjustmentsBody } from './api';
import type {
  CartAdjustments,
  CartLine,
  CartTotals,
  Customer,
  Discount,
  ParkedSale,
  Product,
  RefundLine,
  RegisterSession,
  Sale,
  SaleDetails,
  Tender,
  Variation,
} from './types';

/** A product as the store lists it, with `overrides`. */
export function product(overrides: Partial<Product> & Pick<Product, 'id' | 'name'>): Product {
  return {
    sku: `SKU-${overrides.id}`,
    barcode: String(4_000_000_000_000 + overrides.id),
    category: 'Coffee',
    price: '3.00',
    manage_stock: true,
    stock_quantity: 10,
    stock_status: 'instock',
    backorders: 'no',
    type: 'simple',
    attributes: [],
    variations: [],
    ...overrides,
  };
}

/** A variation of a fixture's variable product. */
function variation(id: number, name: string, options: Record<string, string>, price: string) {
  const {
    category: _c,
    type: _t,
    attributes: _a,
    variations: _v,
    ...item
  } = product({
    id,
    name,
    price,
  });
  return { ...item, attributes: options } satisfies Variation;
}

export const SESSION: RegisterSession = {
  station: { pos_id: 1, name: 'Front Counter' },
  store: {
    name: 'Demo Coffee Roasters',
    currency: 'USD',
    locale: 'en-US',
    prices_include_tax: false,
  },
  person: { name: 'Maya Manager', email: 'manager@demo.test' },
  store_user: { id: 1, name: 'Sam Owner' },
  may_sell: true,
  may_find_customers: true,
  may_create_customers: true,
  receipt: { header: 'Demo Coffee Roasters', footer: 'Thank you for your visit!', print: false },
  may_discount: true,
};

export const CUSTOMERS: Customer[] = [
  { id: 15, first_name: 'Carl', last_name: 'Customer', email: 'carl@coffee.demo.test' },
  { id: 16, first_name: 'Cora', last_name: 'Client', email: 'cora@coffee.demo.test' },
];

export const PRODUCTS: Product[] = [
  product({ id: 101, name: 'Espresso', price: '3.00' }),
  product({ id: 102, name: 'Cappuccino', price: '4.20' }),
  product({ id: 107, name: 'Butter Croissant', price: '3.20', category: 'Bakery' }),
  product({
    id: 108,
    name: 'Banana Bread',
    price: '3.60',
    category: 'Bakery',
    stock_quantity: 0,
    stock_status: 'outofstock',
  }),
  product({
    id: 110,
    name: 'Drip Coffee',
    price: '2.50',
    type: 'variable',
    manage_stock: false,
    stock_quantity: null,
    attributes: [{ name: 'Size', options: ['Small', 'Large'] }],
    variations: [
      variation(1101, 'Drip Coffee - Small', { Size: 'Small' }, '2.50'),
      {
        ...variation(1102, 'Drip Coffee - Large', { Size: 'Large' }, '3.50'),
        barcode: '4000000011020',
      },
    ],
  }),
  product({
    id: 111,
    name: 'Seasonal Cake',
    price: '4.00',
    category: 'Bakery',
    stock_quantity: 0,
    stock_status: 'onbackorder',
    backorders: 'notify',
  }),
];

/** The fixture store's one coupon, 10 % off; any other code does not exist. */
export const COUPON = 'welcome10';

/** The item a cart line names: a product, or a variation of it. */
function itemOf(line: CartLine): { name: string; price: string } {
  const found = PRODUCTS.find((p) => p.id === line.product_id)!;
  return line.variation_id ? found.variations.find((v) => v.id === line.variation_id)! : found;
}

const cents = (amount: string) => Math.round(Number(amount) * 100);
const off = (discount: Discount, base: number) =>
  Math.min(
    base,
    discount.type === 'percent'
      ? Math.round((base * Number(discount.amount)) / 100)
      : cents(discount.amount),
  );

/** A store that taxes 8.25 % on top, in cents like WooCommerce's rounding per order. */
export function storeTotals(
  lines: CartLine[],
  adjustments: CartAdjustments = { coupons: [] },
): CartTotals {
  const priced = lines.map((line) => {
    const found = itemOf(line);
    return {
      product_id: line.product_id,
      variation_id: line.variation_id ?? 0,
      quantity: line.quantity,
      name: found.name,
      price: found.price,
      cents: cents(found.price) * line.quantity,
    };
  });
  const subtotal = priced.reduce((sum, line) => sum + line.cents, 0);
  let left = subtotal;
  const coupons = adjustments.coupons.map((code) => {
    if (code !== COUPON) {
      throw new RegisterError(
        `Coupon "${code}" cannot be applied because it does not exist.`,
        400,
        'woocommerce_rest_invalid_coupon',
      );
    }
    const discount = Math.round(subtotal / 10);
    left -= discount;
    return { code, discount: (discount / 100).toFixed(2) };
  });
  const fees: CartTotals['fees'] = [];
  lines.forEach((line, index) => {
    if (!line.discount) return;
    const amount = off(line.discount, priced[index]!.cents);
    left -= amount;
    fees.push({
      key: `line:${index}`,
      name: `Discount: ${priced[index]!.name}`,
      total: (-amount / 100).toFixed(2),
    });
  });
  if (adjustments.discount) {
    const amount = off(adjustments.discount, left);
    left -= amount;
    fees.push({ key: 'cart', name: 'Cart discount', total: (-amount / 100).toFixed(2) });
  }
  const tax = Math.round(left * 0.0825);
  return {
    currency: 'USD',
    prices_include_tax: false,
    lines: priced.map(({ cents: c, ...line }) => ({ ...line, total: (c / 100).toFixed(2) })),
    coupons,
    fees,
    subtotal: (subtotal / 100).toFixed(2),
    discount_total: (
      (subtotal - left - fees.reduce((sum, f) => sum - cents(f.total), 0)) /
      100
    ).toFixed(2),
    total_tax: (tax / 100).toFixed(2),
    total: ((left + tax) / 100).toFixed(2),
  };
}

const money = (amount: number) => (amount / 100).toFixed(2);

/** The sale the fake store makes of `lines` paid by `tenders`, as order `id`. */
function saleOf(
  id: number,
  lines: CartLine[],
  tenders: Tender[],
  details?: SaleDetails,
  adjustments?: CartAdjustments,
): Sale {
  const totals = storeTotals(lines, adjustments);
  const cash = tenders.filter((t) => t.method === 'cash');
  const cards = tenders.filter((t) => t.method === 'card');
  const tendered = cash.reduce((sum, t) => sum + cents(t.tendered), 0);
  const applied = cash.reduce((sum, t) => sum + cents(t.amount), 0);
  return {
    id,
    number: String(id),
    status: 'completed',
    currency: 'USD',
    date_created_gmt: '2026-11-28T10:00:00',
    payment_method: tenders.length > 1 ? 'pos_split' : `pos_${tenders[0]?.method ?? 'cash'}`,
    station: SESSION.station,
    cashier: 'Sam Owner',
    line_items: totals.lines.map(({ product_id, variation_id, name, quantity, total }, index) => ({
      id: id * 10 + index,
      product_id,
      variation_id,
      name,
      quantity,
      total,
      refunded_quantity: 0,
    })),
    coupons: totals.coupons,
    fees: totals.fees,
    subtotal: totals.subtotal,
    discount_total: totals.discount_total,
    total_tax: totals.total_tax,
    total: totals.total,
    tendered: cash.length > 0 ? money(tendered) : null,
    change: cash.length > 0 ? money(tendered - applied) : null,
    reference: cards.length > 0 ? cards.map((t) => t.reference).join(', ') : null,
    tenders: tenders.map((t) =>
      t.method === 'cash'
        ? { ...t, change: money(cents(t.tendered) - cents(t.amount)) }
        : { method: 'card', amount: t.amount, reference: t.reference },
    ),
    refunded: '0.00',
    refunds: [],
    customer: details?.customer ?? null,
    note: details?.note.trim() ?? '',
  };
}

/** What the fake store's `createOrder` was given, as the request carries it. */
interface OrderRequest {
  lines: CartLine[];
  tenders: Tender[];
  details?: SaleDetails;
  adjustments?: Partial<CartAdjustments>;
}

/**
 * A RegisterApi over the fixtures that keeps the sales it makes (from order 1042 on):
 * `createOrder` records what it was given; refunds take each unit's share of the total;
 * parked sales and mailed receipts are kept in `parked` and `mailed`.
 */
export function fakeApi(overrides: Partial<RegisterApi> = {}): RegisterApi & {
  orders: OrderRequest[];
  refunds: Array<{ id: number; reason: string; lines: RefundLine[] }>;
  parked: ParkedSale[];
  mailed: Array<{ orderId: number; email?: string }>;
} {
  const orders: OrderRequest[] = [];
  const refunds: Array<{ id: number; reason: string; lines: RefundLine[] }> = [];
  const sales: Sale[] = [];
  const find = (id: number) => {
    const sale = sales.find((s) => s.id === id);
    if (!sale)
      throw new RegisterError('Invalid ID.', 404, 'woocommerce_rest_shop_order_invalid_id');
    return sale;
  };
  const customers = [...CUSTOMERS];
  let parked: ParkedSale[] = [];
  const mailed: Array<{ orderId: number; email?: string }> = [];
  return {
    orders,
    refunds,
    get parked() {
      return parked;
    },
    mailed,
    async findCustomers(search) {
      const wanted = search.toLowerCase();
      const found = customers.filter((c) =>
        `${c.first_name} ${c.last_name} ${c.email}`.toLowerCase().includes(wanted),
      );
      return { customers: found, totalPages: 1 };
    },
    async createCustomer(input) {
      const customer = { id: 100 + customers.length, ...input };
      customers.push(customer);
      return customer;
    },
    parkedSales: async () => parked,
    async park(lines, details) {
      const sale: ParkedSale = {
        id: parked.length + 1,
        parked_at_gmt: '2026-11-28T10:05:00',
        cashier: 'Sam Owner',
        lines: lines.map((line) => ({
          ...line,
          name: PRODUCTS.find((p) => p.id === line.product_id)?.name ?? '',
        })),
        ...details,
      };
      parked = [...parked, sale];
      return sale;
    },
    async takeParked(id) {
      const sale = parked.find((p) => p.id === id);
      if (!sale) throw new Error('This parked sale was already resumed or discarded.');
      parked = parked.filter((p) => p !== sale);
      return sale;
    },
    async emailReceipt(orderId, email) {
      mailed.push({ orderId, ...(email === undefined ? {} : { email }) });
      return { sent_to: email ?? 'carl@coffee.demo.test' };
    },
    session: async () => SESSION,
    categories: async () => [
      { slug: 'coffee', name: 'Coffee', count: 2 },
      { slug: 'bakery', name: 'Bakery', count: 2 },
    ],
    products: async () => ({ products: PRODUCTS, totalPages: 1 }),
    totals: async (lines, adjustments) => storeTotals(lines, adjustments),
    async createOrder(lines, tenders, { details, adjustments } = {}) {
      // Recorded as the request carries them: nothing when there are none (a guest's sale
      // without a note carries no details).
      const hasDetails = details && (details.customer !== null || details.note.trim() !== '');
      const extra = adjustmentsBody(adjustments);
      orders.push({
        lines,
        tenders,
        ...(hasDetails ? { details } : {}),
        ...(Object.keys(extra).length > 0 ? { adjustments: extra } : {}),
      });
      const sale = saleOf(1042 + sales.length, lines, tenders, details, adjustments);
      sales.push(sale);
      return sale;
    },
    sales: async () =>
      [...sales].reverse().map((sale) => ({
        id: sale.id,
        number: sale.number,
        date_created_gmt: sale.date_created_gmt,
        status: sale.status,
        currency: sale.currency,
        total: sale.total,
        refunded: sale.refunded ?? '0.00',
        cashier: sale.cashier,
        tenders: sale.tenders ?? [],
      })),
    order: async (id) => find(id),
    async refund(id, reason, lines) {
      refunds.push({ id, reason, lines });
      const sale = find(id);
      let amount = 0;
      for (const { line_id, quantity } of lines) {
        const line = sale.line_items.find((item) => item.id === line_id)!;
        line.refunded_quantity = (line.refunded_quantity ?? 0) + quantity;
        amount += Math.round(
          (cents(sale.total) * cents(line.total) * quantity) / line.quantity / cents(sale.subtotal),
        );
      }
      const refunded = cents(sale.refunded ?? '0') + amount;
      Object.assign(sale, {
        refunded: money(refunded),
        status: refunded >= cents(sale.total) ? 'refunded' : sale.status,
        refunds: [
          ...(sale.refunds ?? []),
          { id: 5000 + refunds.length, reason, amount: money(amount), date_created_gmt: '' },
        ],
      });
      return { ...sale };
    },
    async summary() {
      const gross = sales.reduce((sum, s) => sum + cents(s.total), 0);
      const back = sales.reduce((sum, s) => sum + cents(s.refunded ?? '0'), 0);
      const by = (method: 'cash' | 'card') =>
        money(
          sales
            .flatMap((s) => s.tenders ?? [])
            .filter((t) => t.method === method)
            .reduce((sum, t) => sum + cents(t.amount), 0),
        );
      return {
        date: '2026-11-28',
        currency: 'USD',
        orders: sales.length,
        gross: money(gross),
        refunds: money(back),
        net: money(gross - back),
        tenders: [
          { method: 'cash', amount: by('cash') },
          { method: 'card', amount: by('card') },
        ],
        cashiers:
          sales.length === 0
            ? []
            : [
                {
                  name: 'Sam Owner',
                  orders: sales.length,
                  gross: money(gross),
                  refunds: money(back),
                  net: money(gross - back),
                },
              ],
      };
    },
    ...overrides,
  };
}
