import type { PaymentCard as Card } from '@pos/shared/wire';
import type { Stripe } from '../../services/payments';
import type { UserRow } from '../../db/types';
import type { StripeAccount } from './account';
import { BILLING_TEXTS, BillingError, fromStripe } from './errors';
import { ENDED, idOf, planIdOf } from './subscription-state';

/** The most cards a user may save (spec 9). */
export const MAX_CARDS = 2;

/** A change to a card (PUT /payment-method). */
export interface CardChange {
  paymentMethodId: string;
  prevPaymentMethodId?: string;
  billingDetails?: {
    name: string;
    address: { line1: string; line2?: string; city: string; state: string; country: string };
  };
}

/** The user's saved cards on Stripe (spec 5 and 9): list, add, replace, default, remove. */
export class Cards {
  constructor(private readonly account: StripeAccount) {}

  /** The customer's default card id on Stripe, or null. */
  async defaultCardOf(customerId: string): Promise<string | null> {
    try {
      const customer = await this.account.stripe.customers.retrieve(customerId);
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
        this.account.stripe.customers.listPaymentMethods(customerId, { type: 'card', limit: 100 }),
        this.defaultCardOf(customerId),
        this.account.stripe.subscriptions.list({ customer: customerId, limit: 100 }),
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
      (await this.account.repos.plans.all()).map((plan) => [plan.id, plan.name] as const),
    );
    const services = new Map<string, string[]>();
    for (const subscription of subscriptions) {
      if (ENDED.has(subscription.status)) continue;
      const card = idOf(subscription.default_payment_method) ?? defaultCard;
      if (!card) continue;
      const planId = planIdOf(subscription, '');
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
    const customerId = await this.account.customerId(user, false);
    if (!customerId) return [];
    return this.cardsOf(user.id, customerId);
  }

  private async cardsOf(userId: string, customerId: string): Promise<Card[]> {
    const { methods, defaultCard, subscriptions } = await this.walletOf(customerId);
    const services = await this.servicesByCard(subscriptions, defaultCard);
    // Keep the read path's answer in step with Stripe (a card removed on Stripe's dashboard).
    const known = await this.account.repos.billing.customerOf(userId);
    if (known && known.defaultPaymentMethod !== defaultCard) {
      await this.account.repos.billing.setDefaultPaymentMethod(userId, defaultCard);
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
      method = await this.account.stripe.paymentMethods.retrieve(paymentMethodId);
    } catch (error) {
      throw fromStripe(error);
    }
    if (idOf(method.customer) !== customerId) {
      throw new BillingError('not-found', BILLING_TEXTS.cardNotFound);
    }
    return method;
  }

  private async setDefault(customerId: string, paymentMethodId: string | null): Promise<void> {
    await this.account.stripe.customers.update(customerId, {
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
      method = await this.account.stripe.paymentMethods.retrieve(paymentMethodId);
    } catch (error) {
      throw fromStripe(error);
    }
    const owner = idOf(method.customer);
    if (owner === customerId) return false;
    if (owner) throw new BillingError('not-found', BILLING_TEXTS.cardNotFound);
    try {
      await this.account.stripe.paymentMethods.attach(paymentMethodId, { customer: customerId });
    } catch (error) {
      throw fromStripe(error);
    }
    return true;
  }

  private async detachQuietly(paymentMethodId: string): Promise<void> {
    try {
      await this.account.stripe.paymentMethods.detach(paymentMethodId);
    } catch {
      // Undoing is best effort: the card stays on the customer, unused and deletable.
    }
  }

  /**
   * POST /payment-method: saves a card made by Stripe.js to the user's customer. The first
   * card becomes the default; a third is refused. Stripe's card errors come back in its words.
   */
  async attachCard(user: UserRow, paymentMethodId: string): Promise<Card> {
    const customerId = await this.account.customerId(user, true);
    const { methods, defaultCard } = await this.walletOf(customerId);
    if (methods.some((m) => m.id === paymentMethodId)) {
      return this.cardOf(user.id, customerId, paymentMethodId);
    }
    if (methods.length >= MAX_CARDS) throw new BillingError('conflict', BILLING_TEXTS.tooManyCards);
    await this.attachNew(customerId, paymentMethodId);
    try {
      // Two adds at once may both have passed the count: the later one gives way.
      const after = await this.account.stripe.customers.listPaymentMethods(customerId, {
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
    if (!defaultCard)
      await this.account.repos.billing.setDefaultPaymentMethod(user.id, paymentMethodId);
    // A saved card proves the Assistant's 'add-card' task (once; managers only).
    await this.account.repos.userTasks.complete(user.id, {
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
    const customerId = await this.account.customerId(user, false);
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
            await this.account.stripe.subscriptions.update(subscription.id, {
              default_payment_method: target,
            });
          }
        }
      } catch (error) {
        if (attached) await this.detachQuietly(target);
        throw fromStripe(error);
      }
      try {
        await this.account.stripe.paymentMethods.detach(previous);
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
    await this.account.stripe.paymentMethods.update(paymentMethodId, {
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
    const customerId = await this.account.customerId(user, false);
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
      await this.account.stripe.paymentMethods.detach(paymentMethodId);
    } catch (error) {
      throw fromStripe(error);
    }
    if (defaultCard !== paymentMethodId) return;
    // The card is gone from Stripe: the database must not keep it as the default, even if
    // making the other card the default fails below.
    await this.account.repos.billing.setDefaultPaymentMethod(user.id, null);
    if (!next) return;
    try {
      await this.setDefault(customerId, next);
    } catch (error) {
      throw fromStripe(error);
    }
    await this.account.repos.billing.setDefaultPaymentMethod(user.id, next);
  }
}
