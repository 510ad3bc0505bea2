// The plan rules of spec 4 and 9, as pure functions: what a plan card and the subscribe button
// say, the tile texts, feature lines, cloud order lines, colours, prices and discounts.
import dayjs from 'dayjs';
import {
  BASICS_FEATURES,
  CARD_LABELS,
  MOST_POPULAR,
  PLAN_JUST_FOR_YOU,
  PRO_FEATURES,
  SERVICE_PAUSES,
  SUBSCRIBE_LABELS,
  UNLIMITED,
  cloudOrdersFree,
  cloudOrdersPerMonth,
  eachCloudOrder,
  freeOrders,
  ordersIncluded,
  perExtraOver,
  planEndsOn,
  recurringDiscount,
} from './texts';
import type { Discount, Plan, SubscriptionStatus } from './types';

const usd = (fractionDigits: number) =>
  new Intl.NumberFormat('en-US', {
    style: 'currency',
    currency: 'USD',
    minimumFractionDigits: fractionDigits,
    maximumFractionDigits: fractionDigits,
  });
const wholeDollars = usd(0);
const withCents = usd(2);

/** Rounds to whole cents (the smallest amount Stripe charges in USD). */
export const roundCents = (amount: number): number => Math.round(amount * 100) / 100;

/**
 * A price in USD (spec 9): whole dollars without cents ('$19'), otherwise with them ('$0.05',
 * '$17.10').
 */
export function formatUsd(amount: number): string {
  const cents = Math.round(amount * 100);
  return cents % 100 === 0 ? wholeDollars.format(cents / 100) : withCents.format(cents / 100);
}

/** An amount billed, always with its cents ('$0.50', '$0.00'): a running total of excess. */
export function formatUsdCents(amount: number): string {
  return withCents.format(roundCents(amount));
}

/** The colour family of a plan by its name (spec 9); other names (private plans) are Pro's. */
export type PlanTone = 'trial' | 'basics' | 'plus' | 'pro' | 'pos-user';

/** Spec 9: Trial, Basics, the cloud POS plan or Plus, Pro, POS User (the cashier's plan). */
export function planTone(plan: Pick<Plan, 'name' | 'roleType'>): PlanTone {
  const name = plan.name.trim().toLowerCase();
  if (name === 'trial') return 'trial';
  if (name === 'basics') return 'basics';
  if (name === 'plus' || name === 'cloud pos') return 'plus';
  if (plan.roleType === 'cashier' || name === 'cashier' || name === 'pos user') return 'pos-user';
  return 'pro';
}

/** Spec 9: the tile's orders line: upTo for a free plan, the included orders otherwise. */
export function ordersIncludedText(plan: Plan): string | null {
  const count = plan.isFree ? plan.upTo : plan.included;
  return count === null ? null : ordersIncluded(count);
}

/** Spec 9: what happens past the included orders: a free plan pauses, a paid one charges. */
export function overLimitText(plan: Plan): string {
  return plan.isFree ? SERVICE_PAUSES : perExtraOver(formatUsd(plan.perExcess));
}

/** Spec 9: the free manager plan's line, 'You get {upTo} orders free'; null for other plans. */
export function freeOrdersText(plan: Plan): string | null {
  return plan.isFree && plan.isManagerPlan && plan.upTo !== null ? freeOrders(plan.upTo) : null;
}

/** Spec 9: the feature lines of Basics, and of Pro and private plans; none for the others. */
export function planFeatures(plan: Plan): readonly string[] {
  if (plan.name === 'Basics') return BASICS_FEATURES;
  if (plan.name === 'Pro' || plan.accessType === 'private') return PRO_FEATURES;
  return [];
}

/**
 * Spec 9: the cloud POS order lines of a paid manager plan: the free cloud orders, the price of
 * each one over them, and the monthly cap (or 'Unlimited').
 */
export function cloudOrderLines(plan: Plan): string[] {
  if (plan.isFree || !plan.isManagerPlan) return [];
  return [
    cloudOrdersFree(plan.included),
    eachCloudOrder(formatUsd(plan.perExcess)),
    plan.upTo === null ? UNLIMITED : cloudOrdersPerMonth(plan.upTo),
  ];
}

/** Spec 4: the badge at the top of a card: Pro is 'Most Popular', a private plan is just for you. */
export function planBadge(plan: Plan): string | null {
  if (plan.accessType === 'private') return PLAN_JUST_FOR_YOU;
  if (plan.name === 'Pro') return MOST_POPULAR;
  return null;
}

/** The viewer's side of the plan rules. */
export interface PlanViewer {
  /** The viewer's plan now (GET /subscription-monitor), or null before the first one. */
  currentPlan: Plan | null;
  /** The plan chosen on the page, if any. */
  selectedPlanId: string | null;
  isManager: boolean;
}

/** What a plan card's button says, and whether it can be pressed (spec 4). */
export interface PlanCardAction {
  label: (typeof CARD_LABELS)[keyof typeof CARD_LABELS];
  disabled: boolean;
}

/**
 * Spec 4, in its order: the active plan is 'Your Plan'; the free plan a pending cancel leads to
 * is 'Pending Free Plan' (disabled); a manager on a paid plan sees the free manager plan as
 * 'Downgrade to Free'; the chosen plan is 'Selected'; any other 'Select'.
 */
export function planCardAction(plan: Plan, viewer: PlanViewer): PlanCardAction {
  const current = viewer.currentPlan;
  if (current?.id === plan.id) return { label: CARD_LABELS.yourPlan, disabled: false };
  const freeManagerPlan = plan.isFree && plan.isManagerPlan;
  if (freeManagerPlan && current && !current.isFree && current.cancelDate) {
    return { label: CARD_LABELS.pendingFree, disabled: true };
  }
  if (freeManagerPlan && viewer.isManager && current && !current.isFree) {
    return { label: CARD_LABELS.downgrade, disabled: false };
  }
  if (viewer.selectedPlanId === plan.id) return { label: CARD_LABELS.selected, disabled: false };
  return { label: CARD_LABELS.select, disabled: false };
}

/** How a pending end of the plan is written: 'March 5, 2026'. */
export const formatPlanDate = (date: string): string => dayjs(date).format('MMMM D, YYYY');

/**
 * Spec 4: the active plan with a cancelDate ends then: 'Expires Soon' and 'Plan set to end on
 * {date}'. Null for any other card.
 */
export function planEnding(plan: Plan, currentPlan: Plan | null): string | null {
  if (currentPlan?.id !== plan.id || !currentPlan.cancelDate) return null;
  return planEndsOn(formatPlanDate(currentPlan.cancelDate));
}

/**
 * Spec 4: the subscribe button. No plan yet: 'Subscribe'. Another plan: 'Cancel' when a manager
 * chooses the free plan (it cancels at the end of the period), else 'Subscribe to Plan'. The same
 * plan: 'Update Subscription'.
 */
export function subscribeLabel(
  currentPlan: Plan | null,
  target: Plan,
  isManager: boolean,
): (typeof SUBSCRIBE_LABELS)[keyof typeof SUBSCRIBE_LABELS] {
  if (!currentPlan) return SUBSCRIBE_LABELS.subscribe;
  if (currentPlan.id === target.id) return SUBSCRIBE_LABELS.update;
  if (target.isFree && isManager) return SUBSCRIBE_LABELS.cancel;
  return SUBSCRIBE_LABELS.subscribeToPlan;
}

/** Spec 4: active, trialing and updated are a subscribe that worked. */
export function isSubscribeSuccess(status: SubscriptionStatus): boolean {
  return status === 'active' || status === 'trialing' || status === 'updated';
}

/**
 * Whether subscribing turns the viewer into a manager (spec 5): a non-manager choosing a
 * manager plan; they are warned first, as it cannot be reversed.
 */
export function becomesManager(target: Plan, isManager: boolean): boolean {
  return !isManager && target.isManagerPlan;
}

/**
 * Spec 9: the month's total after a discount: a fixed discount takes its USD off (never below
 * 0), a percent one its share; to whole cents.
 */
export function discountedTotal(perMonth: number, discount: Discount | null): number {
  if (!discount) return roundCents(perMonth);
  if (discount.type === 'fixed') return Math.max(0, roundCents(perMonth - discount.value));
  return Math.max(0, roundCents(perMonth * (1 - discount.value / 100)));
}

/** What a discount takes off, as shown beside the code: '-$5' or '-10%'. */
export function discountText(discount: Discount): string {
  return discount.type === 'fixed' ? `-${formatUsd(discount.value)}` : `-${discount.value}%`;
}

/** Spec 9: 'Recurring discount valid for {n} billing periods' when it lasts more than one. */
export function recurringDiscountText(discount: Discount | null): string | null {
  return discount && discount.duration > 1 ? recurringDiscount(discount.duration) : null;
}

/** The non-managers' toggle (spec 2.7): POS (manager) plans or shared access (cashier) ones. */
export type PlanAccess = 'pos' | 'shared';

/**
 * The plans a card is shown for: managers see the manager plans; non-managers those of the
 * toggle's side. The order is the api's.
 */
export function visiblePlans(plans: Plan[], isManager: boolean, access: PlanAccess): Plan[] {
  const wantManagerPlans = isManager || access === 'pos';
  return plans.filter((plan) => plan.isManagerPlan === wantManagerPlans);
}

/** The toggle's first side for a non-manager: the side of their plan, else shared access. */
export function initialAccess(currentPlan: Plan | null): PlanAccess {
  return currentPlan?.isManagerPlan ? 'pos' : 'shared';
}
