/**
 * What the payments sandbox starts with: the plans' products and monthly USD prices, the demo
 * coupons and promotion codes, and Stripe's test cards. The api finds a plan's price by its
 * lookup key (`prices.list({ lookup_keys: [planLookupKey(planId)] })`), as it would in a real
 * Stripe account set up with the same keys, so the prices live here and nowhere else.
 */

/** One plan as the payments provider sells it (ids are the api's plan ids, spec 3 and 9). */
export interface CatalogPlan {
  /** The api's plan id (`plan_basics`), kept in the product's and price's metadata. */
  planId: string;
  name: string;
  /** US cents per month; 0 for the free plans. */
  unitAmount: number;
  /**
   * US cents per order over the plan's included ones (the api's `perExcess`), billed by the
   * plan's metered price on the excess-orders meter; null for the free plans, which have none.
   */
  perExcess: number | null;
}

/** The plans of spec 3 and 9, with the prices the api's plan catalogue shows. */
export const CATALOG_PLANS: readonly CatalogPlan[] = [
  { planId: 'plan_trial', name: 'Trial', unitAmount: 0, perExcess: null },
  { planId: 'plan_basics', name: 'Basics', unitAmount: 1900, perExcess: 5 },
  { planId: 'plan_cloud_pos', name: 'Cloud POS', unitAmount: 2900, perExcess: 5 },
  { planId: 'plan_plus', name: 'Plus', unitAmount: 3900, perExcess: 4 },
  { planId: 'plan_pro', name: 'Pro', unitAmount: 7900, perExcess: 3 },
  { planId: 'plan_cashier', name: 'Cashier', unitAmount: 0, perExcess: null },
  { planId: 'plan_private', name: 'Private', unitAmount: 14900, perExcess: 2 },
];

/** The lookup key of a plan's monthly price: `{planId}_monthly`. */
export function planLookupKey(planId: string): string {
  return `${planId}_monthly`;
}

/** The lookup key of a plan's metered price for its excess orders: `{planId}_excess`. */
export function excessLookupKey(planId: string): string {
  return `${planId}_excess`;
}

/** The price id of a plan's excess orders: `price_{planId}_excess`. */
export function excessPriceId(planId: string): string {
  return `price_${excessLookupKey(planId)}`;
}

/** The product id of a plan's excess orders: `prod_{planId}_excess`. */
export function excessProductId(planId: string): string {
  return `prod_${excessLookupKey(planId)}`;
}

/** The product id of a plan: `prod_{planId}` (stable, so restarts keep references valid). */
export function planProductId(planId: string): string {
  return `prod_${planId}`;
}

/** The price id of a plan: `price_{planId}_monthly`. */
export function planPriceId(planId: string): string {
  return `price_${planLookupKey(planId)}`;
}

/** A demo coupon with its customer-facing promotion code. */
export interface CatalogPromotion {
  code: string;
  couponId: string;
  name: string;
  percentOff: number | null;
  /** US cents. */
  amountOff: number | null;
  duration: 'once' | 'repeating' | 'forever';
  durationInMonths: number | null;
}

/** The demo promotion codes of issue 11: WELCOME10 and FIVEOFF. */
export const CATALOG_PROMOTIONS: readonly CatalogPromotion[] = [
  {
    code: 'WELCOME10',
    couponId: 'WELCOME10',
    name: '10% off for 3 months',
    percentOff: 10,
    amountOff: null,
    duration: 'repeating',
    durationInMonths: 3,
  },
  {
    code: 'FIVEOFF',
    couponId: 'FIVEOFF',
    name: '$5 off',
    percentOff: null,
    amountOff: 500,
    duration: 'once',
    durationInMonths: null,
  },
];

/** What happens when a test card is attached, set up or charged. */
export type CardBehaviour =
  | 'succeeds'
  | 'declined'
  | 'insufficient_funds'
  /** Attaching succeeds, every charge is declined (Stripe's 4000 0000 0000 0341). */
  | 'charge_declined';

/** A Stripe test card: its number, brand, the tokens and PaymentMethod ids that stand for it. */
export interface TestCard {
  number: string;
  brand: 'visa' | 'mastercard' | 'amex' | 'discover';
  behaviour: CardBehaviour;
  /** Test tokens (`card[token]`) that stand for the card. */
  tokens: string[];
  /** Test PaymentMethod ids (`pm_card_visa`) that make a fresh card when attached or used. */
  paymentMethods: string[];
}

/** Stripe's test cards that the sandbox knows (docs.stripe.com/testing). */
export const TEST_CARDS: readonly TestCard[] = [
  {
    number: '4242424242424242',
    brand: 'visa',
    behaviour: 'succeeds',
    tokens: ['tok_visa'],
    paymentMethods: ['pm_card_visa'],
  },
  {
    number: '5555555555554444',
    brand: 'mastercard',
    behaviour: 'succeeds',
    tokens: ['tok_mastercard'],
    paymentMethods: ['pm_card_mastercard'],
  },
  {
    number: '4000000000000002',
    brand: 'visa',
    behaviour: 'declined',
    tokens: ['tok_chargeDeclined'],
    paymentMethods: ['pm_card_chargeDeclined'],
  },
  {
    number: '4000000000009995',
    brand: 'visa',
    behaviour: 'insufficient_funds',
    tokens: ['tok_chargeDeclinedInsufficientFunds'],
    paymentMethods: ['pm_card_chargeDeclinedInsufficientFunds'],
  },
  {
    number: '4000000000000341',
    brand: 'visa',
    behaviour: 'charge_declined',
    tokens: ['tok_chargeCustomerFail'],
    paymentMethods: ['pm_card_chargeCustomerFail'],
  },
];
