import Stripe from 'stripe';
import { BILLING_TEXTS, BillingError } from '../../../src/domain/billing';
import { fromStripe } from '../../../src/domain/billing/errors';

const invalid = (message: string, extra: { code?: string; param?: string } = {}) =>
  new Stripe.errors.StripeInvalidRequestError({ type: 'invalid_request_error', message, ...extra });

const refusal = (error: unknown) => {
  const mapped = fromStripe(error);
  expect(mapped).toBeInstanceOf(BillingError);
  const { kind, message } = mapped as BillingError;
  return { kind, message };
};

describe('fromStripe', () => {
  it("passes Stripe's words for a refused card or promo code", () => {
    expect(
      refusal(new Stripe.errors.StripeCardError({ message: 'Your card was declined.' })),
    ).toEqual({ kind: 'card', message: 'Your card was declined.' });
    const promo = 'This promotion code cannot be redeemed.';
    expect(refusal(invalid(promo, { param: 'discounts[0][promotion_code]' }))).toEqual({
      kind: 'card',
      message: promo,
    });
    expect(refusal(invalid('Coupon expired: X', { code: 'coupon_expired' }))).toEqual({
      kind: 'card',
      message: 'Coupon expired: X',
    });
  });

  it('hides any other refused request behind the generic provider text', () => {
    expect(refusal(invalid('Invalid integer: abc', { param: 'limit' }))).toEqual({
      kind: 'provider',
      message: BILLING_TEXTS.provider,
    });
    expect(refusal(invalid('You did not provide an API key.'))).toEqual({
      kind: 'provider',
      message: BILLING_TEXTS.provider,
    });
  });

  it('keeps a missing object as not found', () => {
    expect(refusal(invalid('No such customer', { code: 'resource_missing' }))).toEqual({
      kind: 'not-found',
      message: BILLING_TEXTS.cardNotFound,
    });
  });
});
