/** What the register page hands the application (`data-config` of `#cloud-pos-register`). */
export interface RegisterConfig {
  posId: number;
  /** The station's register routes on this store: `/wp-json/pos-connect/v1/register/{pos_id}`. */
  restBase: string;
  /** The station session's CSRF token, sent as `X-POS-Token` on every call. */
  token: string;
}

/** `GET register/{pos_id}/session`: the station, the store's money settings and who sells. */
export interface RegisterSession {
  station: { pos_id: number; name: string };
  store: { name: string; currency: string; locale: string; prices_include_tax: boolean };
  person: { name: string; email: string };
  store_user: { id: number; name: string };
  /** Whether the store user may create orders (the store checks it again on every sale). */
  may_sell: boolean;
  /**
   * Whether the store user may give line and cart discounts (WooCommerce's edit_shop_orders;
   * the store checks it again on every call that carries one).
   */
  may_discount: boolean;
  /** Whether the store user may search the store's customers (WooCommerce's `list_users`). */
  may_find_customers: boolean;
  /** Whether the store user may create customers (WooCommerce's `create_customers`). */
  may_create_customers: boolean;
  /** The station's receipt settings. */
  receipt: ReceiptSettings;
  /**
   * The owner's Assistant progress when they show the Assistant in POS (spec 2.11), from the
   * station hand-off; null (or absent, from an older store) when not.
   */
  assistant?: AssistantProgress | null;
}

/** The Assistant's tasks still to do, of all of them. */
export interface AssistantProgress {
  remaining: number;
  total: number;
}

/** A station's receipt settings, as the store keeps them in the station's settings. */
export interface ReceiptSettings {
  /** Printed above the sale (e.g. the shop's name and address); may be empty. */
  header: string;
  /** Printed below the sale (e.g. a thank-you line); may be empty. */
  footer: string;
  /** Print a receipt after each sale (the browser's print dialog opens by itself). */
  print: boolean;
}

/** `GET register/{pos_id}/customers`: a customer of the store (a user with role customer). */
export interface Customer {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

/** `POST register/{pos_id}/customers`: a new customer by name and email. */
export interface NewCustomer {
  first_name: string;
  last_name: string;
  email: string;
}

/** Who buys and the order's note (a customer-provided note, as WooCommerce keeps it). */
export interface SaleDetails {
  /** null for a guest. */
  customer: Customer | null;
  note: string;
}

/** `GET register/{pos_id}/parked`: a sale parked at this station, to resume later. */
export interface ParkedSale {
  id: number;
  /** When it was parked: WooCommerce's GMT format, without a zone. */
  parked_at_gmt: string;
  cashier: string;
  /** A variation's line names its variable product and the variation (`variation_id`). */
  lines: Array<{
    product_id: number;
    variation_id?: number | null;
    quantity: number;
    name: string;
  }>;
  customer: Customer | null;
  note: string;
}

/** `GET register/{pos_id}/categories`. */
export interface Category {
  slug: string;
  name: string;
  count: number;
}

/** WooCommerce's backorder setting: 'no' refuses a sale beyond the stock. */
export type Backorders = 'no' | 'notify' | 'yes';

/** What the store sells and counts the stock of: a simple product or one variation. */
interface Item {
  id: number;
  name: string;
  sku: string;
  barcode: string;
  /** The price as the store shows it (incl. or excl. tax by its settings), e.g. "3.00". */
  price: string;
  manage_stock: boolean;
  stock_quantity: number | null;
  stock_status: 'instock' | 'outofstock' | 'onbackorder';
  backorders: Backorders;
}

/** A variation of a variable product: the option of each attribute it stands for. */
export interface Variation extends Item {
  attributes: Record<string, string>;
}

/**
 * `GET register/{pos_id}/products`: a product as the store shows its price and stock. A
 * variable product is listed once, with its attributes and variations; a variation chosen
 * for the cart becomes a product of its own whose `parent_id` is the variable product.
 */
export interface Product extends Item {
  category: string;
  type: 'simple' | 'variable';
  attributes: Array<{ name: string; options: string[] }>;
  variations: Variation[];
  /** Set on a chosen variation: the variable product it belongs to. */
  parent_id?: number;
}

/** A discount the cashier gives a line or the whole cart: a percentage or an amount. */
export interface Discount {
  type: 'percent' | 'fixed';
  /** "10" (percent) or "5.00" (money). */
  amount: string;
}

/** One line of the cart as the store is asked about it. */
export interface CartLine {
  product_id: number;
  /** The variation sold, when the product is variable. */
  variation_id?: number;
  quantity: number;
  discount?: Discount;
}

/** What the store adds to a cart's lines: WooCommerce coupons and a cart discount. */
export interface CartAdjustments {
  coupons: string[];
  discount?: Discount;
}

/** The coupons and discounts of a priced cart, and its totals, as the store computed them. */
export interface PricedTotals {
  coupons: Array<{ code: string; discount: string }>;
  /** The cashier's discounts, WooCommerce fees: key 'cart' or 'line:{index}', negative totals. */
  fees: Array<{ key: string; name: string; total: string }>;
  subtotal: string;
  discount_total: string;
  total_tax: string;
  total: string;
}

/** `POST register/{pos_id}/totals`: the store's totals of a cart. */
export interface CartTotals extends PricedTotals {
  currency: string;
  prices_include_tax: boolean;
  lines: Array<{
    product_id: number;
    variation_id: number;
    name: string;
    quantity: number;
    price: string;
    total: string;
  }>;
  /**
   * Set by the register (never by the store) on totals it made from the last known prices while
   * the store does not answer: the sum of the shown prices, without tax.
   */
  provisional?: true;
}

/**
 * One payment of a sale, as the register sends it: cash (its amount, and what the customer
 * handed over) or a card taken on an external terminal (its amount and reference). The tenders
 * of a sale add up to the store's total exactly.
 */
export type Tender =
  | { method: 'cash'; amount: string; tendered: string }
  | { method: 'card'; amount: string; reference: string };

/** One tender as the order records it: cash with its change, a card with its reference. */
export interface RecordedTender {
  method: 'cash' | 'card';
  amount: string;
  tendered?: string;
  change?: string;
  reference?: string;
}

/** `POST register/{pos_id}/orders`: the paid order, as the receipt shows it. */
export interface Sale extends PricedTotals {
  id: number;
  number: string;
  status: string;
  currency: string;
  date_created_gmt: string;
  payment_method: string;
  station: { pos_id: number; name: string };
  cashier: string;
  /** WooCommerce's payment method title, naming the tenders of a split sale. */
  payment_method_title?: string;
  line_items: Array<{
    /** The order line's id (what a refund names). */
    id?: number;
    product_id: number;
    variation_id: number;
    name: string;
    quantity: number;
    total: string;
    /** Units of the line refunded so far. */
    refunded_quantity?: number;
  }>;
  tendered: string | null;
  change: string | null;
  reference: string | null;
  tenders?: RecordedTender[];
  /** The amount refunded so far. */
  refunded?: string;
  refunds?: Array<{ id: number; reason: string; amount: string; date_created_gmt: string }>;
  /** The customer the order was made for; null for a guest. */
  customer: Customer | null;
  /** The order's customer-provided note; '' when none. */
  note: string;
}

/** `GET register/{pos_id}/sales`: one sale of the station's day. */
export interface SaleEntry {
  id: number;
  number: string;
  date_created_gmt: string;
  status: string;
  currency: string;
  total: string;
  refunded: string;
  cashier: string;
  tenders: RecordedTender[];
}

/** One line of a refund: the order line and the units given back (and restocked). */
export interface RefundLine {
  line_id: number;
  quantity: number;
}

/** `GET register/{pos_id}/summary`: the station's day. */
export interface DaySummary {
  date: string;
  currency: string;
  orders: number;
  gross: string;
  refunds: string;
  net: string;
  tenders: Array<{ method: 'cash' | 'card'; amount: string }>;
  cashiers: Array<{ name: string; orders: number; gross: string; refunds: string; net: string }>;
}
