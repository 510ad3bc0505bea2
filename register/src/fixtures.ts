import type { RegisterApi } from './api';
import { RegisterError } from './api';
import type {
  CartLine,
  CartTotals,
  Product,
  RefundLine,
  RegisterSession,
  Sale,
  Tender,
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
    ...overrides,
  };
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
};

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
];

/** A store that taxes 8.25 % on top, in cents like WooCommerce's rounding per order. */
export function storeTotals(lines: CartLine[]): CartTotals {
  const priced = lines.map((line) => {
    const found = PRODUCTS.find((p) => p.id === line.product_id)!;
    const cents = Math.round(Number(found.price) * 100) * line.quantity;
    return { ...line, name: found.name, price: found.price, cents };
  });
  const subtotal = priced.reduce((sum, line) => sum + line.cents, 0);
  const tax = Math.round(subtotal * 0.0825);
  return {
    currency: 'USD',
    prices_include_tax: false,
    lines: priced.map(({ cents, ...line }) => ({ ...line, total: (cents / 100).toFixed(2) })),
    subtotal: (subtotal / 100).toFixed(2),
    total_tax: (tax / 100).toFixed(2),
    total: ((subtotal + tax) / 100).toFixed(2),
  };
}

const money = (cents: number) => (cents / 100).toFixed(2);
const cents = (amount: string) => Math.round(Number(amount) * 100);

/** The sale the fake store makes of `lines` paid by `tenders`, as order `id`. */
function saleOf(id: number, lines: CartLine[], tenders: Tender[]): Sale {
  const totals = storeTotals(lines);
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
    line_items: totals.lines.map(({ product_id, name, quantity, total }, index) => ({
      id: id * 10 + index,
      product_id,
      name,
      quantity,
      total,
      refunded_quantity: 0,
    })),
    subtotal: totals.subtotal,
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
  };
}

/**
 * A RegisterApi over the fixtures that keeps the sales it makes (from order 1042 on):
 * `createOrder` records what it was given; refunds take each unit's share of the total.
 */
export function fakeApi(overrides: Partial<RegisterApi> = {}): RegisterApi & {
  orders: Array<{ lines: CartLine[]; tenders: Tender[] }>;
  refunds: Array<{ id: number; reason: string; lines: RefundLine[] }>;
} {
  const orders: Array<{ lines: CartLine[]; tenders: Tender[] }> = [];
  const refunds: Array<{ id: number; reason: string; lines: RefundLine[] }> = [];
  const sales: Sale[] = [];
  const find = (id: number) => {
    const sale = sales.find((s) => s.id === id);
    if (!sale)
      throw new RegisterError('Invalid ID.', 404, 'woocommerce_rest_shop_order_invalid_id');
    return sale;
  };
  return {
    orders,
    refunds,
    session: async () => SESSION,
    categories: async () => [
      { slug: 'coffee', name: 'Coffee', count: 2 },
      { slug: 'bakery', name: 'Bakery', count: 2 },
    ],
    products: async () => ({ products: PRODUCTS, totalPages: 1 }),
    totals: async (lines) => storeTotals(lines),
    async createOrder(lines, tenders) {
      orders.push({ lines, tenders });
      const sale = saleOf(1042 + sales.length, lines, tenders);
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
