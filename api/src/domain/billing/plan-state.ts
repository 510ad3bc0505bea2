import type { UserRow } from '../../db/types';
import type { Plan } from '../../repositories/plans';
import type { Repositories } from '../../repositories';
import { freePlanIdFor } from '../../repositories/plans';
import { planUsage, type PlanUsage } from './usage';

/** What GET /subscription-monitor (and GET /viewer's `subscription`) answers. */
export interface PlanState {
  plan: Plan | null;
  isHavePaymentMethod: boolean;
  usage: PlanUsage | null;
}

/**
 * The user's current plan, whether they have a card and their orders against the plan's limit,
 * from the database only (the default card's id is kept in step by the card routes: no Stripe
 * call). With `freeSubAutoCreate`, a user without a plan is first given their role's free plan
 * (the onboarding iframe's join).
 */
export async function planStateOf(
  repos: Repositories,
  user: UserRow,
  freeSubAutoCreate: boolean,
): Promise<PlanState> {
  let plan = await repos.plans.current(user.id);
  if (!plan && freeSubAutoCreate) {
    plan = await repos.plans.subscribeIfNone(user.id, freePlanIdFor(user.user_role));
  }
  const [isHavePaymentMethod, usage] = await Promise.all([
    repos.billing.hasPaymentMethod(user.id),
    plan ? planUsage(repos, user.id, plan) : null,
  ]);
  return { plan, isHavePaymentMethod, usage };
}
