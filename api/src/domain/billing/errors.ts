import { stripeErrorOf } from '../../services/payments';

/** Why billing refused: the route maps each kind to its status. */
export type BillingErrorKind =
  /** Bad input the schema cannot see (400). */
  | 'invalid'
  /** Stripe refused the card or the request; the message is Stripe's own (400). */
  | 'card'
  /** Not the caller's card, plan or subscription (404). */
  | 'not-found'
  /** The state forbids it: a third card, a card in use (409). */
  | 'conflict'
  /** Stripe could not be reached or failed (502). */
  | 'provider'
  /** A webhook whose signature does not verify or is too old (400). */
  | 'signature';

/** A refusal of the billing domain. */
export class BillingError extends Error {
  override readonly name = 'BillingError';
  constructor(
    readonly kind: BillingErrorKind,
    message: string,
  ) {
    super(message);
  }
}

/** The texts callers see (the wire contract of issue 11). */
export const BILLING_TEXTS = {
  needCard: 'Add a payment method to subscribe to a paid plan.',
  tooManyCards: 'You can save at most 2 cards.',
  cardInUse: 'This card is used by a subscription and cannot be deleted.',
  cardNotFound: 'Card not found',
  planNotFound: 'Plan not found',
  promoInvalid: 'This promo code is not valid.',
  promoFreePlan: 'Promo codes apply to paid plans only.',
  promoEmpty: 'body/promoCode must not be empty',
  managerToCashier: 'A manager account cannot move to the Cashier plan.',
  provider: 'The payment provider could not be reached. Please try again later.',
  busy: 'Another plan change is in progress. Please try again.',
  previousCardKept:
    'The new card replaced the old one, but the old card could not be removed. Delete it from your cards.',
} as const;

/** Stripe's codes of a refused card or promo code on a request error. */
const CARD_OR_PROMO_CODES = new Set([
  'card_declined',
  'expired_card',
  'incorrect_cvc',
  'incorrect_number',
  'invalid_cvc',
  'invalid_expiry_month',
  'invalid_expiry_year',
  'invalid_number',
  'payment_method_unactivated',
  'payment_method_unexpected_state',
  'coupon_expired',
  'promotion_code_expired',
]);

function isCardOrPromo(error: { code?: string; param?: string }): boolean {
  if (error.code && CARD_OR_PROMO_CODES.has(error.code)) return true;
  const param = error.param ?? '';
  return /^(card|payment_method)\b|promotion_code|coupon|discounts/.test(param);
}

/**
 * The refusal a failed Stripe call means to the caller: a card error or a refused request in
 * Stripe's own words, a missing object as `notFound`, anything else (network, Stripe's own
 * failure, our key) as the provider being unavailable.
 */
export function fromStripe(error: unknown, notFound: string = BILLING_TEXTS.cardNotFound): Error {
  if (error instanceof BillingError) return error;
  const stripe = stripeErrorOf(error);
  if (!stripe) return error instanceof Error ? error : new Error(String(error));
  if (stripe.type === 'StripeCardError') return new BillingError('card', stripe.message);
  // The same Idempotency-Key with other parameters: a concurrent, different request won.
  if (stripe.type === 'StripeIdempotencyError')
    return new BillingError('conflict', BILLING_TEXTS.busy);
  if (stripe.type === 'StripeInvalidRequestError') {
    if (stripe.code === 'resource_missing') return new BillingError('not-found', notFound);
    // Only a refused card or promo code is the user's to read; any other refused request is
    // ours (a bad parameter, the account's setup) and gets the generic text.
    if (isCardOrPromo(stripe)) return new BillingError('card', stripe.message);
    return new BillingError('provider', BILLING_TEXTS.provider);
  }
  return new BillingError('provider', BILLING_TEXTS.provider);
}
