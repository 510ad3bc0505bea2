// Sample plans, cards and promotion codes, and an in-memory fake of the billing api that
// answers as the issue-11 contract says, for the component tests.
import { createFakeApi, type FakeResponse, type RecordedRequest } from '@pos/shared/testing';
import type { BillingDetailsUpdate, Card, Discount, Plan, PlanUsage } from './types';

export { createFakeApi, type FakeResponse, type RecordedRequest };

/** A plan as GET /subscription-plans lists it; `overrides` change any field. */
export function samplePlan(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 'plan_basics',
    name: 'Basics',
    accessType: 'public',
    roleType: 'manager',
    isFree: false,
    isManagerPlan: true,
    perMonth: 19,
    upTo: 1000,
    included: 100,
    perExcess: 0.05,
    cancelDate: null,
    pastDueInvoices: [],
    ...overrides,
  };
}

/** The api's catalogue (api/src/db/plans.ts), with the private plan offered to the viewer. */
export const trialPlan = samplePlan({
  id: 'plan_trial',
  name: 'Trial',
  isFree: true,
  perMonth: 0,
  upTo: 50,
  included: 50,
  perExcess: 0,
});
export const basicsPlan = samplePlan();
export const cloudPosPlan = samplePlan({
  id: 'plan_cloud_pos',
  name: 'Cloud POS',
  perMonth: 29,
  upTo: 2000,
  included: 300,
});
export const plusPlan = samplePlan({
  id: 'plan_plus',
  name: 'Plus',
  perMonth: 39,
  upTo: 3000,
  included: 500,
  perExcess: 0.04,
});
export const proPlan = samplePlan({
  id: 'plan_pro',
  name: 'Pro',
  perMonth: 79,
  upTo: null,
  included: 2000,
  perExcess: 0.03,
});
export const cashierPlan = samplePlan({
  id: 'plan_cashier',
  name: 'Cashier',
  roleType: 'cashier',
  isFree: true,
  isManagerPlan: false,
  perMonth: 0,
  upTo: null,
  included: 0,
  perExcess: 0,
});
export const privatePlan = samplePlan({
  id: 'plan_private',
  name: 'Private',
  accessType: 'private',
  perMonth: 149,
  upTo: null,
  included: 5000,
  perExcess: 0.02,
});
export const allPlans: Plan[] = [
  trialPlan,
  basicsPlan,
  cloudPosPlan,
  plusPlan,
  proPlan,
  cashierPlan,
  privatePlan,
];

/** A saved card as GET /payment-methods lists it. */
export function sampleCard(overrides: Partial<Card> = {}): Card {
  return {
    id: 'pm_visa',
    brand: 'visa',
    last4: '4242',
    funding: 'credit',
    expMonth: 12,
    expYear: 2030,
    isDefaultPM: true,
    services: [],
    billingDetails: {
      name: 'Maya Manager',
      address: {
        line1: '1 Roastery Lane',
        line2: null,
        city: 'Portland',
        state: 'OR',
        country: 'US',
      },
    },
    ...overrides,
  };
}

/** The demo promotion codes of the payments sandbox. */
export const welcome10: Discount = {
  type: 'percent',
  value: 10,
  duration: 3,
  code: 'WELCOME10',
  promoCodeId: 'promo_welcome10',
  planId: 'plan_pro',
  info: '10% off for 3 months',
};
export const fiveOff: Discount = {
  type: 'fixed',
  value: 5,
  duration: 1,
  code: 'FIVEOFF',
  promoCodeId: 'promo_fiveoff',
  planId: 'plan_pro',
  info: '$5 off once',
};

/** The card a fake Stripe.js makes from the typed card (see testing/fakeStripe). */
export const newCardFromStripe = (id: string): Card =>
  sampleCard({ id, last4: '4444', brand: 'mastercard', funding: 'debit', isDefaultPM: false });

/**
 * An in-memory billing api: the viewer's plan, the plans, saved cards and promotion codes,
 * changed by the calls as the api would. `overrides` answers a request first when it returns.
 */
export function createFakeBillingApi({
  plan = trialPlan,
  plans = allPlans,
  cards = [],
  promoCodes = [welcome10, fiveOff],
  activePromo = null,
  usage = null,
  overrides,
}: {
  plan?: Plan | null;
  /** The plan's usage GET /subscription-monitor answers (none by default). */
  usage?: PlanUsage | null;
  plans?: Plan[];
  cards?: Card[];
  promoCodes?: Discount[];
  activePromo?: Discount | null;
  overrides?: (
    request: RecordedRequest,
  ) => FakeResponse | undefined | Promise<FakeResponse | undefined>;
} = {}) {
  const state = { plan, cards: cards.map((card) => ({ ...card })) };
  const fake = createFakeApi(async (request) => {
    const answer = await overrides?.(request);
    if (answer) return answer;
    const { method, url } = request;
    const body = (request.body ?? {}) as Record<string, unknown>;
    if (method === 'GET' && url === 'subscription-monitor') {
      return {
        status: 200,
        data: { plan: state.plan, isHavePaymentMethod: state.cards.length > 0, usage },
      };
    }
    if (method === 'GET' && url === 'subscription-plans') return { status: 200, data: { plans } };
    if (method === 'POST' && url === 'subscription') {
      const target = plans.find((candidate) => candidate.id === body.planId);
      if (!target) return { status: 404, data: { message: 'Plan not found' } };
      if (!target.isFree && state.cards.length === 0) {
        return {
          status: 400,
          data: { message: 'Add a payment method to subscribe to a paid plan.' },
        };
      }
      const current = state.plan;
      if (target.isFree && current && !current.isFree) {
        state.plan = { ...current, cancelDate: '2026-12-25T00:00:00.000Z' };
        return { status: 200, data: { subStatus: 'updated', plan: state.plan } };
      }
      state.plan = target;
      return { status: 200, data: { subStatus: current ? 'updated' : 'active', plan: target } };
    }
    if (method === 'GET' && url === 'payment-methods') {
      return { status: 200, data: { cards: state.cards } };
    }
    if (method === 'POST' && url === 'payment-method') {
      if (state.cards.length >= 2) {
        return { status: 409, data: { message: 'You can save at most 2 cards.' } };
      }
      const card = {
        ...newCardFromStripe(String(body.paymentMethodId)),
        isDefaultPM: state.cards.length === 0,
      };
      state.cards.push(card);
      return { status: 200, data: { card } };
    }
    if (method === 'PUT' && url === 'payment-method') {
      const index = state.cards.findIndex((card) => card.id === body.paymentMethodId);
      if (index < 0) return { status: 404, data: { message: 'Card not found' } };
      const details = body.billingDetails as BillingDetailsUpdate | undefined;
      if (details) {
        const { line1, line2 = null, city, state: region, country } = details.address;
        state.cards[index] = {
          ...state.cards[index]!,
          billingDetails: {
            name: details.name,
            address: { line1, line2, city, state: region, country },
          },
        };
      } else {
        state.cards = state.cards.map((card, at) => ({ ...card, isDefaultPM: at === index }));
      }
      return { status: 200, data: { card: state.cards[index] } };
    }
    const removed = /^payment-methods\/(.+)$/.exec(url);
    if (method === 'DELETE' && removed) {
      const card = state.cards.find((candidate) => candidate.id === removed[1]);
      if (!card) return { status: 404, data: { message: 'Card not found' } };
      if (card.services.length > 0) {
        return {
          status: 409,
          data: { message: 'This card is used by a subscription and cannot be deleted.' },
        };
      }
      state.cards = state.cards.filter((candidate) => candidate !== card);
      return { status: 204 };
    }
    if (method === 'GET' && url === 'promotion-code/active') {
      const promo = activePromo?.planId === request.params.planId ? activePromo : null;
      return {
        status: 200,
        data: { status: promo ? 'success' : 'none', message: null, promo },
      };
    }
    if (method === 'POST' && url === 'promotion-code') {
      const promo = promoCodes.find((candidate) => candidate.code === body.promoCode);
      return {
        status: 200,
        data: promo
          ? { status: 'success', message: null, promo: { ...promo, planId: body.planId } }
          : { status: 'error', message: 'This promo code is not valid.', promo: null },
      };
    }
    return { status: 404, data: { message: `No fake route for ${method} ${url}` } };
  });
  return { ...fake, state };
}
