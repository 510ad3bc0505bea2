import type { Operation } from './billing';
import {
  activePrice,
  addMonth,
  changedFrom,
  createInvoice,
  customerPaymentMethod,
  emit,
  endSubscription,
  isMetered,
  itemLine,
  payInvoice,
  redeemDiscount,
  subscriptionCard,
  subscriptionSnapshot,
  usageLine,
  usageLines,
} from './billing';
import { StripeApiError, invalidRequest, newId, noSuch } from './errors';
import type { InvoiceLine, Subscription, SubscriptionItem } from './model';
import type { Params } from './params';
import { allowOnly, arrayOf, bool, int, metadata, oneOf, str } from './params';
import { materializePaymentMethod } from './paymentMethods';

// Stripe's pending_if_incomplete (an update kept aside until paid) is not modelled: it is
// refused as an invalid value rather than treated as another behaviour.
const PAYMENT_BEHAVIOURS = [
  'allow_incomplete',
  'default_incomplete',
  'error_if_incomplete',
] as const;

const PRORATION_BEHAVIOURS = ['create_prorations', 'always_invoice', 'none'] as const;

/** Reads `discounts[n][coupon|promotion_code]`; `discounts=` clears them (null). */
function discountsParam(
  params: Params,
): Array<{ coupon?: string; promotion_code?: string }> | null | undefined {
  if (params.discounts === '') return null;
  const entries = arrayOf(params, 'discounts');
  if (!entries) return undefined;
  return entries.map((entry, index) => {
    allowOnly(entry, ['coupon', 'promotion_code', 'discount'], `discounts[${index}][`);
    const coupon = str(entry, 'coupon', false, `discounts[${index}][coupon]`);
    const promotionCode = str(
      entry,
      'promotion_code',
      false,
      `discounts[${index}][promotion_code]`,
    );
    if (!coupon && !promotionCode) {
      throw invalidRequest(
        'You must specify either coupon or promotion_code.',
        `discounts[${index}]`,
      );
    }
    return {
      ...(coupon ? { coupon } : {}),
      ...(promotionCode ? { promotion_code: promotionCode } : {}),
    };
  });
}

function defaultCard(op: Operation, customerId: string, params: Params): string | null | undefined {
  const raw = str(params, 'default_payment_method');
  if (params.default_payment_method === '') return null;
  if (raw === undefined) return undefined;
  const id = materializePaymentMethod(op, raw, 'default_payment_method', customerId);
  customerPaymentMethod(op, customerId, id, 'default_payment_method');
  return id;
}

/**
 * `POST /v1/subscriptions`: one invoice for the first month, paid at once with the default
 * card. A declined card: with `payment_behavior=error_if_incomplete` the 402 card error and
 * nothing stored; with `allow_incomplete` (the default) an `incomplete` subscription whose
 * invoice stays open (`invoice.payment_failed`); `default_incomplete` leaves the invoice open
 * without charging.
 */
export function createSubscription(op: Operation, params: Params): Subscription {
  allowOnly(params, [
    'customer',
    'items',
    'default_payment_method',
    'discounts',
    'payment_behavior',
    'metadata',
    'description',
    'cancel_at_period_end',
    'collection_method',
    'off_session',
    'proration_behavior',
  ]);
  const customerId = str(params, 'customer', true);
  const customer = op.data.customers[customerId];
  if (!customer) throw noSuch('customer', customerId, 'customer');
  const itemParams = arrayOf(params, 'items');
  if (!itemParams || itemParams.length === 0) {
    throw invalidRequest('Missing required param: items.', 'items', 'parameter_missing');
  }
  if (
    params.collection_method !== undefined &&
    params.collection_method !== 'charge_automatically'
  ) {
    throw invalidRequest(
      'The sandbox bills subscriptions with charge_automatically only.',
      'collection_method',
    );
  }
  const behaviour = oneOf(params, 'payment_behavior', PAYMENT_BEHAVIOURS) ?? 'allow_incomplete';
  const id = newId('sub');
  const period = { start: op.now, end: addMonth(op.now) };
  const items: SubscriptionItem[] = itemParams.map((entry, index) => {
    allowOnly(entry, ['price', 'quantity', 'metadata'], `items[${index}][`);
    const priceId = str(entry, 'price', true, `items[${index}][price]`);
    const price = activePrice(op, priceId, `items[${index}][price]`);
    return {
      id: newId('si'),
      object: 'subscription_item',
      created: op.now,
      current_period_end: period.end,
      current_period_start: period.start,
      discounts: [],
      metadata: metadata(entry),
      price: price.id,
      quantity: itemQuantity(op, entry, price.id, index) ?? 1,
      subscription: id,
    };
  });
  const subscription: Subscription = {
    id,
    object: 'subscription',
    billing_cycle_anchor: op.now,
    cancel_at: null,
    cancel_at_period_end: bool(params, 'cancel_at_period_end') ?? false,
    canceled_at: null,
    collection_method: 'charge_automatically',
    created: op.now,
    currency: 'usd',
    customer: customer.id,
    default_payment_method: defaultCard(op, customer.id, params) ?? null,
    description: str(params, 'description') ?? null,
    discounts: [],
    ended_at: null,
    items,
    latest_invoice: null,
    livemode: false,
    metadata: metadata(params),
    start_date: op.now,
    status: 'incomplete',
  };
  if (subscription.cancel_at_period_end) subscription.cancel_at = period.end;
  op.data.subscriptions[id] = subscription;
  subscription.discounts = (discountsParam(params) ?? []).map(
    (entry, index) => redeemDiscount(op, entry, customer.id, id, `discounts[${index}]`).id,
  );
  // A metered item is billed after the period for its usage, so the first invoice has none.
  const lines = items
    .filter((item) => !isMetered(op, item))
    .map((item) => itemLine(op, item, op.data.prices[item.price]!, item.quantity, period));
  const invoice = createInvoice(op, subscription, lines, 'subscription_create', period);
  if (behaviour === 'default_incomplete' && invoice.amount_due > 0) {
    emit(op, 'customer.subscription.created', subscription);
    return subscription;
  }
  const card = subscriptionCard(op, subscription);
  if (!card && invoice.amount_due > 0) {
    throw invalidRequest(
      'This customer has no attached payment source or default payment method. Please consider adding a default payment method.',
      undefined,
      'resource_missing',
    );
  }
  const eventsBefore = op.events.length;
  const failure = payInvoice(op, invoice, card);
  if (failure) {
    if (behaviour === 'error_if_incomplete') throw new StripeApiError(402, failure);
    subscription.status = 'incomplete';
  } else {
    subscription.status = 'active';
  }
  // Stripe sends the subscription's creation before the invoice's outcome.
  emit(op, 'customer.subscription.created', subscription);
  op.events.splice(eventsBefore, 0, op.events.pop()!);
  return subscription;
}

/**
 * `items[n][quantity]`: Stripe refuses one for a metered price, whose quantity is its usage.
 * Undefined when not given.
 */
function itemQuantity(
  op: Operation,
  entry: Params,
  priceId: string,
  index: number,
): number | undefined {
  const quantity = int(entry, 'quantity', { min: 1 }, `items[${index}][quantity]`);
  if (quantity !== undefined && op.data.prices[priceId]?.recurring.usage_type === 'metered') {
    throw invalidRequest(
      `Quantity should not be specified where usage_type is \`metered\`. Remove quantity from \`items[${index}]\`.`,
      `items[${index}][quantity]`,
    );
  }
  return quantity;
}

/**
 * Where usage billed now ends: after this second, so that events reported in the second of a
 * change (timestamps are whole seconds) are billed at the old price; later ones of the same
 * second are still billed once, at the period's end (see `usageLine`).
 */
function usedUntil(op: Operation): number {
  return op.now + 1;
}

/** A metered price cannot take a licensed item's place, nor the other way round. */
function sameUsageType(op: Operation, item: SubscriptionItem, priceId: string, index: number) {
  const from = op.data.prices[item.price]?.recurring.usage_type;
  const to = op.data.prices[priceId]?.recurring.usage_type;
  if (from !== to) {
    throw invalidRequest(
      `The price's usage_type (${to}) differs from the item's (${from}): delete the item and add a new one.`,
      `items[${index}][price]`,
    );
  }
}

/** Proration lines for switching `item` to `price` at `now`, as Stripe's create_prorations. */
function prorationLines(
  op: Operation,
  item: SubscriptionItem,
  priceId: string,
  quantity: number,
): InvoiceLine[] {
  const oldPrice = op.data.prices[item.price];
  const newPrice = op.data.prices[priceId];
  if (!oldPrice || !newPrice) return [];
  const length = item.current_period_end - item.current_period_start;
  const left = Math.max(0, item.current_period_end - op.now);
  const fraction = length > 0 ? left / length : 0;
  const period = { start: op.now, end: item.current_period_end };
  const date = new Date(op.now * 1000).toUTCString().slice(5, 16);
  const name = (id: string) => op.data.products[id]?.name ?? id;
  const credit = itemLine(
    op,
    item,
    oldPrice,
    item.quantity,
    period,
    -Math.round(oldPrice.unit_amount * item.quantity * fraction),
    true,
  );
  credit.description = `Unused time on ${item.quantity} × ${name(oldPrice.product)} after ${date}`;
  const debit = itemLine(
    op,
    item,
    newPrice,
    quantity,
    period,
    Math.round(newPrice.unit_amount * quantity * fraction),
    true,
  );
  debit.description = `Remaining time on ${quantity} × ${name(newPrice.product)} after ${date}`;
  return [credit, debit];
}

/**
 * `items[n]` without an id adds an item in the current period: a licensed one is charged for
 * the rest of the period (a proration), a metered one bills its usage from now.
 */
function addItem(
  op: Operation,
  subscription: Subscription,
  entry: Params,
  index: number,
  proration: (typeof PRORATION_BEHAVIOURS)[number],
): InvoiceLine[] {
  const priceId = str(entry, 'price', true, `items[${index}][price]`);
  const price = activePrice(op, priceId, `items[${index}][price]`);
  if (subscription.items.some((item) => item.price === price.id)) {
    throw invalidRequest(
      'Cannot add multiple subscription items with the same price.',
      `items[${index}][price]`,
    );
  }
  const first = subscription.items[0];
  const period = first
    ? { start: first.current_period_start, end: first.current_period_end }
    : { start: op.now, end: addMonth(op.now) };
  const item: SubscriptionItem = {
    id: newId('si'),
    object: 'subscription_item',
    created: op.now,
    current_period_end: period.end,
    current_period_start: period.start,
    discounts: [],
    metadata: metadata(entry),
    price: price.id,
    quantity: itemQuantity(op, entry, price.id, index) ?? 1,
    subscription: subscription.id,
  };
  subscription.items.push(item);
  if (price.recurring.usage_type === 'metered') return [];
  if (proration === 'none') return [];
  const length = period.end - period.start;
  const fraction = length > 0 ? Math.max(0, period.end - op.now) / length : 0;
  const line = itemLine(
    op,
    item,
    price,
    item.quantity,
    { start: op.now, end: period.end },
    Math.round(price.unit_amount * item.quantity * fraction),
    true,
  );
  return [line];
}

/**
 * `items[n][deleted]=true`: a metered item bills its usage so far, a licensed one credits its
 * unused time (unless prorations are off).
 */
function deleteItem(
  op: Operation,
  subscription: Subscription,
  item: SubscriptionItem,
  proration: (typeof PRORATION_BEHAVIOURS)[number],
): InvoiceLine[] {
  const lines: InvoiceLine[] = [];
  if (isMetered(op, item)) {
    const used = usageLine(op, subscription, item, usedUntil(op));
    if (used && used.quantity > 0) lines.push(used);
  } else if (proration !== 'none') {
    const credit = prorationLines(op, item, item.price, item.quantity)[0];
    if (credit) lines.push(credit);
  }
  subscription.items = subscription.items.filter((candidate) => candidate.id !== item.id);
  return lines;
}

/**
 * `POST /v1/subscriptions/{id}`: a new price (prorated by `proration_behavior`: pending lines
 * for the next invoice, an invoice now with `always_invoice`, or none), the cancel-at-period-end
 * switch, the default card, discounts, metadata. `customer.subscription.updated` tells what
 * changed.
 */
export function updateSubscription(
  op: Operation,
  subscription: Subscription,
  params: Params,
): Subscription {
  allowOnly(params, [
    'items',
    'proration_behavior',
    'proration_date',
    'cancel_at_period_end',
    'default_payment_method',
    'discounts',
    'metadata',
    'payment_behavior',
    'description',
    'off_session',
  ]);
  if (subscription.status === 'canceled' || subscription.status === 'incomplete_expired') {
    throw invalidRequest(
      `A canceled subscription can only update its cancellation_details and metadata.`,
      undefined,
    );
  }
  const before = subscriptionSnapshot(subscription);
  const proration =
    oneOf(params, 'proration_behavior', PRORATION_BEHAVIOURS) ?? 'create_prorations';
  const behaviour = oneOf(params, 'payment_behavior', PAYMENT_BEHAVIOURS) ?? 'allow_incomplete';
  const lines: InvoiceLine[] = [];
  for (const [index, entry] of (arrayOf(params, 'items') ?? []).entries()) {
    allowOnly(entry, ['id', 'price', 'quantity', 'deleted', 'metadata'], `items[${index}][`);
    const itemId = str(entry, 'id', false, `items[${index}][id]`);
    if (!itemId) {
      lines.push(...addItem(op, subscription, entry, index, proration));
      continue;
    }
    const item = subscription.items.find((candidate) => candidate.id === itemId);
    if (!item) throw noSuch('subscription item', itemId, `items[${index}][id]`);
    if (bool(entry, 'deleted', `items[${index}][deleted]`)) {
      lines.push(...deleteItem(op, subscription, item, proration));
      continue;
    }
    const priceId = str(entry, 'price', false, `items[${index}][price]`) ?? item.price;
    activePrice(op, priceId, `items[${index}][price]`);
    sameUsageType(op, item, priceId, index);
    const quantity = itemQuantity(op, entry, priceId, index) ?? item.quantity;
    if (priceId !== item.price || quantity !== item.quantity) {
      if (isMetered(op, item)) {
        // Metered usage is never prorated: what was used so far is billed at the old price,
        // the rest of the period at the new one.
        const used = usageLine(op, subscription, item, usedUntil(op));
        if (used && proration !== 'none') lines.push(used);
      } else if (proration !== 'none') {
        lines.push(...prorationLines(op, item, priceId, quantity));
      }
      item.price = priceId;
      item.quantity = quantity;
      item.metadata = metadata(entry, item.metadata);
    }
  }
  if (subscription.items.length === 0) {
    throw invalidRequest('A subscription must keep at least one item.', 'items');
  }
  const cancelAtPeriodEnd = bool(params, 'cancel_at_period_end');
  if (cancelAtPeriodEnd !== undefined) {
    subscription.cancel_at_period_end = cancelAtPeriodEnd;
    subscription.cancel_at = cancelAtPeriodEnd
      ? (subscription.items[0]?.current_period_end ?? null)
      : null;
    subscription.canceled_at = cancelAtPeriodEnd ? op.now : null;
  }
  const card = defaultCard(op, subscription.customer, params);
  if (card !== undefined) subscription.default_payment_method = card;
  const discounts = discountsParam(params);
  if (discounts === null) subscription.discounts = [];
  else if (discounts) {
    subscription.discounts = discounts.map(
      (entry, index) =>
        redeemDiscount(op, entry, subscription.customer, subscription.id, `discounts[${index}]`).id,
    );
  }
  subscription.metadata = metadata(params, subscription.metadata);
  const description = str(params, 'description');
  if (description !== undefined) subscription.description = description;
  if (lines.length && proration === 'always_invoice') {
    const first = subscription.items[0]!;
    const invoice = createInvoice(op, subscription, lines, 'subscription_update', {
      start: op.now,
      end: first.current_period_end,
    });
    const failure = payInvoice(op, invoice, subscriptionCard(op, subscription));
    if (failure && behaviour === 'error_if_incomplete') throw new StripeApiError(402, failure);
    if (failure) subscription.status = 'past_due';
  } else if (lines.length) {
    op.data.pendingLines[subscription.id] = [
      ...(op.data.pendingLines[subscription.id] ?? []),
      ...lines,
    ];
  }
  const changed = changedFrom(before, subscription);
  if (changed) emit(op, 'customer.subscription.updated', subscription, changed);
  return subscription;
}

/**
 * `DELETE /v1/subscriptions/{id}`: ends it now (`customer.subscription.deleted`); with
 * `invoice_now` the metered usage not yet billed goes on a final invoice first.
 */
export function cancelSubscription(
  op: Operation,
  subscription: Subscription,
  params: Params,
): Subscription {
  allowOnly(params, ['invoice_now', 'prorate', 'cancellation_details']);
  if (subscription.status === 'canceled') {
    throw invalidRequest(
      `No such subscription: '${subscription.id}'; it has already been canceled.`,
      undefined,
      'resource_missing',
    );
  }
  // Stripe bills a metered item's usage so far on a final invoice when `invoice_now` is set.
  if (bool(params, 'invoice_now')) {
    const usage = usageLines(op, subscription, usedUntil(op));
    if (usage.some((line) => line.amount > 0)) {
      const first = subscription.items[0]!;
      const invoice = createInvoice(op, subscription, usage, 'subscription_cycle', {
        start: first.current_period_start,
        end: op.now,
      });
      payInvoice(op, invoice, subscriptionCard(op, subscription));
    }
  }
  subscription.canceled_at = op.now;
  endSubscription(op, subscription, op.now);
  return subscription;
}
