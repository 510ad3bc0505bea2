import { randomBytes } from 'node:crypto';
import { readJsonFile, writeJsonFileAtomic } from '../jsonFile';
import type { ProductSeed, StoreSeed } from './seed';

/** `created_via` of the orders the Cloud POS register rings up (the plugin must set the same). */
export const POS_CREATED_VIA = 'cloud-pos';
/** Order meta the Cloud POS register adds: the station (id and name) and the cashier. */
export const POS_META = {
  station: 'cloud_pos_station_id',
  stationName: 'cloud_pos_station_name',
  cashierId: 'cloud_pos_cashier_id',
  cashierName: 'cloud_pos_cashier_name',
} as const;

/**
 * A station's name as the plugin stamps it on an order (`cloud_pos_station_name`): its title on
 * one line, trimmed, at most 200 characters (`Cloud_POS_Rules::order_stamp`).
 */
export function posStationName(name: string): string {
  return Array.from(name.replace(/\s+/g, ' ').trim()).slice(0, 200).join('');
}

/** The order statuses of WooCommerce core. */
export const ORDER_STATUSES = [
  'pending',
  'processing',
  'on-hold',
  'completed',
  'cancelled',
  'refunded',
  'failed',
  'trash',
] as const;
export type OrderStatus = (typeof ORDER_STATUSES)[number];

/** The webhook topics the sandbox fires (WooCommerce's resource.event). */
export const WEBHOOK_TOPICS = [
  'order.created',
  'order.updated',
  'order.deleted',
  'customer.created',
  'product.created',
] as const;
export type WebhookTopic = (typeof WEBHOOK_TOPICS)[number];

export type WebhookStatus = 'active' | 'paused' | 'disabled';

/** One webhook as WooCommerce keeps it (wc_webhooks row). */
export interface WebhookRecord {
  id: number;
  name: string;
  status: WebhookStatus;
  topic: WebhookTopic;
  delivery_url: string;
  secret: string;
  /** The key's user who made it (WooCommerce runs the payload as that user). */
  user_id: number;
  /** Consecutive failed deliveries; reset by a successful one. */
  failure_count: number;
  pending_delivery: boolean;
  date_created_gmt: string;
  date_modified_gmt: string;
}

export interface OrderLine {
  id: number;
  name: string;
  product_id: number;
  /** The variation sold (product_id is then its parent); absent or 0: a simple product. */
  variation_id?: number;
  quantity: number;
  /** Unit price, cents. */
  price: number;
}

/** What the register's coupons and discounts made of an order (cents). */
export interface OrderAdjustments {
  subtotal: number;
  discount_total: number;
  total_tax: number;
  total: number;
  coupons: Array<{ code: string; discount: number }>;
  fees: Array<{ key?: string; name: string; total: number }>;
}

/** A refund of an order (WooCommerce's shop_order_refund, a child of the order). */
export interface RefundRecord {
  id: number;
  reason: string;
  /** Cents given back, positive (WooCommerce's REST shows it negative). */
  amount: number;
  /** The lines and units refunded (and restocked). */
  lines: Array<{ line_id: number; quantity: number }>;
  /** ms since the epoch. */
  created: number;
}

/** An order as the sandbox keeps it; {@link orderView} gives WooCommerce's REST shape. */
export interface OrderRecord {
  id: number;
  status: OrderStatus;
  currency: string;
  created_via: string;
  /** WooCommerce's payment method id; absent on older records (the channel's default then). */
  payment_method?: string;
  /** WooCommerce's payment method title, when the order was given one. */
  payment_method_title?: string;
  /** Cents. */
  total: number;
  total_tax: number;
  customer_id: number;
  billing: { first_name: string; last_name: string; email: string };
  /** WooCommerce's customer-provided note (the register's order note); absent when none. */
  customer_note?: string;
  line_items: OrderLine[];
  /** The coupons' discount, cents (absent: none). */
  discount_total?: number;
  coupon_lines?: Array<{ id: number; code: string; discount: number }>;
  /** Fees, e.g. the register's discounts (negative), cents. */
  /** `key`: which of the register's discounts the fee is ('cart', 'line:{index}'). */
  fee_lines?: Array<{ id: number; key?: string; name: string; total: number }>;
  meta_data: Array<{ id: number; key: string; value: string }>;
  /** Refunds, oldest first; absent when there are none. */
  refunds?: RefundRecord[];
  /** ms since the epoch. */
  created: number;
  modified: number;
}

/** A sale parked at a station (the plugin keeps it as the station's post meta, not an order). */
export interface ParkedRecord {
  id: number;
  pos_id: number;
  lines: Array<{ product_id: number; variation_id?: number; quantity: number }>;
  customer_id: number;
  note: string;
  cashier: string;
  /** ms since the epoch. */
  parked: number;
}

export interface CustomerRecord {
  id: number;
  email: string;
  first_name: string;
  last_name: string;
  created: number;
}

interface PersistedCommerce {
  nextOrderId: number;
  nextWebhookId: number;
  nextCustomerId: number;
  nextProductId: number;
  nextLineId: number;
  orders: OrderRecord[];
  webhooks: WebhookRecord[];
  customers: CustomerRecord[];
  /** Products added by the admin (beside the seed's). */
  products: ProductSeed[];
  /** Stock levels changed by sales (product id → units), over the products' own `stock`. */
  stock?: Record<string, number>;
  /** Sales parked at the stations' registers. */
  parked?: ParkedRecord[];
  nextParkedId?: number;
}

/** WooCommerce's `*_gmt` date format: ISO 8601 in UTC, seconds, no zone. */
export function wcDate(ms: number): string {
  return new Date(ms).toISOString().slice(0, 19);
}

function money(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** An order in the shape of WooCommerce's REST API v3 (`GET wc/v3/orders/{id}`). */
export function orderView(order: OrderRecord, home: string) {
  return {
    id: order.id,
    parent_id: 0,
    number: String(order.id),
    order_key: `wc_order_${order.id.toString(36).padStart(8, '0')}`,
    created_via: order.created_via,
    status: order.status,
    currency: order.currency,
    // The sandbox's site time zone is UTC, so local and GMT dates are the same.
    date_created: wcDate(order.created),
    date_created_gmt: wcDate(order.created),
    date_modified: wcDate(order.modified),
    date_modified_gmt: wcDate(order.modified),
    date_paid_gmt: order.status === 'completed' ? wcDate(order.created) : null,
    date_completed_gmt: order.status === 'completed' ? wcDate(order.created) : null,
    discount_total: money(order.discount_total ?? 0),
    shipping_total: '0.00',
    total: money(order.total),
    total_tax: money(order.total_tax),
    prices_include_tax: false,
    customer_id: order.customer_id,
    billing: { ...order.billing },
    customer_note: order.customer_note ?? '',
    payment_method:
      order.payment_method ?? (order.created_via === POS_CREATED_VIA ? 'pos_cash' : 'cod'),
    payment_method_title: order.payment_method_title ?? '',
    line_items: order.line_items.map((line) => ({
      id: line.id,
      name: line.name,
      product_id: line.product_id,
      variation_id: line.variation_id ?? 0,
      quantity: line.quantity,
      subtotal: money(line.price * line.quantity),
      total: money(line.price * line.quantity),
      price: line.price / 100,
    })),
    coupon_lines: (order.coupon_lines ?? []).map((line) => ({
      id: line.id,
      code: line.code,
      discount: money(line.discount),
    })),
    fee_lines: (order.fee_lines ?? []).map((line) => ({
      id: line.id,
      name: line.name,
      total: money(line.total),
    })),
    meta_data: order.meta_data.map((meta) => ({ ...meta })),
    // WooCommerce lists an order's refunds newest first, each total negative.
    refunds: [...(order.refunds ?? [])]
      .reverse()
      .map((refund) => ({ id: refund.id, reason: refund.reason, total: money(-refund.amount) })),
    _links: {
      self: [{ href: `${home}/wp-json/wc/v3/orders/${order.id}` }],
      collection: [{ href: `${home}/wp-json/wc/v3/orders` }],
    },
  };
}

/** A webhook in the shape of `GET wc/v3/webhooks/{id}`. */
export function webhookView(webhook: WebhookRecord, home: string) {
  const [resource, event] = webhook.topic.split('.') as [string, string];
  return {
    id: webhook.id,
    name: webhook.name,
    status: webhook.status,
    topic: webhook.topic,
    resource,
    event,
    hooks: [
      `woocommerce_${event === 'deleted' ? 'delete' : event === 'created' ? 'new' : 'update'}_${resource}`,
    ],
    delivery_url: webhook.delivery_url,
    secret: webhook.secret,
    date_created: webhook.date_created_gmt,
    date_created_gmt: webhook.date_created_gmt,
    date_modified: webhook.date_modified_gmt,
    date_modified_gmt: webhook.date_modified_gmt,
    _links: { self: [{ href: `${home}/wp-json/wc/v3/webhooks/${webhook.id}` }] },
  };
}

/** A small deterministic generator (mulberry32), so the demo orders are the same every time. */
function seeded(seed: number): () => number {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = a;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

const DAY_MS = 86_400_000;

/** Cents refunded of an order so far. */
export function refundedCents(order: OrderRecord): number {
  return (order.refunds ?? []).reduce((sum, refund) => sum + refund.amount, 0);
}

/** Units of order line `lineId` refunded so far. */
export function refundedUnits(order: OrderRecord, lineId: number): number {
  return (order.refunds ?? [])
    .flatMap((refund) => refund.lines)
    .filter((line) => line.line_id === lineId)
    .reduce((sum, line) => sum + line.quantity, 0);
}

/** What a new order is made of. */
export interface NewOrder {
  created_via: string;
  status?: OrderStatus;
  currency: string;
  /** The items sold; a variation's line names its parent (`parentId`). */
  lines: Array<{ product: ProductSeed; quantity: number; parentId?: number }>;
  taxRate: number;
  /** Totals the register's coupons and discounts gave (instead of the lines' plain totals). */
  adjustments?: OrderAdjustments;
  /** Prices include the tax (a station's tax_display 'incl'). */
  taxIncluded?: boolean;
  customer?: { id: number; first_name: string; last_name: string; email: string };
  /** The customer-provided note. */
  customer_note?: string;
  meta?: Record<string, string>;
  payment_method?: string;
  payment_method_title?: string;
  created?: number;
}

/**
 * An order's totals in cents, as the store computes them: the lines' prices times quantities,
 * tax at `taxRate` % on top, or inside the prices when they include it.
 */
export function orderTotals(
  lines: ReadonlyArray<{ product: ProductSeed; quantity: number }>,
  taxRate: number,
  taxIncluded = false,
): { subtotal: number; total_tax: number; total: number } {
  const subtotal = lines.reduce((sum, l) => sum + l.product.price * l.quantity, 0);
  const tax = taxIncluded
    ? Math.round(subtotal - subtotal / (1 + taxRate / 100))
    : Math.round((subtotal * taxRate) / 100);
  return { subtotal, total_tax: tax, total: taxIncluded ? subtotal : subtotal + tax };
}

/**
 * A store's orders, customers, added products and webhooks (kept in `file` when given). Demo
 * orders are generated once, when the file has none, for stores that ask for them.
 */
export class CommerceState {
  private saving: Promise<void> = Promise.resolve();

  private constructor(
    private readonly file: string | null,
    private state: PersistedCommerce,
    private readonly now: () => number,
  ) {}

  static async open(file: string | null, now: () => number): Promise<CommerceState> {
    const loaded = file ? await readJsonFile<PersistedCommerce>(file) : undefined;
    return new CommerceState(file, loaded ?? CommerceState.empty(), now);
  }

  private static empty(): PersistedCommerce {
    return {
      nextOrderId: 1000,
      nextWebhookId: 1,
      nextCustomerId: 100,
      nextProductId: 900,
      nextLineId: 1,
      orders: [],
      webhooks: [],
      customers: [],
      products: [],
    };
  }

  orders(): readonly OrderRecord[] {
    return this.state.orders;
  }

  order(id: number): OrderRecord | undefined {
    return this.state.orders.find((order) => order.id === id);
  }

  webhooks(): readonly WebhookRecord[] {
    return this.state.webhooks;
  }

  webhook(id: number): WebhookRecord | undefined {
    return this.state.webhooks.find((webhook) => webhook.id === id);
  }

  products(seed: StoreSeed): ProductSeed[] {
    return [...seed.products, ...this.state.products];
  }

  /** Units in stock of a product whose stock is managed; null when it is not managed. */
  stockOf(product: ProductSeed): number | null {
    if (product.stock === undefined) return null;
    return this.state.stock?.[String(product.id)] ?? product.stock;
  }

  /**
   * Adds an order and takes its quantities off the managed stock in one step (nothing is kept
   * when a line has too few units): the names of the lines short of stock, else the order.
   * `evenIfShort` (a sale the register took while the store did not answer) takes the stock
   * below zero instead, as WooCommerce's wc_reduce_stock_levels does.
   */
  async addOrderReducingStock(
    input: NewOrder,
    { evenIfShort = false }: { evenIfShort?: boolean } = {},
  ): Promise<{ order: OrderRecord } | { shortOf: string[] }> {
    const shortOf = input.lines
      .filter(({ product, quantity }) => {
        const stock = this.stockOf(product);
        // A store that takes backorders sells beyond its stock (which then goes below 0).
        return stock !== null && stock < quantity && (product.backorders ?? 'no') === 'no';
      })
      .map(({ product }) => product.name);
    if (shortOf.length > 0 && !evenIfShort) return { shortOf };
    const order = this.buildOrder(input);
    const stock = { ...this.state.stock };
    for (const { product, quantity } of input.lines) {
      const level = this.stockOf(product);
      if (level !== null) stock[String(product.id)] = level - quantity;
    }
    this.state.stock = stock;
    this.state.orders.push(order);
    await this.persist();
    return { order };
  }

  customers(): readonly CustomerRecord[] {
    return this.state.customers;
  }

  /** Adds an order; its id, dates and line ids are assigned here. */
  async addOrder(input: NewOrder): Promise<OrderRecord> {
    const order = this.buildOrder(input);
    this.state.orders.push(order);
    await this.persist();
    return order;
  }

  private buildOrder(input: NewOrder): OrderRecord {
    const created = input.created ?? this.now();
    const totals = input.adjustments ?? orderTotals(input.lines, input.taxRate, input.taxIncluded);
    const id = this.state.nextOrderId++;
    let metaId = id * 10;
    return {
      id,
      status: input.status ?? 'completed',
      currency: input.currency,
      created_via: input.created_via,
      ...(input.payment_method ? { payment_method: input.payment_method } : {}),
      ...(input.payment_method_title ? { payment_method_title: input.payment_method_title } : {}),
      total: totals.total,
      total_tax: totals.total_tax,
      customer_id: input.customer?.id ?? 0,
      billing: {
        first_name: input.customer?.first_name ?? '',
        last_name: input.customer?.last_name ?? '',
        email: input.customer?.email ?? '',
      },
      ...(input.customer_note ? { customer_note: input.customer_note } : {}),
      line_items: input.lines.map((l) => ({
        id: this.state.nextLineId++,
        name: l.product.name,
        product_id: l.parentId ?? l.product.id,
        ...(l.parentId !== undefined && l.parentId !== l.product.id
          ? { variation_id: l.product.id }
          : {}),
        quantity: l.quantity,
        price: l.product.price,
      })),
      ...(input.adjustments
        ? {
            discount_total: input.adjustments.discount_total,
            coupon_lines: input.adjustments.coupons.map((c) => ({
              id: this.state.nextLineId++,
              ...c,
            })),
            fee_lines: input.adjustments.fees.map((f) => ({
              id: this.state.nextLineId++,
              key: f.key,
              name: f.name,
              total: f.total,
            })),
          }
        : {}),
      meta_data: Object.entries(input.meta ?? {}).map(([key, value]) => ({
        id: metaId++,
        key,
        value,
      })),
      created,
      modified: created,
    };
  }

  /**
   * Refunds `refund.lines` of `order` (wc_create_refund with restock_items): records the refund,
   * puts the units back on the managed stock and marks the order refunded once nothing is left
   * (WooCommerce's wc_order_fully_refunded), all in one step.
   */
  async refundOrder(
    order: OrderRecord,
    products: readonly ProductSeed[],
    refund: Omit<RefundRecord, 'id' | 'created'>,
  ): Promise<RefundRecord> {
    const made: RefundRecord = { ...refund, id: this.state.nextOrderId++, created: this.now() };
    const stock = { ...this.state.stock };
    for (const { line_id, quantity } of refund.lines) {
      const line = order.line_items.find((item) => item.id === line_id);
      const product = products.find((p) => p.id === line?.product_id);
      const level = product ? this.stockOf(product) : null;
      if (product && level !== null) stock[String(product.id)] = level + quantity;
    }
    this.state.stock = stock;
    order.refunds = [...(order.refunds ?? []), made];
    if (refundedCents(order) >= order.total) order.status = 'refunded';
    order.modified = Math.max(this.now(), order.modified + 1000);
    await this.persist();
    return made;
  }

  /** Changes an order's status (wp-admin's order screen); undefined when there is none. */
  async updateOrderStatus(id: number, status: OrderStatus): Promise<OrderRecord | undefined> {
    const order = this.order(id);
    if (!order) return undefined;
    order.status = status;
    order.modified = Math.max(this.now(), order.modified + 1000);
    await this.persist();
    return order;
  }

  /** Deletes an order for good; false when there was none. */
  async deleteOrder(id: number): Promise<boolean> {
    const before = this.state.orders.length;
    this.state.orders = this.state.orders.filter((order) => order.id !== id);
    if (before === this.state.orders.length) return false;
    await this.persist();
    return true;
  }

  async addCustomer(input: Omit<CustomerRecord, 'id' | 'created'>): Promise<CustomerRecord> {
    const customer = { id: this.state.nextCustomerId++, ...input, created: this.now() };
    this.state.customers.push(customer);
    await this.persist();
    return customer;
  }

  async addProduct(input: Omit<ProductSeed, 'id'>): Promise<ProductSeed> {
    const product = { id: this.state.nextProductId++, ...input };
    this.state.products.push(product);
    await this.persist();
    return product;
  }

  async addWebhook(
    input: Pick<WebhookRecord, 'name' | 'status' | 'topic' | 'delivery_url' | 'user_id'> & {
      secret?: string;
    },
  ): Promise<WebhookRecord> {
    const at = wcDate(this.now());
    const webhook: WebhookRecord = {
      id: this.state.nextWebhookId++,
      name: input.name,
      status: input.status,
      topic: input.topic,
      delivery_url: input.delivery_url,
      user_id: input.user_id,
      // WooCommerce's wc_webhook_secret default when none is given.
      secret: input.secret || randomBytes(24).toString('base64url'),
      failure_count: 0,
      pending_delivery: false,
      date_created_gmt: at,
      date_modified_gmt: at,
    };
    this.state.webhooks.push(webhook);
    await this.persist();
    return webhook;
  }

  async deleteWebhook(id: number): Promise<boolean> {
    const before = this.state.webhooks.length;
    this.state.webhooks = this.state.webhooks.filter((webhook) => webhook.id !== id);
    if (before === this.state.webhooks.length) return false;
    await this.persist();
    return true;
  }

  /** Records the outcome of a delivery: a success resets the count, 5 failures in a row disable. */
  async recordDelivery(webhook: WebhookRecord, ok: boolean, maxFailures: number): Promise<void> {
    if (ok) {
      webhook.failure_count = 0;
    } else {
      webhook.failure_count += 1;
      if (webhook.failure_count >= maxFailures) webhook.status = 'disabled';
    }
    webhook.date_modified_gmt = wcDate(this.now());
    await this.persist();
  }

  async setWebhookStatus(webhook: WebhookRecord, status: WebhookStatus): Promise<void> {
    webhook.status = status;
    // Reactivating starts a new count, as WooCommerce does when the admin sets it active.
    if (status === 'active') webhook.failure_count = 0;
    webhook.date_modified_gmt = wcDate(this.now());
    await this.persist();
  }

  /**
   * The demo store's history: about `days` days of orders before now, from the web shop and
   * from every station and POS user, the same every time (a seeded generator). Only when the
   * store has no orders yet: a restart keeps what is there.
   */
  async seedDemoOrders(seed: StoreSeed, days: number): Promise<number> {
    if (this.state.orders.length > 0) return 0;
    const random = seeded(20_260_101);
    const pick = <T>(list: readonly T[]): T => list[Math.floor(random() * list.length)] as T;
    const cashiers = seed.users.filter((u) => u.roles.some((r) => r !== 'customer'));
    const end = this.now();
    const start = Math.floor((end - days * DAY_MS) / DAY_MS) * DAY_MS;
    for (let day = start; day < end; day += DAY_MS) {
      const weekday = new Date(day).getUTCDay();
      const count = 3 + Math.floor(random() * (weekday === 0 || weekday === 6 ? 10 : 6));
      for (let n = 0; n < count; n += 1) {
        // Opening hours 07:00-19:00 UTC.
        const created = day + 7 * 3_600_000 + Math.floor(random() * 12 * 3_600_000);
        if (created >= end) continue;
        const lines = Array.from({ length: 1 + Math.floor(random() * 3) }, () => ({
          product: pick(seed.products),
          quantity: 1 + Math.floor(random() * 2),
        }));
        const web = random() < 0.3;
        const station = pick(seed.stations);
        const cashier = pick(cashiers);
        this.state.orders.push(
          this.buildOrder({
            created,
            lines,
            currency: 'USD',
            taxRate: 8,
            status: random() < 0.03 ? 'refunded' : 'completed',
            ...(web
              ? {
                  created_via: 'checkout',
                  customer: {
                    id: 0,
                    first_name: 'Guest',
                    last_name: 'Buyer',
                    email: 'guest@example.test',
                  },
                }
              : {
                  created_via: POS_CREATED_VIA,
                  meta: {
                    [POS_META.station]: String(station.pos_id),
                    [POS_META.stationName]: posStationName(station.name),
                    [POS_META.cashierId]: String(cashier.id),
                    [POS_META.cashierName]: cashier.name,
                  },
                }),
          }),
        );
      }
    }
    this.state.orders.sort((a, b) => a.created - b.created);
    await this.persist();
    return this.state.orders.length;
  }

  /** The sales parked at station `posId`, oldest first. */
  parkedAt(posId: number): ParkedRecord[] {
    return (this.state.parked ?? []).filter((parked) => parked.pos_id === posId);
  }

  /** Parks a sale; its id and time are assigned here. */
  async park(input: Omit<ParkedRecord, 'id' | 'parked'>): Promise<ParkedRecord> {
    const id = this.state.nextParkedId ?? 1;
    const parked: ParkedRecord = { id, ...input, parked: this.now() };
    this.state.nextParkedId = id + 1;
    this.state.parked = [...(this.state.parked ?? []), parked];
    await this.persist();
    return parked;
  }

  /**
   * Takes parked sale `id` off station `posId` (resumed or discarded): it, or undefined when
   * it is not there (already taken, or another station's), so a parked sale is taken once.
   */
  async takeParked(posId: number, id: number): Promise<ParkedRecord | undefined> {
    const parked = this.parkedAt(posId).find((p) => p.id === id);
    if (!parked) return undefined;
    this.state.parked = (this.state.parked ?? []).filter((p) => p !== parked);
    await this.persist();
    return parked;
  }

  /** Back to nothing (the store's reset control); ids keep growing. */
  reset(): Promise<void> {
    const { nextOrderId, nextWebhookId, nextCustomerId, nextProductId, nextLineId, nextParkedId } =
      this.state;
    this.state = {
      ...CommerceState.empty(),
      ...(nextParkedId === undefined ? {} : { nextParkedId }),
      nextOrderId,
      nextWebhookId,
      nextCustomerId,
      nextProductId,
      nextLineId,
    };
    return this.persist();
  }

  /** Writes are chained so the file always ends with the newest state. */
  persist(): Promise<void> {
    const file = this.file;
    if (!file) return Promise.resolve();
    this.saving = this.saving
      .then(() => writeJsonFileAtomic(file, this.state))
      .catch((error: Error) => {
        console.error(`sandbox store: could not save ${file}: ${error.message}`);
      });
    return this.saving;
  }

  flush(): Promise<void> {
    return this.saving;
  }
}
