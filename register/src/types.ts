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
}

/** `GET register/{pos_id}/categories`. */
export interface Category {
  slug: string;
  name: string;
  count: number;
}

/** `GET register/{pos_id}/products`: a product as the store shows its price and stock. */
export interface Product {
  id: number;
  name: string;
  sku: string;
  barcode: string;
  category: string;
  /** The price as the store shows it (incl. or excl. tax by its settings), e.g. "3.00". */
  price: string;
  manage_stock: boolean;
  stock_quantity: number | null;
  stock_status: 'instock' | 'outofstock' | 'onbackorder';
}

/** One line of the cart as the store is asked about it. */
export interface CartLine {
  product_id: number;
  quantity: number;
}

/** `POST register/{pos_id}/totals`: the store's totals of a cart. */
export interface CartTotals {
  currency: string;
  prices_include_tax: boolean;
  lines: Array<{
    product_id: number;
    name: string;
    quantity: number;
    price: string;
    total: string;
  }>;
  subtotal: string;
  total_tax: string;
  total: string;
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
export interface Sale {
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
    name: string;
    quantity: number;
    total: string;
    /** Units of the line refunded so far. */
    refunded_quantity?: number;
  }>;
  subtotal: string;
  total_tax: string;
  total: string;
  tendered: string | null;
  change: string | null;
  reference: string | null;
  tenders?: RecordedTender[];
  /** The amount refunded so far. */
  refunded?: string;
  refunds?: Array<{ id: number; reason: string; amount: string; date_created_gmt: string }>;
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
