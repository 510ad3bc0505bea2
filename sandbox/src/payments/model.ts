/**
 * The objects of the payments sandbox, stored in the wire shape of Stripe's API (the subset of
 * fields the `stripe` SDK's types of API version {@link API_VERSION} describe and the api uses).
 */

import type { CardBehaviour } from './catalog';

/** The API version the sandbox answers in (the one `stripe` 23 pins). */
export const API_VERSION = '2026-10-28.endive';

export type Metadata = Record<string, string>;

export interface Address {
  city: string | null;
  country: string | null;
  line1: string | null;
  line2: string | null;
  postal_code: string | null;
  state: string | null;
}

export interface BillingDetails {
  address: Address;
  email: string | null;
  name: string | null;
  phone: string | null;
}

export interface Customer {
  id: string;
  object: 'customer';
  address: Address | null;
  balance: number;
  created: number;
  currency: string | null;
  default_source: null;
  delinquent: boolean;
  description: string | null;
  email: string | null;
  invoice_prefix: string;
  invoice_settings: {
    custom_fields: null;
    default_payment_method: string | null;
    footer: null;
    rendering_options: null;
  };
  livemode: false;
  metadata: Metadata;
  name: string | null;
  next_invoice_sequence: number;
  phone: string | null;
  preferred_locales: string[];
  tax_exempt: 'none';
  test_clock: null;
}

export interface PaymentMethod {
  id: string;
  object: 'payment_method';
  allow_redisplay: 'unspecified';
  billing_details: BillingDetails;
  card: {
    brand: string;
    checks: {
      address_line1_check: string | null;
      address_postal_code_check: string | null;
      cvc_check: string | null;
    };
    country: string;
    display_brand: string;
    exp_month: number;
    exp_year: number;
    fingerprint: string;
    funding: 'credit';
    generated_from: null;
    last4: string;
    networks: { available: string[]; preferred: null };
    regulated_status: 'unregulated';
    three_d_secure_usage: { supported: boolean };
    wallet: null;
  };
  created: number;
  customer: string | null;
  livemode: false;
  metadata: Metadata;
  type: 'card';
}

export interface SetupIntent {
  id: string;
  object: 'setup_intent';
  cancellation_reason: null;
  client_secret: string;
  created: number;
  customer: string | null;
  description: string | null;
  last_setup_error: Record<string, unknown> | null;
  livemode: false;
  metadata: Metadata;
  next_action: null;
  payment_method: string | null;
  payment_method_types: string[];
  status: 'requires_payment_method' | 'requires_confirmation' | 'succeeded' | 'canceled';
  usage: string;
}

export interface Product {
  id: string;
  object: 'product';
  active: boolean;
  created: number;
  default_price: string | null;
  description: string | null;
  livemode: false;
  metadata: Metadata;
  name: string;
  type: 'service';
  updated: number;
}

export interface Price {
  id: string;
  object: 'price';
  active: boolean;
  billing_scheme: 'per_unit';
  created: number;
  currency: 'usd';
  livemode: false;
  lookup_key: string | null;
  metadata: Metadata;
  nickname: string | null;
  product: string;
  recurring: {
    interval: 'month';
    interval_count: 1;
    /** The Billing Meter a metered price bills (its usage summed over the period). */
    meter: string | null;
    /** Licensed: billed ahead for the quantity; metered: billed after the period for the usage. */
    usage_type: 'licensed' | 'metered';
  };
  tax_behavior: 'unspecified';
  type: 'recurring';
  unit_amount: number;
  unit_amount_decimal: string;
}

export interface Coupon {
  id: string;
  object: 'coupon';
  amount_off: number | null;
  created: number;
  currency: string | null;
  duration: 'once' | 'repeating' | 'forever';
  duration_in_months: number | null;
  livemode: false;
  max_redemptions: number | null;
  metadata: Metadata;
  name: string | null;
  percent_off: number | null;
  redeem_by: number | null;
  times_redeemed: number;
  valid: boolean;
}

export interface PromotionCode {
  id: string;
  object: 'promotion_code';
  active: boolean;
  code: string;
  created: number;
  customer: string | null;
  expires_at: number | null;
  livemode: false;
  max_redemptions: number | null;
  metadata: Metadata;
  promotion: { type: 'coupon'; coupon: string };
  restrictions: {
    first_time_transaction: boolean;
    minimum_amount: number | null;
    minimum_amount_currency: string | null;
  };
  times_redeemed: number;
}

export interface Discount {
  id: string;
  object: 'discount';
  checkout_session: null;
  customer: string;
  end: number | null;
  invoice: null;
  invoice_item: null;
  promotion_code: string | null;
  source: { type: 'coupon'; coupon: string };
  start: number;
  subscription: string;
  subscription_item: null;
}

export interface SubscriptionItem {
  id: string;
  object: 'subscription_item';
  created: number;
  current_period_end: number;
  current_period_start: number;
  discounts: string[];
  metadata: Metadata;
  price: string;
  quantity: number;
  subscription: string;
}

export interface Subscription {
  id: string;
  object: 'subscription';
  billing_cycle_anchor: number;
  cancel_at: number | null;
  cancel_at_period_end: boolean;
  canceled_at: number | null;
  collection_method: 'charge_automatically';
  created: number;
  currency: 'usd';
  customer: string;
  default_payment_method: string | null;
  description: string | null;
  discounts: string[];
  ended_at: number | null;
  items: SubscriptionItem[];
  latest_invoice: string | null;
  livemode: false;
  metadata: Metadata;
  start_date: number;
  status: 'incomplete' | 'incomplete_expired' | 'active' | 'past_due' | 'canceled' | 'unpaid';
}

export interface InvoiceLine {
  id: string;
  object: 'line_item';
  amount: number;
  currency: 'usd';
  description: string;
  discount_amounts: Array<{ amount: number; discount: string }>;
  livemode: false;
  metadata: Metadata;
  period: { end: number; start: number };
  pricing: {
    type: 'price_details';
    price_details: { price: string; product: string };
    unit_amount_decimal: string;
  };
  quantity: number;
  subtotal: number;
  discountable: boolean;
  discounts: string[];
  invoice: string | null;
  subscription: string;
  /** Where the line comes from; `proration` is here in this API version. */
  parent: {
    type: 'subscription_item_details';
    invoice_item_details: null;
    subscription_item_details: {
      invoice_item: null;
      proration: boolean;
      proration_details: null;
      subscription: string;
      subscription_item: string;
    };
  };
}

export interface InvoicePayment {
  id: string;
  object: 'invoice_payment';
  amount_paid: number | null;
  amount_requested: number;
  created: number;
  currency: 'usd';
  invoice: string;
  is_default: boolean;
  livemode: false;
  payment: { type: 'payment_intent'; payment_intent: string };
  status: 'open' | 'paid' | 'canceled';
  status_transitions: { canceled_at: number | null; paid_at: number | null };
}

export interface Invoice {
  id: string;
  object: 'invoice';
  amount_due: number;
  amount_paid: number;
  amount_remaining: number;
  attempt_count: number;
  attempted: boolean;
  billing_reason: 'subscription_create' | 'subscription_cycle' | 'subscription_update';
  collection_method: 'charge_automatically';
  created: number;
  currency: 'usd';
  customer: string;
  customer_email: string | null;
  customer_name: string | null;
  default_payment_method: string | null;
  description: string | null;
  discounts: string[];
  hosted_invoice_url: string;
  invoice_pdf: string;
  lines: InvoiceLine[];
  livemode: false;
  metadata: Metadata;
  next_payment_attempt: number | null;
  number: string;
  parent: {
    type: 'subscription_details';
    quote_details: null;
    subscription_details: { metadata: Metadata; subscription: string };
  };
  payments: InvoicePayment[];
  period_end: number;
  period_start: number;
  starting_balance: number;
  ending_balance: number;
  status: 'draft' | 'open' | 'paid' | 'void' | 'uncollectible';
  status_transitions: {
    finalized_at: number | null;
    marked_uncollectible_at: null;
    paid_at: number | null;
    voided_at: null;
  };
  subtotal: number;
  total: number;
  total_discount_amounts: Array<{ amount: number; discount: string }>;
}

export interface PaymentIntent {
  id: string;
  object: 'payment_intent';
  amount: number;
  amount_received: number;
  client_secret: string;
  created: number;
  currency: 'usd';
  customer: string;
  last_payment_error: Record<string, unknown> | null;
  livemode: false;
  metadata: Metadata;
  payment_method: string | null;
  payment_method_types: ['card'];
  status: 'requires_payment_method' | 'succeeded';
}

export interface StripeEvent {
  id: string;
  object: 'event';
  api_version: string;
  created: number;
  data: { object: unknown; previous_attributes?: Record<string, unknown> };
  livemode: false;
  pending_webhooks: number;
  request: { id: string | null; idempotency_key: string | null };
  type: string;
}

/** Every stored object, by kind and id. */
export interface PaymentsData {
  customers: Record<string, Customer>;
  paymentMethods: Record<string, PaymentMethod>;
  setupIntents: Record<string, SetupIntent>;
  products: Record<string, Product>;
  prices: Record<string, Price>;
  coupons: Record<string, Coupon>;
  promotionCodes: Record<string, PromotionCode>;
  discounts: Record<string, Discount>;
  subscriptions: Record<string, Subscription>;
  invoices: Record<string, Invoice>;
  paymentIntents: Record<string, PaymentIntent>;
  events: Record<string, StripeEvent>;
  /** The card behind each PaymentMethod: what attaching or charging it does (never the number). */
  cardBehaviours: Record<string, CardBehaviour>;
  /** Proration lines waiting for a subscription's next invoice. */
  pendingLines: Record<string, InvoiceLine[]>;
  /** How many invoices a `once` discount has already reduced. */
  discountUses: Record<string, number>;
  /** Answers kept for `Idempotency-Key`s, by `{key}`. */
  idempotency: Record<string, IdempotentAnswer>;
  /** Seconds the test clock has been moved forward (`/_control/advance-clock`). */
  clockOffset: number;
  /** Billing Meters by id. */
  meters: Record<string, Meter>;
  /** Meter events by identifier (Stripe counts an identifier once). */
  meterEvents: Record<string, MeterEvent>;
  /**
   * The meter events already billed, by identifier, with the invoice line that billed them: a
   * metered item bills each event of its period once, whether at a price change or the end.
   */
  billedMeterEvents: Record<string, string>;
}

/** A stored answer to a request with an `Idempotency-Key`. */
export interface IdempotentAnswer {
  /** Method, path and parameters of the first request, to refuse a reuse with other ones. */
  fingerprint: string;
  status: number;
  body: unknown;
  /** Unix seconds; answers are kept for 24 hours, as Stripe does. */
  created: number;
}

/** A Billing Meter: sums the `value` of the events named `event_name` per customer. */
export interface Meter {
  id: string;
  object: 'billing.meter';
  created: number;
  display_name: string;
  event_name: string;
  status: 'active' | 'inactive';
  customer_mapping: { event_payload_key: string; type: 'by_id' };
  default_aggregation: { formula: 'sum' };
  value_settings: { event_payload_key: string };
  livemode: false;
}

/** A meter event as Stripe answers it (`billing.meter_event`). */
export interface MeterEvent {
  object: 'billing.meter_event';
  created: number;
  event_name: string;
  identifier: string;
  livemode: false;
  payload: Record<string, string>;
  timestamp: number;
}
