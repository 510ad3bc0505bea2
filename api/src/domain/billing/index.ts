// Billing on Stripe, split by job: the account (prices, customers), subscriptions, cards,
// promo codes and Stripe's webhooks; `Billing` is the one object the routes and the seed hold.
import type { PaymentCard as Card } from '@pos/shared/wire';
import type { Stripe } from '../../services/payments';
import type { UserRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import { StripeAccount } from './account';
import type { CardChange } from './cards';
import { Cards } from './cards';
import type { PromoResult } from './promo';
import { PromoCodes } from './promo';
import type { SubscribeResult } from './subscriptions';
import { Subscriptions } from './subscriptions';
import { StripeWebhooks } from './webhooks';

export { BILLING_TEXTS, BillingError } from './errors';
export type { BillingErrorKind } from './errors';
export { MAX_CARDS } from './cards';
export type { CardChange } from './cards';
export type { PromoResult } from './promo';
export { subscribeWithoutStripe } from './subscriptions';
export type { SubscribeResult } from './subscriptions';
export { planLookupKey } from './subscription-state';

/**
 * Plans, cards and promo codes on Stripe, and what Stripe's webhooks tell: the rules of spec
 * 4, 5 and 9 and the contract of issue 11. The database keeps what the read path needs (the
 * customer, the default card's id, the subscription's Stripe fields, overdue invoices); cards
 * and discounts are read from Stripe. A failed Stripe call leaves the database unchanged.
 */
export class Billing {
  private readonly subscriptions: Subscriptions;
  private readonly cards: Cards;
  private readonly promos: PromoCodes;
  private readonly webhooks: StripeWebhooks;

  constructor(stripe: Stripe, repos: Repositories, webhookSecret: string) {
    const account = new StripeAccount(stripe, repos);
    this.cards = new Cards(account);
    this.promos = new PromoCodes(account);
    this.subscriptions = new Subscriptions(account, this.cards, this.promos);
    this.webhooks = new StripeWebhooks(account, webhookSecret);
  }

  /** POST /subscription (see {@link Subscriptions.subscribe}). */
  subscribe(user: UserRow, planId: string, promoCodeId: string | null): Promise<SubscribeResult> {
    return this.subscriptions.subscribe(user, planId, promoCodeId);
  }

  /** GET /payment-methods. */
  listCards(user: UserRow): Promise<Card[]> {
    return this.cards.listCards(user);
  }

  /** POST /payment-method. */
  attachCard(user: UserRow, paymentMethodId: string): Promise<Card> {
    return this.cards.attachCard(user, paymentMethodId);
  }

  /** PUT /payment-method. */
  updateCard(user: UserRow, change: CardChange): Promise<Card> {
    return this.cards.updateCard(user, change);
  }

  /** DELETE /payment-methods/{id}. */
  deleteCard(user: UserRow, paymentMethodId: string): Promise<void> {
    return this.cards.deleteCard(user, paymentMethodId);
  }

  /** POST /promotion-code. */
  applyPromo(
    user: UserRow,
    rawCode: string,
    planId: string,
  ): Promise<PromoResult<'success' | 'error'>> {
    return this.promos.applyPromo(user, rawCode, planId);
  }

  /** GET /promotion-code/active. */
  activePromo(user: UserRow, planId: string): Promise<PromoResult<'success' | 'none'>> {
    return this.promos.activePromo(user, planId);
  }

  /** POST /stripe/webhook: answers whether the event was applied now (false: a duplicate). */
  receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<boolean> {
    return this.webhooks.receiveWebhook(rawBody, signature);
  }
}
