import type { Stripe } from '../../services/payments';
import type { SubStatus } from '@pos/shared/wire';
import type { StripeSubscriptionState } from '../../repositories/billing';

/** Stripe statuses of a subscription that no longer bills (a new one is needed). */
export const ENDED = new Set(['canceled', 'incomplete_expired']);

/** The lookup key of a plan's monthly price, as the Stripe account is set up (`plan_pro_monthly`). */
export const planLookupKey = (planId: string) => `${planId}_monthly`;

/**
 * The lookup key of a plan's metered price for its excess orders (`plan_pro_excess`), on the
 * excess-orders meter (`cloud_pos_excess_orders`): each paid plan with a `perExcess` has one.
 */
export const excessLookupKey = (planId: string) => `${planId}_excess`;

/** The subscription's item billing the plan's monthly price (not the metered excess orders). */
export function planItemOf(subscription: Stripe.Subscription): Stripe.SubscriptionItem | undefined {
  return (
    subscription.items.data.find((item) => item.price.recurring?.usage_type !== 'metered') ??
    subscription.items.data[0]
  );
}

/** The subscription's metered item billing the excess orders, if it has one. */
export function excessItemOf(
  subscription: Stripe.Subscription,
): Stripe.SubscriptionItem | undefined {
  return subscription.items.data.find((item) => item.price.recurring?.usage_type === 'metered');
}

/** An ISO date of Stripe's unix seconds (null when Stripe has none). */
export const isoOf = (unixSeconds: number | null | undefined) =>
  unixSeconds ? new Date(unixSeconds * 1000).toISOString() : null;

/** The id of a Stripe reference, expanded or not. */
export const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** What the dashboard calls a Stripe subscription's status. */
export function statusOf(status: Stripe.Subscription.Status): SubStatus {
  switch (status) {
    case 'active':
      return 'active';
    case 'trialing':
      return 'trialing';
    case 'canceled':
      return 'canceled';
    default:
      return 'incomplete';
  }
}

/** The plan the Stripe subscription bills (its price's lookup key or metadata), or `fallback`. */
export function planIdOf(subscription: Stripe.Subscription, fallback: string): string {
  const price = planItemOf(subscription)?.price;
  // The price's lookup key names the plan on any account set up as documented; metadata
  // may be missing on prices made by hand in Stripe's dashboard.
  const byLookupKey = price?.lookup_key?.endsWith('_monthly')
    ? price.lookup_key.slice(0, -'_monthly'.length)
    : '';
  return byLookupKey || price?.metadata?.plan_id || subscription.metadata?.plan_id || fallback;
}

/** What the database keeps of a Stripe subscription billing `planId`. */
export function stateOf(
  subscription: Stripe.Subscription,
  planId: string,
): StripeSubscriptionState {
  const periodEnd = isoOf(planItemOf(subscription)?.current_period_end);
  return {
    planId,
    stripeSubscriptionId: subscription.id,
    stripeStatus: subscription.status,
    currentPeriodEnd: periodEnd,
    cancelDate: subscription.cancel_at_period_end
      ? (isoOf(subscription.cancel_at) ?? periodEnd)
      : null,
  };
}
