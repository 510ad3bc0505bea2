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
  /**
   * Set by the register (never by the store) on totals it made from the last known prices while
   * the store does not answer: the sum of the shown prices, without tax.
   */
  provisional?: true;
}

/** How a sale is paid. */
export type Payment = { method: 'cash'; tendered: string } | { method: 'card'; reference: string };

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
  line_items: Array<{ product_id: number; name: string; quantity: number; total: string }>;
  subtotal: string;
  total_tax: string;
  total: string;
  tendered: string | null;
  change: string | null;
  reference: string | null;
}
