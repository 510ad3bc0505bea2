import type { Plan } from '../../repositories/plans';
import type { Repositories } from '../../repositories';

/** An owner's orders against their plan's limit (spec 4 and 9), as subscription-monitor says. */
export interface PlanUsage {
  /** Live orders of the period over all the owner's applications. */
  orders: number;
  /** The plan's `upTo`; null is unlimited. */
  limit: number | null;
  /** A free plan counts every order ever ('total'), a paid plan this calendar month (UTC). */
  period: 'total' | 'month';
  reached: boolean;
  /** The plan's orders included each month: the excess is billed beyond them. */
  included: number;
  /**
   * Orders of a paid plan's month beyond `included` since the plan started (what the meter
   * bills, spec 3 `perExcess`); 0 on a free plan, which pauses instead.
   */
  excess: number;
  /** USD the excess orders cost so far: `excess` × `perExcess`, to the cent. */
  excessAmount: number;
}

/** What a station address shows when the owner's plan is at its limit (spec 4 plan banners). */
export interface PlanPause {
  name: string;
  text: string;
}

/** The first instant (ISO 8601 UTC) of the calendar month of `now`, in UTC. */
export function monthStartOf(now: Date): string {
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1)).toISOString();
}

/**
 * The usage of `plan` by its owner `userId` at `now`. Computed from the orders each time,
 * never stored: a bigger plan, or a new month on a paid plan, lifts the limit at once.
 */
export async function planUsage(
  repos: Repositories,
  userId: string,
  plan: Plan,
  now = new Date(),
): Promise<PlanUsage> {
  const period = plan.isFree ? 'total' : 'month';
  const monthStart = monthStartOf(now);
  const orders = await repos.usage.ordersOf(userId, period === 'total' ? null : monthStart);
  const limit = plan.upTo;
  const excess = plan.isFree ? 0 : await excessOrders(repos, userId, plan, monthStart, orders);
  return {
    orders,
    limit,
    period,
    reached: limit !== null && orders >= limit,
    included: plan.included,
    excess,
    excessAmount: (excess * Math.round(plan.perExcess * 100)) / 100,
  };
}

/**
 * The month's orders beyond `included` as the metered reporter counts them (metered.ts): the
 * orders since the later of the month's start and the plan's start, so a plan taken mid-month
 * counts its own orders only.
 */
async function excessOrders(
  repos: Repositories,
  userId: string,
  plan: Plan,
  monthStart: string,
  monthOrders: number,
): Promise<number> {
  if (plan.perExcess <= 0) return 0;
  const startedAt = (await repos.billing.subscriptionOf(userId))?.planStartedAt ?? null;
  const counted =
    startedAt && startedAt > monthStart
      ? await repos.usage.ordersOf(userId, startedAt)
      : monthOrders;
  return Math.max(0, counted - plan.included);
}

/** The reason a station of a paused owner gives, by the kind of plan (spec 4 banner titles). */
export function pauseOf(usage: PlanUsage): PlanPause | null {
  if (!usage.reached || usage.limit === null) return null;
  const stations = 'so the stations of this account are paused until a bigger plan is chosen.';
  return usage.period === 'total'
    ? {
        name: 'Trial Ended',
        text: `The free trial has reached its limit of ${usage.limit} orders, ${stations}`,
      }
    : {
        name: 'POINT OF SALE SERVICE PAUSED',
        text: `This month's ${usage.limit} orders of the plan are used, ${stations}`,
      };
}

/**
 * Whether the stations of `ownerId`'s applications are paused because their plan is at its
 * limit: the one rule the cloud POS addresses apply, for the owner and for every user the
 * store shares a station with. Null when they may open.
 */
export async function ownerPause(
  repos: Repositories,
  ownerId: string,
  now = new Date(),
): Promise<PlanPause | null> {
  // Not `current`: an owner without a subscription row is on their role's free plan all the same.
  const plan = await repos.plans.effective(ownerId);
  if (!plan || plan.upTo === null) return null;
  return pauseOf(await planUsage(repos, ownerId, plan, now));
}
