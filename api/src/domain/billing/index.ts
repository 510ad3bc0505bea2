import crypto from 'node:crypto';
import type { Stripe } from '../../services/payments';
import { WEBHOOK_TOLERANCE_SECONDS } from '../../services/payments';
import type { UserRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import type { BillingTransaction, StripeSubscriptionState } from '../../repositories/billing';
import { freePlanIdFor } from '../../repositories/plans';
import type { Plan } from '../../repositories/plans';
import type { Card, Discount, SubStatus } from '../../routes/subscriptions/billing-schema';
import { BILLING_TEXTS, BillingError, fromStripe } from './errors';

export { BILLING_TEXTS, BillingError } from './errors';
export type { BillingErrorKind } from './errors';

/** The most cards a user may save (spec 9). */
export const MAX_CARDS = 2;

/** Stripe statuses of a subscription that no longer bills (a new one is needed). */
const ENDED = new Set(['canceled', 'incomplete_expired']);

/** The lookup key of a plan's monthly price, as the Stripe account is set up (`plan_pro_monthly`). */
export const planLookupKey = (planId: string) => `${planId}_monthly`;

const isoOf = (unixSeconds: number | null | undefined) =>
  unixSeconds ? new Date(unixSeconds * 1000).toISOString() : null;

/**
 * The `t` of a Stripe-Signature header (unix seconds), read as the stripe SDK reads it (the
 * last `t=` item, base-10), which does not expose its parser; null without one.
 */
function signedAtOf(header: string): number | null {
  let signedAt: number | null = null;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't' && value !== undefined) signedAt = parseInt(value, 10);
  }
  return signedAt !== null && Number.isFinite(signedAt) ? signedAt : null;
}

const idOf = (value: string | { id: string } | null | undefined) =>
  value == null ? null : typeof value === 'string' ? value : value.id;

/** What POST /subscription answers. */
export interface SubscribeResult {
  subStatus: SubStatus;
  plan: Plan;
}

/** A change to a card (PUT /payment-method). */
export interface CardChange {
  paymentMethodId: string;
  prevPaymentMethodId?: string;
  billingDetails?: {
    name: string;
    address: { line1: string; line2?: string; city: string; state: string; country: string };
  };
}

/** Answer of the promo code routes. */
export interface PromoResult<S extends string> {
  status: S;
  message: string | null;
  promo: Discount | null;
}

/** A plan the user may choose (public, or private and offered to them), or `not-found`. */
async function visiblePlan(repos: Repositories, userId: string, planId: string): Promise<Plan> {
  const plan = (await repos.plans.visibleTo(userId)).find((p) => p.id === planId);
  if (!plan) throw new BillingError('not-found', BILLING_TEXTS.planNotFound);
  return plan;
}

async function planNow(repos: Repositories, userId: string): Promise<Plan> {
  const plan = await repos.plans.current(userId);
  if (!plan) throw new Error(`the plan of ${userId} was just stored but is missing`);
  return plan;
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

/**
 * Plans, cards and promo codes on Stripe, and what Stripe's webhooks tell: the rules of spec
 * 4, 5 and 9 and the contract of issue 11. The database keeps what the read path needs (the
 * customer, the default card's id, the subscription's Stripe fields, overdue invoices); cards
 * and discounts are read from Stripe. A failed Stripe call leaves the database unchanged.
 */
export class Billing {
  /** Price ids by plan id: the account's prices do not change while the api runs. */
  private readonly prices = new Map<string, Stripe.Price>();

  constructor(
    private readonly stripe: Stripe,
    private readonly repos: Repositories,
    private readonly webhookSecret: string,
  ) {}

  /** A plan the user may choose (public, or private and offered to them), or `not-found`. */
  private async visiblePlan(userId: string, planId: string): Promise<Plan> {
    return visiblePlan(this.repos, userId, planId);
  }

  /** The plan's monthly price on Stripe (by lookup key). */
  private async priceOf(planId: string): Promise<Stripe.Price> {
    const cached = this.prices.get(planId);
    if (cached) return cached;
    let price: Stripe.Price | undefined;
    try {
      const list = await this.stripe.prices.list({
        lookup_keys: [planLookupKey(planId)],
        active: true,
        limit: 1,
      });
      price = list.data[0];
    } catch (error) {
      throw fromStripe(error);
    }
    if (!price) throw new BillingError('provider', `The plan ${planId} has no price on Stripe.`);
    this.prices.set(planId, price);
    return price;
  }

  /** The user's Stripe customer, created (once, by idempotency key) when `create`. */
  private async customerId(user: UserRow, create: true): Promise<string>;
  private async customerId(user: UserRow, create: false): Promise<string | null>;
  private async customerId(user: UserRow, create: boolean): Promise<string | null> {
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

  // ---------------------------------------------------------------------------- subscribe

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
    const { plan, promote, current, live } = await subscribeContext(this.repos, user, planId);

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
      return storeFreePlan(this.repos, user.id, plan, promote);
    }

    const customer = await this.customerId(user, true);
    const hasCard = await this.defaultCardOf(customer);
    if (!hasCard) throw new BillingError('invalid', BILLING_TEXTS.needCard);
    const price = await this.priceOf(plan.id);
    // The client's promo code id gets the checks POST /promotion-code makes before Stripe sees it.
    if (promoCodeId) await this.checkPromoId(promoCodeId, plan, customer);
    const discounts = promoCodeId ? [{ promotion_code: promoCodeId }] : undefined;

    let subscription: Stripe.Subscription;
    let subStatus: SubStatus;
    let attempt: number | null = null;
    try {
      // A subscription Stripe has but the database does not (a concurrent request stored it a
      // moment ago, or its answer was lost) is changed rather than doubled.
      const existingId =
        live?.stripeSubscriptionId ??
        (await this.stripe.subscriptions.list({ customer, limit: 10 })).data.find(
          (candidate) => !ENDED.has(candidate.status),
        )?.id;
      if (existingId) {
        const existing = await this.stripe.subscriptions.retrieve(existingId);
        const item = existing.items.data[0];
        subscription = await this.stripe.subscriptions.update(
          existing.id,
          {
            items: item ? [{ id: item.id, price: price.id }] : [{ price: price.id }],
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
        subscription = await this.stripe.subscriptions.create(
          {
            customer,
            items: [{ price: price.id }],
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
        subStatus = this.statusOf(subscription.status);
      }
    } catch (error) {
      const refusal = fromStripe(error, BILLING_TEXTS.planNotFound);
      if (attempt !== null && !(refusal instanceof BillingError && refusal.kind === 'conflict')) {
        await this.nextCreateAttempt(customer, attempt);
      }
      throw refusal;
    }
    await this.repos.billing.storeSubscription(
      user.id,
      this.stateOf(subscription, plan.id),
      promote,
    );
    return { subStatus, plan: await this.planNow(user.id) };
  }

  /** How many subscription creates Stripe refused this customer (kept in its metadata). */
  private async createAttemptOf(customerId: string): Promise<number> {
    const customer = await this.stripe.customers.retrieve(customerId);
    if (customer.deleted) return 0;
    return Number(customer.metadata?.subscribe_attempt ?? 0) || 0;
  }

  /** Counts a refused create, so that Stripe does not replay its refusal to the next one. */
  private async nextCreateAttempt(customerId: string, attempt: number): Promise<void> {
    try {
      await this.stripe.customers.update(customerId, {
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

  private statusOf(status: Stripe.Subscription.Status): SubStatus {
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
  private planIdOf(subscription: Stripe.Subscription, fallback: string): string {
    const price = subscription.items.data[0]?.price;
    // The price's lookup key names the plan on any account set up as documented; metadata
    // may be missing on prices made by hand in Stripe's dashboard.
    const byLookupKey = price?.lookup_key?.endsWith('_monthly')
      ? price.lookup_key.slice(0, -'_monthly'.length)
      : '';
    return byLookupKey || price?.metadata?.plan_id || subscription.metadata?.plan_id || fallback;
  }

  private stateOf(subscription: Stripe.Subscription, planId: string): StripeSubscriptionState {
    const periodEnd = isoOf(subscription.items.data[0]?.current_period_end);
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

  private async cancelAtPeriodEnd(
    user: UserRow,
    subscriptionId: string,
    planId: string,
    version: string,
  ): Promise<SubscribeResult> {
    let subscription: Stripe.Subscription;
    try {
      subscription = await this.stripe.subscriptions.update(
        subscriptionId,
        { cancel_at_period_end: true },
        { idempotencyKey: this.requestKey('cancel', user.id, planId, null, version) },
      );
    } catch (error) {
      throw fromStripe(error, BILLING_TEXTS.planNotFound);
    }
    await this.repos.billing.storeSubscription(
      user.id,
      this.stateOf(subscription, this.planIdOf(subscription, planId)),
      false,
    );
    return { subStatus: 'updated', plan: await this.planNow(user.id) };
  }

  private async planNow(userId: string): Promise<Plan> {
    return planNow(this.repos, userId);
  }

  // -------------------------------------------------------------------------------- cards

  /** The customer's default card id on Stripe, or null. */
  private async defaultCardOf(customerId: string): Promise<string | null> {
    try {
      const customer = await this.stripe.customers.retrieve(customerId);
      if (customer.deleted) return null;
      return idOf(customer.invoice_settings?.default_payment_method);
    } catch (error) {
      throw fromStripe(error);
    }
  }

  /** The customer's cards, default card and live subscriptions, read from Stripe. */
  private async walletOf(customerId: string) {
    try {
      const [methods, defaultCard, subscriptions] = await Promise.all([
        this.stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 }),
        this.defaultCardOf(customerId),
        this.stripe.subscriptions.list({ customer: customerId, limit: 100 }),
      ]);
      return { methods: methods.data, defaultCard, subscriptions: subscriptions.data };
    } catch (error) {
      throw fromStripe(error);
    }
  }

  /** Names of the plans each card pays for (a subscription without its own card uses the default). */
  private async servicesByCard(
    subscriptions: Stripe.Subscription[],
    defaultCard: string | null,
  ): Promise<Map<string, string[]>> {
    const names = new Map(
      (await this.repos.plans.all()).map((plan) => [plan.id, plan.name] as const),
    );
    const services = new Map<string, string[]>();
    for (const subscription of subscriptions) {
      if (ENDED.has(subscription.status)) continue;
      const card = idOf(subscription.default_payment_method) ?? defaultCard;
      if (!card) continue;
      const planId = this.planIdOf(subscription, '');
      const list = services.get(card) ?? [];
      list.push(names.get(planId) ?? planId);
      services.set(card, list);
    }
    return services;
  }

  private toCard(method: Stripe.PaymentMethod, isDefault: boolean, services: string[]): Card {
    const card = method.card;
    const address = method.billing_details.address;
    return {
      id: method.id,
      brand: card?.brand ?? 'unknown',
      last4: card?.last4 ?? '',
      funding: card?.funding ?? 'unknown',
      expMonth: card?.exp_month ?? 0,
      expYear: card?.exp_year ?? 0,
      isDefaultPM: isDefault,
      services,
      billingDetails: {
        name: method.billing_details.name ?? null,
        address: {
          line1: address?.line1 || null,
          line2: address?.line2 || null,
          city: address?.city || null,
          state: address?.state || null,
          country: address?.country || null,
        },
      },
    };
  }

  /** GET /payment-methods: the user's cards, read from Stripe (none before a first card). */
  async listCards(user: UserRow): Promise<Card[]> {
    const customerId = await this.customerId(user, false);
    if (!customerId) return [];
    return this.cardsOf(user.id, customerId);
  }

  private async cardsOf(userId: string, customerId: string): Promise<Card[]> {
    const { methods, defaultCard, subscriptions } = await this.walletOf(customerId);
    const services = await this.servicesByCard(subscriptions, defaultCard);
    // Keep the read path's answer in step with Stripe (a card removed on Stripe's dashboard).
    const known = await this.repos.billing.customerOf(userId);
    if (known && known.defaultPaymentMethod !== defaultCard) {
      await this.repos.billing.setDefaultPaymentMethod(userId, defaultCard);
    }
    return methods.map((method) =>
      this.toCard(method, method.id === defaultCard, services.get(method.id) ?? []),
    );
  }

  private async cardOf(userId: string, customerId: string, paymentMethodId: string): Promise<Card> {
    const card = (await this.cardsOf(userId, customerId)).find((c) => c.id === paymentMethodId);
    if (!card) throw new BillingError('not-found', BILLING_TEXTS.cardNotFound);
    return card;
  }

  /** Retrieves a card of this customer; another customer's card, or none, is `not-found`. */
  private async ownCard(
    customerId: string,
    paymentMethodId: string,
  ): Promise<Stripe.PaymentMethod> {
    let method: Stripe.PaymentMethod;
    try {
      method = await this.stripe.paymentMethods.retrieve(paymentMethodId);
    } catch (error) {
      throw fromStripe(error);
    }
    if (idOf(method.customer) !== customerId) {
      throw new BillingError('not-found', BILLING_TEXTS.cardNotFound);
    }
    return method;
  }

  private async setDefault(customerId: string, paymentMethodId: string | null): Promise<void> {
    await this.stripe.customers.update(customerId, {
      invoice_settings: { default_payment_method: paymentMethodId ?? '' },
    });
  }

  /**
   * Attaches a card Stripe.js made to the customer; answers whether it was attached now (false:
   * already theirs), so that a caller undoing a failed change detaches only what it attached.
   * Another customer's card is `not-found`.
   */
  private async attachNew(customerId: string, paymentMethodId: string): Promise<boolean> {
    let method: Stripe.PaymentMethod;
    try {
      method = await this.stripe.paymentMethods.retrieve(paymentMethodId);
    } catch (error) {
      throw fromStripe(error);
    }
    const owner = idOf(method.customer);
    if (owner === customerId) return false;
    if (owner) throw new BillingError('not-found', BILLING_TEXTS.cardNotFound);
    try {
      await this.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
    } catch (error) {
      throw fromStripe(error);
    }
    return true;
  }

  private async detachQuietly(paymentMethodId: string): Promise<void> {
    try {
      await this.stripe.paymentMethods.detach(paymentMethodId);
    } catch {
      // Undoing is best effort: the card stays on the customer, unused and deletable.
    }
  }

  /**
   * POST /payment-method: saves a card made by Stripe.js to the user's customer. The first
   * card becomes the default; a third is refused. Stripe's card errors come back in its words.
   */
  async attachCard(user: UserRow, paymentMethodId: string): Promise<Card> {
    const customerId = await this.customerId(user, true);
    const { methods, defaultCard } = await this.walletOf(customerId);
    if (methods.some((m) => m.id === paymentMethodId)) {
      return this.cardOf(user.id, customerId, paymentMethodId);
    }
    if (methods.length >= MAX_CARDS) throw new BillingError('conflict', BILLING_TEXTS.tooManyCards);
    await this.attachNew(customerId, paymentMethodId);
    try {
      // Two adds at once may both have passed the count: the later one gives way.
      const after = await this.stripe.customers.listPaymentMethods(customerId, {
        type: 'card',
        limit: 100,
      });
      if (after.data.length > MAX_CARDS) {
        await this.detachQuietly(paymentMethodId);
        throw new BillingError('conflict', BILLING_TEXTS.tooManyCards);
      }
      if (!defaultCard) await this.setDefault(customerId, paymentMethodId);
    } catch (error) {
      if (!(error instanceof BillingError)) await this.detachQuietly(paymentMethodId);
      throw fromStripe(error);
    }
    if (!defaultCard) await this.repos.billing.setDefaultPaymentMethod(user.id, paymentMethodId);
    // A saved card proves the Assistant's 'add-card' task (once; managers only).
    await this.repos.userTasks.complete(user.id, {
      task: 'add-card',
      by: 'event',
      eventKind: 'cardAttached',
    });
    return this.cardOf(user.id, customerId, paymentMethodId);
  }

  /**
   * PUT /payment-method: with `prevPaymentMethodId` the new card takes the old one's place
   * (the default and the subscriptions paid with it move, the old card is detached); with
   * `billingDetails` the card's name and address change; with neither it becomes the default.
   */
  async updateCard(user: UserRow, change: CardChange): Promise<Card> {
    const customerId = await this.customerId(user, false);
    if (!customerId) throw new BillingError('not-found', BILLING_TEXTS.cardNotFound);
    const target = change.paymentMethodId;

    if (change.prevPaymentMethodId && change.prevPaymentMethodId !== target) {
      const previous = change.prevPaymentMethodId;
      await this.ownCard(customerId, previous);
      const attached = await this.attachNew(customerId, target);
      try {
        if (change.billingDetails) await this.updateDetails(target, change.billingDetails);
        const { defaultCard, subscriptions } = await this.walletOf(customerId);
        if (defaultCard === previous) await this.setDefault(customerId, target);
        for (const subscription of subscriptions) {
          if (idOf(subscription.default_payment_method) === previous) {
            await this.stripe.subscriptions.update(subscription.id, {
              default_payment_method: target,
            });
          }
        }
      } catch (error) {
        if (attached) await this.detachQuietly(target);
        throw fromStripe(error);
      }
      try {
        await this.stripe.paymentMethods.detach(previous);
      } catch {
        // The new card took the old one's place, but the old one is still saved (a third card
        // would be hidden): say so rather than answer success.
        throw new BillingError('conflict', BILLING_TEXTS.previousCardKept);
      }
    } else {
      await this.ownCard(customerId, target);
      try {
        if (change.billingDetails) await this.updateDetails(target, change.billingDetails);
        else await this.setDefault(customerId, target);
      } catch (error) {
        throw fromStripe(error);
      }
    }
    return this.cardOf(user.id, customerId, target);
  }

  private async updateDetails(
    paymentMethodId: string,
    details: NonNullable<CardChange['billingDetails']>,
  ): Promise<void> {
    const { line1, line2, city, state, country } = details.address;
    await this.stripe.paymentMethods.update(paymentMethodId, {
      billing_details: {
        name: details.name.trim(),
        address: {
          line1: line1.trim(),
          line2: line2?.trim() ?? '',
          city: city.trim(),
          state: state.trim(),
          country: country.trim(),
        },
      },
    });
  }

  /** DELETE /payment-methods/{id}: removes a card no subscription uses. */
  async deleteCard(user: UserRow, paymentMethodId: string): Promise<void> {
    const customerId = await this.customerId(user, false);
    if (!customerId) throw new BillingError('not-found', BILLING_TEXTS.cardNotFound);
    await this.ownCard(customerId, paymentMethodId);
    const { methods, defaultCard, subscriptions } = await this.walletOf(customerId);
    const services = await this.servicesByCard(subscriptions, defaultCard);
    if (services.get(paymentMethodId)?.length) {
      throw new BillingError('conflict', BILLING_TEXTS.cardInUse);
    }
    const next =
      defaultCard === paymentMethodId
        ? (methods.find((m) => m.id !== paymentMethodId)?.id ?? null)
        : defaultCard;
    try {
      await this.stripe.paymentMethods.detach(paymentMethodId);
    } catch (error) {
      throw fromStripe(error);
    }
    if (defaultCard !== paymentMethodId) return;
    // The card is gone from Stripe: the database must not keep it as the default, even if
    // making the other card the default fails below.
    await this.repos.billing.setDefaultPaymentMethod(user.id, null);
    if (!next) return;
    try {
      await this.setDefault(customerId, next);
    } catch (error) {
      throw fromStripe(error);
    }
    await this.repos.billing.setDefaultPaymentMethod(user.id, next);
  }

  // -------------------------------------------------------------------------- promo codes

  private toDiscount(code: Stripe.PromotionCode, coupon: Stripe.Coupon, planId: string): Discount {
    const percent = coupon.percent_off != null;
    const duration =
      coupon.duration === 'once'
        ? 1
        : coupon.duration === 'repeating'
          ? (coupon.duration_in_months ?? 1)
          : 0;
    const value = percent ? Number(coupon.percent_off) : (coupon.amount_off ?? 0) / 100;
    const info =
      coupon.name ??
      (percent ? `${value}% off` : `$${value.toFixed(2)} off`) +
        (duration > 1 ? ` for ${duration} months` : duration === 0 ? ' forever' : '');
    return {
      type: percent ? 'percent' : 'fixed',
      value,
      duration,
      code: code.code,
      promoCodeId: code.id,
      planId,
      info,
    };
  }

  private async couponOf(code: Stripe.PromotionCode): Promise<Stripe.Coupon> {
    const coupon = code.promotion.coupon;
    if (coupon && typeof coupon !== 'string') return coupon;
    if (!coupon) throw new BillingError('card', BILLING_TEXTS.promoInvalid);
    return this.stripe.coupons.retrieve(coupon);
  }

  /**
   * POST /promotion-code: whether `code` can be used on `planId` by this user. A code that
   * cannot (unknown, inactive, expired, used up, for another customer) is `status: 'error'`.
   */
  async applyPromo(
    user: UserRow,
    rawCode: string,
    planId: string,
  ): Promise<PromoResult<'success' | 'error'>> {
    const code = rawCode.trim();
    if (!code) throw new BillingError('invalid', BILLING_TEXTS.promoEmpty);
    const plan = await this.visiblePlan(user.id, planId);
    const refuse = (message: string) => ({ status: 'error' as const, message, promo: null });
    if (plan.isFree) return refuse(BILLING_TEXTS.promoFreePlan);
    const customerId = await this.customerId(user, false);
    try {
      const found = await this.stripe.promotionCodes.list({
        code,
        active: true,
        limit: 10,
        expand: ['data.promotion.coupon'],
      });
      for (const candidate of found.data) {
        if (candidate.code.toLowerCase() !== code.toLowerCase()) continue;
        const promo = await this.usablePromo(candidate, plan, customerId);
        if (promo) return { status: 'success', message: null, promo };
      }
    } catch (error) {
      throw fromStripe(error);
    }
    return refuse(BILLING_TEXTS.promoInvalid);
  }

  /**
   * The discount of a promotion code this customer can use on `plan` now (active, not
   * expired, not used up, not another customer's, its coupon valid and for the plan's
   * product), or null.
   */
  private async usablePromo(
    candidate: Stripe.PromotionCode,
    plan: Plan,
    customerId: string | null,
  ): Promise<Discount | null> {
    if (!candidate.active) return null;
    if (candidate.expires_at && candidate.expires_at <= Date.now() / 1000) return null;
    if (candidate.max_redemptions && candidate.times_redeemed >= candidate.max_redemptions) {
      return null;
    }
    const owner = idOf(candidate.customer);
    if (owner && owner !== customerId) return null;
    const coupon = await this.couponOf(candidate);
    if (!coupon.valid) return null;
    const products = coupon.applies_to?.products;
    if (products?.length) {
      const price = await this.priceOf(plan.id);
      if (!products.includes(idOf(price.product) ?? '')) return null;
    }
    return this.toDiscount(candidate, coupon, plan.id);
  }

  /** Refuses (400, the promo error text) a promotion code id this customer cannot use on `plan`. */
  private async checkPromoId(promoCodeId: string, plan: Plan, customerId: string): Promise<void> {
    let candidate: Stripe.PromotionCode;
    try {
      candidate = await this.stripe.promotionCodes.retrieve(promoCodeId, {
        expand: ['promotion.coupon'],
      });
    } catch (error) {
      const refusal = fromStripe(error);
      if (refusal instanceof BillingError && refusal.kind === 'not-found') {
        throw new BillingError('invalid', BILLING_TEXTS.promoInvalid);
      }
      throw refusal;
    }
    let promo: Discount | null;
    try {
      promo = await this.usablePromo(candidate, plan, customerId);
    } catch (error) {
      throw fromStripe(error);
    }
    if (!promo) throw new BillingError('invalid', BILLING_TEXTS.promoInvalid);
  }

  /** GET /promotion-code/active: the discount on the user's subscription of `planId`, if any. */
  async activePromo(user: UserRow, planId: string): Promise<PromoResult<'success' | 'none'>> {
    await this.visiblePlan(user.id, planId);
    const none = { status: 'none' as const, message: null, promo: null };
    const current = await this.repos.billing.subscriptionOf(user.id);
    if (
      !current?.stripeSubscriptionId ||
      current.planId !== planId ||
      ENDED.has(current.stripeStatus ?? '')
    ) {
      return none;
    }
    try {
      const subscription = await this.stripe.subscriptions.retrieve(current.stripeSubscriptionId, {
        expand: ['discounts', 'discounts.promotion_code', 'discounts.source.coupon'],
      });
      for (const entry of subscription.discounts) {
        if (typeof entry === 'string') continue;
        const code = entry.promotion_code;
        const coupon = entry.source?.coupon;
        if (!code || typeof code === 'string' || !coupon || typeof coupon === 'string') continue;
        return { status: 'success', message: null, promo: this.toDiscount(code, coupon, planId) };
      }
    } catch (error) {
      throw fromStripe(error, BILLING_TEXTS.planNotFound);
    }
    return none;
  }

  // ----------------------------------------------------------------------------- webhooks

  /**
   * POST /stripe/webhook: verifies the signature over the raw body (300 s tolerance, into the
   * past and into the future alike) and applies the event once, in the transaction that
   * records its id. Answers whether it was applied now (false: a duplicate).
   */
  async receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<boolean> {
    let event: Stripe.Event;
    try {
      event = this.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        this.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new BillingError('signature', `Webhook signature verification failed: ${reason}`);
    }
    // The SDK bounds only the signature's age: a timestamp ahead of the clock would make a
    // captured delivery replayable until long after it was sent, so the future is bounded too.
    const signedAt = signedAtOf(signature ?? '');
    if (signedAt === null || signedAt - Date.now() / 1000 > WEBHOOK_TOLERANCE_SECONDS) {
      throw new BillingError(
        'signature',
        'Webhook signature verification failed: Timestamp outside the tolerance zone',
      );
    }
    // Events may arrive late or out of order (retries): a subscription event is applied as
    // Stripe has the subscription now, read before the transaction so no lock waits on Stripe.
    const fresh =
      event.type.startsWith('customer.subscription.') && 'id' in event.data.object
        ? await this.currentSubscription(event.data.object as Stripe.Subscription)
        : null;
    // Likewise an invoice event: a late invoice.payment_failed after invoice.paid must not
    // bring the paid invoice back, so the invoice is judged as Stripe has it now.
    const invoice =
      event.type.startsWith('invoice.') && 'id' in event.data.object
        ? await this.currentInvoice(event.data.object as Stripe.Invoice)
        : null;
    return this.repos.billing.applyEventOnce(event, (tx) => this.apply(tx, event, fresh, invoice));
  }

  /** The invoice as Stripe has it now (one Stripe no longer has is taken as the event sent it). */
  private async currentInvoice(stale: Stripe.Invoice): Promise<Stripe.Invoice> {
    if (!stale.id) return stale;
    try {
      return await this.stripe.invoices.retrieve(stale.id);
    } catch (error) {
      const refusal = fromStripe(error);
      if (refusal instanceof BillingError && refusal.kind === 'not-found') return stale;
      throw refusal;
    }
  }

  /** The subscription as Stripe has it now (a vanished one reads as canceled). */
  private async currentSubscription(stale: Stripe.Subscription): Promise<Stripe.Subscription> {
    try {
      return await this.stripe.subscriptions.retrieve(stale.id);
    } catch (error) {
      const refusal = fromStripe(error);
      if (refusal instanceof BillingError && refusal.kind === 'not-found') {
        return { ...stale, status: 'canceled' };
      }
      throw refusal;
    }
  }

  private async apply(
    tx: BillingTransaction,
    event: Stripe.Event,
    fresh: Stripe.Subscription | null,
    invoice: Stripe.Invoice | null,
  ): Promise<void> {
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.applySubscription(
          tx,
          fresh ?? event.data.object,
          event.type.endsWith('deleted'),
        );
      case 'invoice.payment_failed':
      case 'invoice.paid':
        // Only an invoice still open is past due, whatever the event says.
        return this.applyInvoice(
          tx,
          invoice ?? event.data.object,
          event.type === 'invoice.paid' || (invoice ?? event.data.object).status !== 'open',
        );
      default:
        // Other events (cards, setup intents) change nothing the api keeps.
        return;
    }
  }

  private async applySubscription(
    tx: BillingTransaction,
    subscription: Stripe.Subscription,
    deleted: boolean,
  ): Promise<void> {
    const owner = await tx.userOfCustomer(idOf(subscription.customer) ?? '');
    if (!owner) return;
    const current = await tx.subscriptionOf(owner.userId);
    // An event about an older subscription than the one the user has now changes nothing.
    if (current?.stripeSubscriptionId && current.stripeSubscriptionId !== subscription.id) return;
    if (!current?.stripeSubscriptionId && deleted) return;
    if (deleted || ENDED.has(subscription.status)) {
      // The paid period is over: the user is back on their role's free plan (spec 4: Trial).
      await tx.writeSubscription(owner.userId, {
        planId: freePlanIdFor(owner.role),
        stripeSubscriptionId: null,
        stripeStatus: null,
        currentPeriodEnd: null,
        cancelDate: null,
      });
      return;
    }
    const planId = this.planIdOf(subscription, current?.planId ?? '');
    if (!(await tx.planExists(planId))) return;
    await tx.writeSubscription(owner.userId, this.stateOf(subscription, planId));
  }

  private async applyInvoice(
    tx: BillingTransaction,
    invoice: Stripe.Invoice,
    paid: boolean,
  ): Promise<void> {
    const owner = await tx.userOfCustomer(idOf(invoice.customer) ?? '');
    if (!owner || !invoice.id) return;
    const id = invoice.id;
    await tx.changeInvoices(owner.userId, (invoices) => {
      const others = invoices.filter((entry) => entry.id !== id);
      if (paid) return others;
      return [
        ...others,
        {
          id,
          number: invoice.number ?? id,
          invoice_pdf: invoice.invoice_pdf ?? '',
          hosted_invoice_url: invoice.hosted_invoice_url ?? '',
        },
      ];
    });
  }
}
