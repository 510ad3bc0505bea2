import type { Stripe } from '../../services/payments';
import type { UserRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import type { Plan } from '../../repositories/plans';
import { BILLING_TEXTS, BillingError, fromStripe } from './errors';
import { excessLookupKey, planLookupKey } from './subscription-state';

/** A plan the user may choose (public, or private and offered to them), or `not-found`. */
export async function visiblePlan(
  repos: Repositories,
  userId: string,
  planId: string,
): Promise<Plan> {
  const plan = (await repos.plans.visibleTo(userId)).find((p) => p.id === planId);
  if (!plan) throw new BillingError('not-found', BILLING_TEXTS.planNotFound);
  return plan;
}

/** The user's plan as just stored. */
export async function planNow(repos: Repositories, userId: string): Promise<Plan> {
  const plan = await repos.plans.current(userId);
  if (!plan) throw new Error(`the plan of ${userId} was just stored but is missing`);
  return plan;
}

/**
 * The Stripe account and the database, as every part of billing reaches them: the plans'
 * prices (read once), the user's customer (made once) and the user's plans.
 */
export class StripeAccount {
  /** Prices by lookup key: the account's prices do not change while the api runs. */
  private readonly prices = new Map<string, Stripe.Price>();

  constructor(
    readonly stripe: Stripe,
    readonly repos: Repositories,
  ) {}

  /** A plan the user may choose (public, or private and offered to them), or `not-found`. */
  async visiblePlan(userId: string, planId: string): Promise<Plan> {
    return visiblePlan(this.repos, userId, planId);
  }

  /** The user's plan as just stored. */
  async planNow(userId: string): Promise<Plan> {
    return planNow(this.repos, userId);
  }

  /** The plan's monthly price on Stripe (by lookup key). */
  async priceOf(planId: string): Promise<Stripe.Price> {
    return this.priceByLookupKey(
      planLookupKey(planId),
      `The plan ${planId} has no price on Stripe.`,
    );
  }

  /**
   * The plan's metered price for its excess orders (by lookup key), which bills the meter's
   * usage at the plan's `perExcess` after each period; null for a plan without excess orders.
   */
  async excessPriceOf(plan: Plan): Promise<Stripe.Price | null> {
    if (plan.isFree || plan.perExcess <= 0) return null;
    return this.priceByLookupKey(
      excessLookupKey(plan.id),
      `The plan ${plan.id} has no price for its excess orders on Stripe.`,
    );
  }

  private async priceByLookupKey(lookupKey: string, missing: string): Promise<Stripe.Price> {
    const cached = this.prices.get(lookupKey);
    if (cached) return cached;
    let price: Stripe.Price | undefined;
    try {
      const list = await this.stripe.prices.list({
        lookup_keys: [lookupKey],
        active: true,
        limit: 1,
      });
      price = list.data[0];
    } catch (error) {
      throw fromStripe(error);
    }
    if (!price) throw new BillingError('provider', missing);
    this.prices.set(lookupKey, price);
    return price;
  }

  /** The user's Stripe customer, created (once, by idempotency key) when `create`. */
  async customerId(user: UserRow, create: true): Promise<string>;
  async customerId(user: UserRow, create: false): Promise<string | null>;
  async customerId(user: UserRow, create: boolean): Promise<string | null> {
    const known = await this.repos.billing.customerOf(user.id);
    if (known) return known.customerId;
    if (!create) return null;
    let customer: Stripe.Customer;
    try {
      customer = await this.stripe.customers.create(
        {
          email: user.email ?? undefined,
          name: user.full_name ?? undefined,
          metadata: { user_id: user.id },
        },
        // Two first calls at once make one customer: Stripe replays the first answer.
        { idempotencyKey: `customer-${user.id}` },
      );
    } catch (error) {
      throw fromStripe(error);
    }
    return this.repos.billing.saveCustomer(user.id, customer.id);
  }
}
