import crypto from 'node:crypto';
import type { SubStatus } from '@pos/shared/wire';
import type { Stripe } from '../../services/payments';
import type { UserRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import { freePlanIdFor } from '../../repositories/plans';
import type { Plan } from '../../repositories/plans';
import type { StripeAccount } from './account';
import { planNow, visiblePlan } from './account';
import type { Cards } from './cards';
import { BILLING_TEXTS, BillingError, fromStripe } from './errors';
import type { PromoCodes } from './promo';
import { ENDED, excessItemOf, planIdOf, planItemOf, stateOf, statusOf } from './subscription-state';

/** What POST /subscription answers. */
export interface SubscribeResult {
  subStatus: SubStatus;
  plan: Plan;
}

/**
 * The items of a plan change: the plan's item moves to the new price (prorated), and the
 * metered item follows the new plan (its usage so far billed at the old plan's `perExcess`),
 * is added when the subscription predates it, or removed when the new plan has none.
 */
export function changedItems(
  existing: Stripe.Subscription,
  priceId: string,
  excessPriceId: string | null,
): Stripe.SubscriptionUpdateParams.Item[] {
  const planItem = planItemOf(existing);
  const excessItem = excessItemOf(existing);
  const items: Stripe.SubscriptionUpdateParams.Item[] = [
    planItem ? { id: planItem.id, price: priceId } : { price: priceId },
  ];
  if (excessItem && excessPriceId) items.push({ id: excessItem.id, price: excessPriceId });
  else if (excessItem) items.push({ id: excessItem.id, deleted: true });
  else if (excessPriceId) items.push({ price: excessPriceId });
  return items;
}

/** The chosen plan (checked against the user's role) and the user's stored subscription. */
async function subscribeContext(repos: Repositories, user: UserRow, planId: string) {
  const plan = await visiblePlan(repos, user.id, planId);
  if (user.user_role === 'manager' && plan.roleType === 'cashier') {
    throw new BillingError('invalid', BILLING_TEXTS.managerToCashier);
  }
  const promote = user.user_role !== 'manager' && plan.isManagerPlan;
  const current = await repos.billing.subscriptionOf(user.id);
  const live =
    current?.stripeSubscriptionId && !ENDED.has(current.stripeStatus ?? '') ? current : null;
  return { plan, promote, current, live };
}

/** A free plan with no Stripe subscription to end: the plan changes at once. */
async function storeFreePlan(
  repos: Repositories,
  userId: string,
  plan: Plan,
  promote: boolean,
): Promise<SubscribeResult> {
  await repos.billing.storeSubscription(
    userId,
    {
      planId: plan.id,
      stripeSubscriptionId: null,
      stripeStatus: null,
      currentPeriodEnd: null,
      cancelDate: null,
    },
    promote,
  );
  return {
    subStatus: plan.id === freePlanIdFor('manager') ? 'trialing' : 'active',
    plan: await planNow(repos, userId),
  };
}

/**
 * POST /subscription on a server without Stripe: a free plan the user can take without
 * Stripe (no live Stripe subscription to end) is stored; anything else answers null (the
 * route's 503), so a new user can still choose their free plan.
 */
export async function subscribeWithoutStripe(
  repos: Repositories,
  user: UserRow,
  planId: string,
): Promise<SubscribeResult | null> {
  const { plan, promote, live } = await subscribeContext(repos, user, planId);
  if (!plan.isFree || live) return null;
  return storeFreePlan(repos, user.id, plan, promote);
}

/** Choosing a plan (spec 4 and 8): a free plan, a paid one charged now, a change or a cancel. */
export class Subscriptions {
  constructor(
    private readonly account: StripeAccount,
    private readonly cards: Cards,
    private readonly promos: PromoCodes,
  ) {}

  /**
   * POST /subscription. A free plan needs no card: from a paid plan it is a cancel at the
   * period end ('updated', plan.cancelDate set); otherwise the plan changes at once. A paid
   * plan needs a default card and is charged now: a new Stripe subscription (created under an
   * idempotency key, so a repeated request makes one), or the existing one moved to the new
   * price with prorations invoiced at once. A declined card answers Stripe's message and
   * nothing is stored.
   */
  async subscribe(
    user: UserRow,
    planId: string,
    promoCodeId: string | null,
  ): Promise<SubscribeResult> {
    const { plan, promote, current, live } = await subscribeContext(
      this.account.repos,
      user,
      planId,
    );

    if (plan.isFree) {
      if (live) {
        if (promoCodeId) throw new BillingError('invalid', BILLING_TEXTS.promoFreePlan);
        return this.cancelAtPeriodEnd(
          user,
          live.stripeSubscriptionId!,
          live.planId,
          live.updatedAt,
        );
      }
      return storeFreePlan(this.account.repos, user.id, plan, promote);
    }

    const customer = await this.account.customerId(user, true);
    const hasCard = await this.cards.defaultCardOf(customer);
    if (!hasCard) throw new BillingError('invalid', BILLING_TEXTS.needCard);
    const price = await this.account.priceOf(plan.id);
    const excessPrice = await this.account.excessPriceOf(plan);
    // The client's promo code id gets the checks POST /promotion-code makes before Stripe sees it.
    if (promoCodeId) await this.promos.checkPromoId(promoCodeId, plan, customer);
    const discounts = promoCodeId ? [{ promotion_code: promoCodeId }] : undefined;

    let subscription: Stripe.Subscription;
    let subStatus: SubStatus;
    let attempt: number | null = null;
    try {
      // A subscription Stripe has but the database does not (a concurrent request stored it a
      // moment ago, or its answer was lost) is changed rather than doubled.
      const existingId =
        live?.stripeSubscriptionId ??
        (await this.account.stripe.subscriptions.list({ customer, limit: 10 })).data.find(
          (candidate) => !ENDED.has(candidate.status),
        )?.id;
      if (existingId) {
        const existing = await this.account.stripe.subscriptions.retrieve(existingId);
        subscription = await this.account.stripe.subscriptions.update(
          existing.id,
          {
            items: changedItems(existing, price.id, excessPrice?.id ?? null),
            // A plan change is prorated and invoiced now: the customer pays the difference
            // (or keeps a credit) at once, and a declined card refuses the change.
            proration_behavior: 'always_invoice',
            payment_behavior: 'error_if_incomplete',
            cancel_at_period_end: false,
            ...(discounts ? { discounts } : {}),
            metadata: { user_id: user.id, plan_id: plan.id },
          },
          {
            idempotencyKey: this.requestKey(
              'update',
              user.id,
              plan.id,
              promoCodeId,
              current?.updatedAt ?? 'none',
            ),
          },
        );
        subStatus = 'updated';
      } else {
        attempt = await this.createAttemptOf(customer);
        subscription = await this.account.stripe.subscriptions.create(
          {
            customer,
            // The plan's price now, and its excess orders metered and billed after each period.
            items: excessPrice
              ? [{ price: price.id }, { price: excessPrice.id }]
              : [{ price: price.id }],
            payment_behavior: 'error_if_incomplete',
            ...(discounts ? { discounts } : {}),
            metadata: { user_id: user.id, plan_id: plan.id },
          },
          {
            // One key per user, stored state and failed attempt, whatever the plan or promo:
            // two requests for different plans at once cannot both create a subscription (the
            // second gets Stripe's idempotency error, a 409, and is an update once the first
            // is stored); after a refusal the attempt moves on, so the next try is a new key.
            idempotencyKey: this.requestKey(
              'create',
              user.id,
              '*',
              null,
              `${current?.updatedAt ?? 'none'}#${attempt}`,
            ),
          },
        );
        subStatus = statusOf(subscription.status);
      }
    } catch (error) {
      const refusal = fromStripe(error, BILLING_TEXTS.planNotFound);
      if (attempt !== null && !(refusal instanceof BillingError && refusal.kind === 'conflict')) {
        await this.nextCreateAttempt(customer, attempt);
      }
      throw refusal;
    }
    await this.account.repos.billing.storeSubscription(
      user.id,
      stateOf(subscription, plan.id),
      promote,
    );
    return { subStatus, plan: await this.account.planNow(user.id) };
  }

  /** How many subscription creates Stripe refused this customer (kept in its metadata). */
  private async createAttemptOf(customerId: string): Promise<number> {
    const customer = await this.account.stripe.customers.retrieve(customerId);
    if (customer.deleted) return 0;
    return Number(customer.metadata?.subscribe_attempt ?? 0) || 0;
  }

  /** Counts a refused create, so that Stripe does not replay its refusal to the next one. */
  private async nextCreateAttempt(customerId: string, attempt: number): Promise<void> {
    try {
      await this.account.stripe.customers.update(customerId, {
        metadata: { subscribe_attempt: String(attempt + 1) },
      });
    } catch {
      // Best effort: the refusal itself is what the caller must hear.
    }
  }

  /**
   * The Idempotency-Key of a subscribe request: the same request against the same stored state
   * (a double click, a retry) gets the same key, so Stripe makes one subscription; once the
   * answer is stored the state (its updated_at) moves on and a later request is a new one.
   */
  private requestKey(
    kind: string,
    userId: string,
    planId: string,
    promo: string | null,
    stateVersion: string,
  ): string {
    const digest = crypto
      .createHash('sha256')
      .update([kind, userId, planId, promo ?? '', stateVersion].join('\n'))
      .digest('base64url');
    return `subscribe-${kind}-${digest}`;
  }

  private async cancelAtPeriodEnd(
    user: UserRow,
    subscriptionId: string,
    planId: string,
    version: string,
  ): Promise<SubscribeResult> {
    let subscription: Stripe.Subscription;
    try {
      subscription = await this.account.stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: true },
        { idempotencyKey: this.requestKey('cancel', user.id, planId, null, version) },
      );
    } catch (error) {
      throw fromStripe(error, BILLING_TEXTS.planNotFound);
    }
    await this.account.repos.billing.storeSubscription(
      user.id,
      stateOf(subscription, planIdOf(subscription, planId)),
      false,
    );
    return { subStatus: 'updated', plan: await this.account.planNow(user.id) };
  }
}
