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
  /** Whether the store user may search the store's customers (WooCommerce's `list_users`). */
  may_find_customers: boolean;
  /** Whether the store user may create customers (WooCommerce's `create_customers`). */
  may_create_customers: boolean;
  /** The station's receipt settings. */
  receipt: ReceiptSettings;
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
  lines: Array<{ product_id: number; quantity: number; name: string }>;
  customer: Customer | null;
  note: string;
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
  /** The customer the order was made for; null for a guest. */
  customer: Customer | null;
  /** The order's customer-provided note; '' when none. */
  note: string;
}
