import type { DeclineReason, StripeErrorBody } from './errors';
import { StripeApiError, cardDeclined, invalidRequest, newId, noSuch } from './errors';
import type {
  Discount,
  Invoice,
  InvoiceLine,
  PaymentsData,
  Price,
  StripeEvent,
  Subscription,
  SubscriptionItem,
} from './model';
import { API_VERSION } from './model';
import { render } from './render';

/** One change to the payments state: the draft, the time, and the events it raises. */
export interface Operation {
  data: PaymentsData;
  /** Unix seconds on the sandbox clock. */
  now: number;
  /** The sandbox's public base URL, for invoice links. */
  baseUrl: string;
  events: StripeEvent[];
  request: { id: string | null; idempotency_key: string | null };
  /** Decline every charge of this operation (the clock control's `failPayments`). */
  failCharges?: boolean;
}

/** Records an event with a snapshot of the object as it is now. */
export function emit(
  op: Operation,
  type: string,
  object: unknown,
  previous?: Record<string, unknown>,
): void {
  const event: StripeEvent = {
    id: newId('evt'),
    object: 'event',
    api_version: API_VERSION,
    created: op.now,
    data: {
      object: structuredClone(render(op.data, object)),
      ...(previous ? { previous_attributes: previous } : {}),
    },
    livemode: false,
    pending_webhooks: 1,
    request: op.request,
    type,
  };
  op.data.events[event.id] = event;
  op.events.push(event);
}

/** `seconds` plus one calendar month (UTC), the day clamped to the month's last day. */
export function addMonth(seconds: number, months = 1): number {
  const date = new Date(seconds * 1000);
  const day = date.getUTCDate();
  date.setUTCDate(1);
  date.setUTCMonth(date.getUTCMonth() + months);
  const last = new Date(Date.UTC(date.getUTCFullYear(), date.getUTCMonth() + 1, 0)).getUTCDate();
  date.setUTCDate(Math.min(day, last));
  return Math.floor(date.getTime() / 1000);
}

/** What charging the card behind a PaymentMethod does now. */
function chargeOutcome(op: Operation, paymentMethodId: string): DeclineReason | null {
  if (op.failCharges) return 'generic_decline';
  switch (op.data.cardBehaviours[paymentMethodId]) {
    case 'declined':
    case 'charge_declined':
      return 'generic_decline';
    case 'insufficient_funds':
      return 'insufficient_funds';
    default:
      return null;
  }
}

/** Whether the card can be saved (attached, set up): Stripe checks it with the issuer then. */
export function setupOutcome(op: Operation, paymentMethodId: string): DeclineReason | null {
  switch (op.data.cardBehaviours[paymentMethodId]) {
    case 'declined':
      return 'generic_decline';
    case 'insufficient_funds':
      return 'insufficient_funds';
    default:
      return null;
  }
}

/** A PaymentMethod of the customer, or Stripe's refusal. */
export function customerPaymentMethod(
  op: Operation,
  customerId: string,
  id: string,
  param: string,
) {
  const method = op.data.paymentMethods[id];
  if (!method) throw noSuch('PaymentMethod', id, param);
  if (method.customer !== customerId) {
    throw invalidRequest(
      `The customer does not have a payment method with the ID ${id}. The payment method must be attached to the customer.`,
      param,
      'resource_missing',
    );
  }
  return method;
}

/** A subscription's price, or Stripe's refusal. */
export function activePrice(op: Operation, id: string, param: string): Price {
  const price = op.data.prices[id];
  if (!price) throw noSuch('price', id, param);
  if (!price.active) {
    throw invalidRequest(
      `The price specified is inactive. This field only accepts active prices.`,
      param,
    );
  }
  return price;
}

/** The discount a coupon or promotion code makes, after checking it may still be redeemed. */
export function redeemDiscount(
  op: Operation,
  entry: { coupon?: string; promotion_code?: string },
  customerId: string,
  subscriptionId: string,
  param: string,
): Discount {
  let couponId = entry.coupon;
  let promoId: string | null = null;
  if (entry.promotion_code) {
    const promo = op.data.promotionCodes[entry.promotion_code];
    if (!promo) throw noSuch('promotion code', entry.promotion_code, `${param}[promotion_code]`);
    const expired = promo.expires_at !== null && promo.expires_at <= op.now;
    const exhausted =
      promo.max_redemptions !== null && promo.times_redeemed >= promo.max_redemptions;
    if (
      !promo.active ||
      expired ||
      exhausted ||
      (promo.customer && promo.customer !== customerId)
    ) {
      throw invalidRequest(
        `This promotion code cannot be redeemed because the associated coupon is no longer valid.`,
        `${param}[promotion_code]`,
      );
    }
    promo.times_redeemed += 1;
    promoId = promo.id;
    couponId = promo.promotion.coupon;
  }
  if (!couponId) throw invalidRequest('A discount needs a coupon or a promotion_code.', param);
  const coupon = op.data.coupons[couponId];
  if (!coupon) throw noSuch('coupon', couponId, `${param}[coupon]`);
  if (!coupon.valid) {
    throw invalidRequest(`Coupon expired: ${coupon.id}`, `${param}[coupon]`, 'coupon_expired');
  }
  coupon.times_redeemed += 1;
  if (coupon.max_redemptions !== null && coupon.times_redeemed >= coupon.max_redemptions) {
    coupon.valid = false;
  }
  const discount: Discount = {
    id: newId('di'),
    object: 'discount',
    checkout_session: null,
    customer: customerId,
    end:
      coupon.duration === 'repeating' && coupon.duration_in_months
        ? addMonth(op.now, coupon.duration_in_months)
        : null,
    invoice: null,
    invoice_item: null,
    promotion_code: promoId,
    source: { type: 'coupon', coupon: coupon.id },
    start: op.now,
    subscription: subscriptionId,
    subscription_item: null,
  };
  op.data.discounts[discount.id] = discount;
  return discount;
}

/** What a subscription's discounts take off an invoice starting at `periodStart`. */
function discountAmounts(
  op: Operation,
  subscription: Subscription,
  subtotal: number,
  periodStart: number,
): Array<{ amount: number; discount: string }> {
  const out: Array<{ amount: number; discount: string }> = [];
  let left = Math.max(0, subtotal);
  for (const id of subscription.discounts) {
    const discount = op.data.discounts[id];
    const coupon = discount ? op.data.coupons[discount.source.coupon] : undefined;
    if (!discount || !coupon || left === 0) continue;
    if (discount.end !== null && discount.end <= periodStart) continue;
    if (coupon.duration === 'once' && (op.data.discountUses[id] ?? 0) > 0) continue;
    const amount =
      coupon.percent_off !== null
        ? Math.round((left * coupon.percent_off) / 100)
        : Math.min(left, coupon.amount_off ?? 0);
    op.data.discountUses[id] = (op.data.discountUses[id] ?? 0) + 1;
    left -= amount;
    out.push({ amount, discount: id });
  }
  return out;
}

/** A line charging one subscription item for a period. */
export function itemLine(
  op: Operation,
  item: SubscriptionItem,
  price: Price,
  quantity: number,
  period: { start: number; end: number },
  amount = price.unit_amount * quantity,
  proration = false,
): InvoiceLine {
  const product = op.data.products[price.product];
  const dollars = (price.unit_amount / 100).toFixed(2);
  return {
    id: newId('il'),
    object: 'line_item',
    amount,
    currency: 'usd',
    description: `${quantity} × ${product?.name ?? price.id} (at $${dollars} / month)`,
    discount_amounts: [],
    livemode: false,
    metadata: {},
    period,
    pricing: {
      type: 'price_details',
      price_details: { price: price.id, product: price.product },
      unit_amount_decimal: price.unit_amount_decimal,
    },
    quantity,
    subtotal: amount,
    // Stripe never discounts prorations.
    discountable: !proration,
    discounts: [],
    invoice: null,
    subscription: item.subscription,
    parent: {
      type: 'subscription_item_details',
      invoice_item_details: null,
      subscription_item_details: {
        invoice_item: null,
        proration,
        proration_details: null,
        subscription: item.subscription,
        subscription_item: item.id,
      },
    },
  };
}

/** Whether the item's price is metered: billed after its period for the meter's usage. */
export function isMetered(op: Operation, item: SubscriptionItem): boolean {
  return op.data.prices[item.price]?.recurring.usage_type === 'metered';
}

/** The customer's events on `meterId` in [start, end), as the meter aggregates them. */
function meterEventsOf(
  data: PaymentsData,
  meterId: string,
  customerId: string,
  start: number,
  end: number,
): Array<{ identifier: string; value: number }> {
  const meter = data.meters[meterId];
  if (!meter || end <= start) return [];
  const customerKey = meter.customer_mapping.event_payload_key;
  const valueKey = meter.value_settings.event_payload_key;
  return Object.values(data.meterEvents)
    .filter(
      (event) =>
        event.event_name === meter.event_name &&
        event.payload[customerKey] === customerId &&
        event.timestamp >= start &&
        event.timestamp < end,
    )
    .map((event) => ({
      identifier: event.identifier,
      value: Number(event.payload[valueKey] ?? 0),
    }));
}

/** The sum of the customer's events on `meterId` in [start, end) (the meter's `sum`). */
export function meteredUsage(
  data: PaymentsData,
  meterId: string,
  customerId: string,
  start: number,
  end: number,
): number {
  return meterEventsOf(data, meterId, customerId, start, end).reduce(
    (sum, event) => sum + event.value,
    0,
  );
}

/**
 * The line billing a metered item's usage not yet invoiced: the events of its period dated
 * before `until` that no line billed yet, at its current price (quantity × the price's unit
 * amount). Each event is billed once, so events that arrive in the second of a price change
 * still go on the period's last invoice. Null for a licensed item.
 */
export function usageLine(
  op: Operation,
  subscription: Subscription,
  item: SubscriptionItem,
  until: number,
): InvoiceLine | null {
  const price = op.data.prices[item.price];
  if (!price || price.recurring.usage_type !== 'metered' || !price.recurring.meter) return null;
  const from = item.current_period_start;
  const events = meterEventsOf(
    op.data,
    price.recurring.meter,
    subscription.customer,
    from,
    until,
  ).filter((event) => !op.data.billedMeterEvents[event.identifier]);
  const quantity = events.reduce((sum, event) => sum + event.value, 0);
  const amount = Math.round(quantity * Number(price.unit_amount_decimal));
  const line = itemLine(op, item, price, quantity, { start: from, end: until }, amount);
  const product = op.data.products[price.product];
  const each = (Number(price.unit_amount_decimal) / 100).toFixed(2);
  line.description = `${quantity} × ${product?.name ?? price.id} (at $${each} each)`;
  for (const event of events) op.data.billedMeterEvents[event.identifier] = line.id;
  return line;
}

/** The usage lines of every metered item of the subscription, up to `until`. */
export function usageLines(
  op: Operation,
  subscription: Subscription,
  until: number,
): InvoiceLine[] {
  return subscription.items
    .map((item) => usageLine(op, subscription, item, until))
    .filter((line): line is InvoiceLine => line !== null);
}

/** Creates and finalizes an invoice of a subscription (status open, nothing paid yet). */
export function createInvoice(
  op: Operation,
  subscription: Subscription,
  lines: InvoiceLine[],
  reason: Invoice['billing_reason'],
  period: { start: number; end: number },
): Invoice {
  const customer = op.data.customers[subscription.customer];
  if (!customer) throw noSuch('customer', subscription.customer);
  const subtotal = lines.reduce((sum, line) => sum + line.amount, 0);
  const discountable = lines
    .filter((line) => line.discountable)
    .reduce((sum, line) => sum + line.amount, 0);
  const discounts = discountAmounts(op, subscription, discountable, period.start);
  const total = subtotal - discounts.reduce((sum, entry) => sum + entry.amount, 0);
  const startingBalance = customer.balance;
  const afterBalance = total + startingBalance;
  const amountDue = Math.max(0, afterBalance);
  customer.balance = Math.min(0, afterBalance);
  const id = newId('in');
  for (const line of lines) line.invoice = id;
  const number = `${customer.invoice_prefix}-${String(customer.next_invoice_sequence).padStart(4, '0')}`;
  customer.next_invoice_sequence += 1;
  const invoice: Invoice = {
    id,
    object: 'invoice',
    amount_due: amountDue,
    amount_paid: 0,
    amount_remaining: amountDue,
    attempt_count: 0,
    attempted: false,
    billing_reason: reason,
    collection_method: 'charge_automatically',
    created: op.now,
    currency: 'usd',
    customer: customer.id,
    customer_email: customer.email,
    customer_name: customer.name,
    default_payment_method: null,
    description: null,
    discounts: discounts.map((entry) => entry.discount),
    hosted_invoice_url: `${op.baseUrl}/invoices/${id}`,
    invoice_pdf: `${op.baseUrl}/invoices/${id}/pdf`,
    lines,
    livemode: false,
    metadata: {},
    next_payment_attempt: null,
    number,
    parent: {
      type: 'subscription_details',
      quote_details: null,
      subscription_details: {
        metadata: { ...subscription.metadata },
        subscription: subscription.id,
      },
    },
    payments: [],
    period_end: period.end,
    period_start: period.start,
    starting_balance: startingBalance,
    ending_balance: customer.balance,
    status: 'open',
    status_transitions: {
      finalized_at: op.now,
      marked_uncollectible_at: null,
      paid_at: null,
      voided_at: null,
    },
    subtotal,
    total,
    total_discount_amounts: discounts,
  };
  op.data.invoices[id] = invoice;
  subscription.latest_invoice = id;
  return invoice;
}

/**
 * Tries to pay an open invoice with the subscription's (or customer's) default card. Paid:
 * `invoice.paid` and `invoice.payment_succeeded`; declined: `invoice.payment_failed`, the
 * invoice stays open and the decline is returned.
 */
export function payInvoice(
  op: Operation,
  invoice: Invoice,
  paymentMethodId: string | null,
): StripeErrorBody | null {
  const paidNow = (paymentIntentId: string | null) => {
    invoice.status = 'paid';
    invoice.amount_paid = invoice.amount_due;
    invoice.amount_remaining = 0;
    invoice.status_transitions.paid_at = op.now;
    invoice.next_payment_attempt = null;
    if (paymentIntentId) {
      invoice.payments.push({
        id: newId('inpay'),
        object: 'invoice_payment',
        amount_paid: invoice.amount_due,
        amount_requested: invoice.amount_due,
        created: op.now,
        currency: 'usd',
        invoice: invoice.id,
        is_default: true,
        livemode: false,
        payment: { type: 'payment_intent', payment_intent: paymentIntentId },
        status: 'paid',
        status_transitions: { canceled_at: null, paid_at: op.now },
      });
    }
    emit(op, 'invoice.paid', invoice);
    emit(op, 'invoice.payment_succeeded', invoice);
    return null;
  };
  if (invoice.amount_due === 0) return paidNow(null);
  invoice.attempted = true;
  invoice.attempt_count += 1;
  const customer = op.data.customers[invoice.customer];
  const methodId = paymentMethodId ?? customer?.invoice_settings.default_payment_method ?? null;
  const intentId = newId('pi');
  const decline: StripeErrorBody | null = methodId
    ? (() => {
        const reason = chargeOutcome(op, methodId);
        return reason ? cardDeclined(reason).body : null;
      })()
    : {
        type: 'invalid_request_error',
        message: 'This customer has no attached payment source or default payment method.',
        code: 'resource_missing',
      };
  op.data.paymentIntents[intentId] = {
    id: intentId,
    object: 'payment_intent',
    amount: invoice.amount_due,
    amount_received: decline ? 0 : invoice.amount_due,
    client_secret: `${intentId}_secret_${newId('x').slice(2)}`,
    created: op.now,
    currency: 'usd',
    customer: invoice.customer,
    last_payment_error: decline ? { ...decline } : null,
    livemode: false,
    metadata: {},
    payment_method: methodId,
    payment_method_types: ['card'],
    status: decline ? 'requires_payment_method' : 'succeeded',
  };
  if (!decline) return paidNow(intentId);
  invoice.payments.push({
    id: newId('inpay'),
    object: 'invoice_payment',
    amount_paid: null,
    amount_requested: invoice.amount_due,
    created: op.now,
    currency: 'usd',
    invoice: invoice.id,
    is_default: true,
    livemode: false,
    payment: { type: 'payment_intent', payment_intent: intentId },
    status: 'open',
    status_transitions: { canceled_at: null, paid_at: null },
  });
  // Smart Retries would try again in a few days; the clock control's next renewal does.
  invoice.next_payment_attempt = op.now + 3 * 24 * 3600;
  emit(op, 'invoice.payment_failed', invoice);
  return decline;
}

/** The card a subscription charges: its own default, else the customer's. */
export function subscriptionCard(op: Operation, subscription: Subscription): string | null {
  return (
    subscription.default_payment_method ??
    op.data.customers[subscription.customer]?.invoice_settings.default_payment_method ??
    null
  );
}

/** Whether any invoice of the subscription is still open. */
function hasOpenInvoices(op: Operation, subscriptionId: string): boolean {
  return Object.values(op.data.invoices).some(
    (invoice) =>
      invoice.status === 'open' &&
      invoice.parent.subscription_details.subscription === subscriptionId,
  );
}

/** Snapshot of the fields an update may change, for `previous_attributes`. */
export function subscriptionSnapshot(subscription: Subscription): Record<string, unknown> {
  return structuredClone({
    status: subscription.status,
    cancel_at_period_end: subscription.cancel_at_period_end,
    cancel_at: subscription.cancel_at,
    canceled_at: subscription.canceled_at,
    default_payment_method: subscription.default_payment_method,
    discounts: subscription.discounts,
    latest_invoice: subscription.latest_invoice,
    items: subscription.items,
    metadata: subscription.metadata,
  });
}

/** `previous_attributes`: the snapshot's fields that changed. */
export function changedFrom(
  before: Record<string, unknown>,
  subscription: Subscription,
): Record<string, unknown> | null {
  const after = subscriptionSnapshot(subscription);
  const changed: Record<string, unknown> = {};
  for (const [key, value] of Object.entries(before)) {
    if (JSON.stringify(value) !== JSON.stringify(after[key])) {
      changed[key] = value;
    }
  }
  return Object.keys(changed).length ? changed : null;
}

/** Ends a subscription now: `customer.subscription.deleted`. */
export function endSubscription(op: Operation, subscription: Subscription, at: number): void {
  subscription.status = 'canceled';
  subscription.ended_at = at;
  subscription.canceled_at ??= op.now;
  subscription.cancel_at = null;
  delete op.data.pendingLines[subscription.id];
  for (const invoice of Object.values(op.data.invoices)) {
    if (
      invoice.status === 'open' &&
      invoice.parent.subscription_details.subscription === subscription.id
    ) {
      invoice.next_payment_attempt = null;
    }
  }
  emit(op, 'customer.subscription.deleted', subscription);
}

/**
 * Renews every subscription whose period has ended by now: one invoice per period, charged to
 * its card (`invoice.paid`, or `invoice.payment_failed` and past_due); a subscription set to
 * cancel at the period's end ends instead. Returns the invoices it made.
 */
export function renewDue(op: Operation): Invoice[] {
  const made: Invoice[] = [];
  const subscriptions = Object.values(op.data.subscriptions).sort((a, b) => a.created - b.created);
  for (const subscription of subscriptions) {
    for (;;) {
      if (subscription.status !== 'active' && subscription.status !== 'past_due') break;
      const first = subscription.items[0];
      if (!first || first.current_period_end > op.now) break;
      const periodEnd = first.current_period_end;
      // Metered items bill the period that ends in arrears: on the next period's invoice, or
      // on a final invoice when the subscription ends with the period (as Stripe does).
      const usage = usageLines(op, subscription, periodEnd);
      if (subscription.cancel_at_period_end) {
        if (usage.some((line) => line.amount > 0)) {
          const last = { start: first.current_period_start, end: periodEnd };
          const invoice = createInvoice(op, subscription, usage, 'subscription_cycle', last);
          made.push(invoice);
          payInvoice(op, invoice, subscriptionCard(op, subscription));
        }
        endSubscription(op, subscription, periodEnd);
        break;
      }
      const before = subscriptionSnapshot(subscription);
      const period = { start: periodEnd, end: addMonth(periodEnd) };
      const lines = [...(op.data.pendingLines[subscription.id] ?? []), ...usage];
      delete op.data.pendingLines[subscription.id];
      for (const item of subscription.items) {
        item.current_period_start = period.start;
        item.current_period_end = period.end;
        const price = op.data.prices[item.price];
        if (price && price.recurring.usage_type === 'licensed') {
          lines.push(itemLine(op, item, price, item.quantity, period));
        }
      }
      const invoice = createInvoice(op, subscription, lines, 'subscription_cycle', period);
      made.push(invoice);
      const failure = payInvoice(op, invoice, subscriptionCard(op, subscription));
      subscription.status = failure || hasOpenInvoices(op, subscription.id) ? 'past_due' : 'active';
      op.data.customers[subscription.customer]!.delinquent = subscription.status === 'past_due';
      emit(
        op,
        'customer.subscription.updated',
        subscription,
        changedFrom(before, subscription) ?? {},
      );
    }
  }
  return made;
}

/** Pays an open invoice again (the api after a new card, or `POST /v1/invoices/{id}/pay`). */
export function retryInvoice(
  op: Operation,
  invoice: Invoice,
  paymentMethodId: string | null,
): void {
  if (invoice.status !== 'open') {
    throw invalidRequest('Invoice is already paid', undefined, 'invoice_not_open');
  }
  const subscription = op.data.subscriptions[invoice.parent.subscription_details.subscription];
  const card = paymentMethodId ?? (subscription ? subscriptionCard(op, subscription) : null);
  const failure = payInvoice(op, invoice, card);
  if (failure) throw new StripeApiError(failure.type === 'card_error' ? 402 : 400, failure);
  if (
    subscription &&
    !hasOpenInvoices(op, subscription.id) &&
    (subscription.status === 'past_due' || subscription.status === 'incomplete')
  ) {
    const before = subscriptionSnapshot(subscription);
    subscription.status = 'active';
    const customer = op.data.customers[subscription.customer];
    if (customer) customer.delinquent = false;
    emit(
      op,
      'customer.subscription.updated',
      subscription,
      changedFrom(before, subscription) ?? {},
    );
  }
}
