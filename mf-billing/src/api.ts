import type { AxiosInstance } from 'axios';
import type {
  BillingDetailsUpdate,
  Card,
  Plan,
  PlanState,
  PromoAnswer,
  SubscribeAnswer,
} from './types';
import { billingApiPaths } from './urls';

/** GET /subscription-monitor: the viewer's plan (null before the first) and whether they have a card. */
export async function fetchPlanState(api: AxiosInstance, signal?: AbortSignal): Promise<PlanState> {
  const { data } = await api.get<PlanState>(billingApiPaths.subscriptionMonitor, { signal });
  return {
    plan: data.plan ?? null,
    isHavePaymentMethod: data.isHavePaymentMethod === true,
    usage: data.usage ?? null,
  };
}

/** GET /subscription-plans: the plans the viewer may choose, public and private ones. */
export async function fetchPlans(api: AxiosInstance, signal?: AbortSignal): Promise<Plan[]> {
  const { data } = await api.get<{ plans?: Plan[] }>(billingApiPaths.subscriptionPlans, {
    signal,
  });
  return data.plans ?? [];
}

/**
 * POST /subscription: subscribes to `planId` (a paid one with the default card), with the
 * promotion code applied first; the free manager plan cancels a paid one at the end of the period.
 */
export async function subscribe(
  api: AxiosInstance,
  planId: string,
  promoCodeId: string | null,
): Promise<SubscribeAnswer> {
  const { data } = await api.post<SubscribeAnswer>(billingApiPaths.subscription, {
    planId,
    promoCodeId,
  });
  return data;
}

/** GET /payment-methods: the viewer's saved cards (at most 2). */
export async function fetchCards(api: AxiosInstance, signal?: AbortSignal): Promise<Card[]> {
  const { data } = await api.get<{ cards?: Card[] }>(billingApiPaths.paymentMethods, { signal });
  return data.cards ?? [];
}

/** POST /payment-method: attaches the pm_ Stripe.js made in the browser; the first is the default. */
export async function attachCard(api: AxiosInstance, paymentMethodId: string): Promise<Card> {
  const { data } = await api.post<{ card: Card }>(billingApiPaths.paymentMethod, {
    paymentMethodId,
  });
  return data.card;
}

/** PUT /payment-method with billingDetails: the card's name on invoice and address. */
export async function updateBillingDetails(
  api: AxiosInstance,
  paymentMethodId: string,
  billingDetails: BillingDetailsUpdate,
): Promise<Card> {
  const { data } = await api.put<{ card: Card }>(billingApiPaths.paymentMethod, {
    paymentMethodId,
    billingDetails,
  });
  return data.card;
}

/** PUT /payment-method with the card alone: it becomes the default card. */
export async function makeDefaultCard(api: AxiosInstance, paymentMethodId: string): Promise<Card> {
  const { data } = await api.put<{ card: Card }>(billingApiPaths.paymentMethod, {
    paymentMethodId,
  });
  return data.card;
}

/** DELETE /payment-methods/{id}: only a card no subscription uses. */
export async function deleteCard(api: AxiosInstance, paymentMethodId: string): Promise<void> {
  await api.delete(billingApiPaths.deletePaymentMethod(paymentMethodId));
}

/** GET /promotion-code/active: the discount already on the viewer's subscription of the plan. */
export async function fetchActivePromo(
  api: AxiosInstance,
  planId: string,
  signal?: AbortSignal,
): Promise<PromoAnswer> {
  const { data } = await api.get<PromoAnswer>(billingApiPaths.activePromotionCode, {
    params: { planId },
    signal,
  });
  return data;
}

/** POST /promotion-code: checks a code for the plan; an unusable one is status 'error'. */
export async function verifyPromoCode(
  api: AxiosInstance,
  promoCode: string,
  planId: string,
): Promise<PromoAnswer> {
  const { data } = await api.post<PromoAnswer>(billingApiPaths.promotionCode, {
    promoCode,
    planId,
  });
  return data;
}
