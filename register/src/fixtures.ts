import type { RegisterApi } from './api';
import type {
  CartLine,
  CartTotals,
  Customer,
  ParkedSale,
  Product,
  RegisterSession,
  Sale,
  SaleDetails,
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
  may_find_customers: true,
  may_create_customers: true,
  receipt: { header: 'Demo Coffee Roasters', footer: 'Thank you for your visit!', print: false },
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

/**
 * A RegisterApi over the fixtures; `createOrder` records what it was given, parked sales and
 * mailed receipts are kept in `parked` and `mailed`.
 */
export function fakeApi(overrides: Partial<RegisterApi> = {}): RegisterApi & {
  orders: Array<{ lines: CartLine[]; payment: unknown; details?: SaleDetails }>;
  parked: ParkedSale[];
  mailed: Array<{ orderId: number; email?: string }>;
} {
  const orders: Array<{ lines: CartLine[]; payment: unknown; details?: SaleDetails }> = [];
  const customers = [...CUSTOMERS];
  let parked: ParkedSale[] = [];
  const mailed: Array<{ orderId: number; email?: string }> = [];
  return {
    orders,
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
    totals: async (lines) => storeTotals(lines),
    async createOrder(lines, payment, details) {
      // A guest's sale without a note carries no details, as its request carries none.
      const hasDetails = details && (details.customer !== null || details.note.trim() !== '');
      orders.push({ lines, payment, ...(hasDetails ? { details } : {}) });
      const totals = storeTotals(lines);
      const sale: Sale = {
        id: 1042,
        number: '1042',
        status: 'completed',
        currency: 'USD',
        date_created_gmt: '2026-11-28T10:00:00',
        payment_method: payment.method === 'cash' ? 'pos_cash' : 'pos_card',
        station: SESSION.station,
        cashier: 'Sam Owner',
        line_items: totals.lines.map(({ product_id, name, quantity, total }) => ({
          product_id,
          name,
          quantity,
          total,
        })),
        subtotal: totals.subtotal,
        total_tax: totals.total_tax,
        total: totals.total,
        tendered: payment.method === 'cash' ? payment.tendered : null,
        change:
          payment.method === 'cash'
            ? (
                (Math.round(Number(payment.tendered) * 100) -
                  Math.round(Number(totals.total) * 100)) /
                100
              ).toFixed(2)
            : null,
        reference: payment.method === 'card' ? payment.reference : null,
        customer: details?.customer ?? null,
        note: details?.note.trim() ?? '',
      };
      return sale;
    },
    ...overrides,
  };
}
