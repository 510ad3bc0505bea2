import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Repositories } from '../../repositories';
import type { UsageKey } from '../../repositories/usage';
import type { Stripe } from '../../services/payments';
import { stripeErrorOf } from '../../services/payments';
import { monthStartOf } from './usage';

/**
 * The `event_name` of the Stripe Billing Meter that counts excess orders: the account has a
 * meter with this event name (customer mapping `stripe_customer_id`, value key `value`, sum),
 * and each paid plan's subscription a metered price on it at the plan's `perExcess`.
 */
export const EXCESS_ORDERS_EVENT = 'cloud_pos_excess_orders';

/** How long a claimed report belongs to the instance that claimed it. */
const LEASE_MS = 60_000;

/** The wait before a failed report is tried again: 1, 2, 4 … minutes, at most an hour. */
export function retryDelayMs(attempts: number): number {
  return Math.min(60 * 60_000, 60_000 * 2 ** Math.min(attempts, 6));
}

/** What one reporter run did. */
export interface UsageReportRun {
  /** Excess orders newly found and queued. */
  queued: number;
  reported: number;
  failed: number;
}

/**
 * How long into a month the previous month is still scanned for excess: orders of its last
 * days that arrive late (a reconcile catching a lost delivery) are still billed. Stripe takes
 * meter events up to 35 days old, so the oldest order of a 31-day month is still accepted at
 * the end of this window.
 */
export const PREVIOUS_MONTH_GRACE_MS = 3 * 86_400_000;

/** The identifier of an excess order's meter event, which Stripe dedupes: one per store order. */
export function meterEventIdentifier(key: UsageKey): string {
  // The store key is a URL of any length; Stripe allows identifiers of up to 100 characters.
  const store = createHash('sha256').update(key.storeKey).digest('hex').slice(0, 16);
  return `excess_${key.userId}_${store}_${key.storeOrderId}`;
}

/**
 * Whether Stripe refused the event for good: an invalid request (a timestamp out of the
 * meter's window, an unknown customer) fails the same way on every retry. Its own duplicate
 * answer is handled before this.
 */
function refusedForGood(error: unknown): boolean {
  return stripeErrorOf(error)?.type === 'StripeInvalidRequestError';
}

/**
 * Reports the excess orders of paid plans (the live orders of a UTC month since the plan
 * started beyond the plan's `included`) to Stripe as Billing Meter events, once per store
 * order:
 *  - the excess is counted from the usage ledger, which outlives a deleted application, and
 *    each excess order gets one usage_reports row keyed by (owner, store, store order id), so
 *    a store reconnected under a new application reports nothing again;
 *  - during the first {@link PREVIOUS_MONTH_GRACE_MS} of a month the previous month is counted
 *    as well, for its orders that arrived late;
 *  - rows are claimed in a transaction (FOR UPDATE SKIP LOCKED on PostgreSQL) with a lease, so
 *    two api instances never send the same row at once; a row whose order was deleted since is
 *    skipped then;
 *  - the meter event's `identifier` derives from the row's key, which Stripe dedupes, so a
 *    report whose answer was lost (the instance died before marking it) is not counted twice;
 *  - a failed call leaves the row pending with its error, due again after a backoff; an
 *    invalid request (which no retry fixes) marks it failed, kept with the error, not retried.
 */
export async function reportExcessUsage(
  repos: Repositories,
  stripe: Stripe,
  log: FastifyBaseLogger,
  now = new Date(),
  batch = 100,
): Promise<UsageReportRun> {
  const at = now.toISOString();
  const monthStart = monthStartOf(now);
  const nextMonth = new Date(Date.parse(monthStart));
  nextMonth.setUTCMonth(nextMonth.getUTCMonth() + 1);
  let queued = await repos.usage.enqueueExcess(monthStart, nextMonth.toISOString(), at);
  if (now.getTime() - Date.parse(monthStart) < PREVIOUS_MONTH_GRACE_MS) {
    const previous = new Date(Date.parse(monthStart));
    previous.setUTCMonth(previous.getUTCMonth() - 1);
    queued += await repos.usage.enqueueExcess(previous.toISOString(), monthStart, at);
  }
  const claimed = await repos.usage.claimDue(
    at,
    new Date(now.getTime() + LEASE_MS).toISOString(),
    batch,
  );
  let reported = 0;
  let failed = 0;
  for (const report of claimed) {
    try {
      if (!report.stripeCustomerId) throw new Error('the owner has no Stripe customer');
      await stripe.billing.meterEvents.create({
        event_name: EXCESS_ORDERS_EVENT,
        payload: { stripe_customer_id: report.stripeCustomerId, value: '1' },
        identifier: meterEventIdentifier(report),
        // Billed in the period the order was made in.
        timestamp: Math.floor(Date.parse(report.orderCreatedAt) / 1000),
      });
      await repos.usage.markReported(report, new Date().toISOString());
      reported += 1;
    } catch (error) {
      // Stripe already has this identifier: an earlier try got through before its answer was lost.
      if (stripeErrorOf(error)?.code === 'resource_already_exists') {
        await repos.usage.markReported(report, new Date().toISOString());
        reported += 1;
        continue;
      }
      failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      const final = refusedForGood(error);
      await repos.usage.markFailed(
        report,
        message,
        final ? null : new Date(Date.now() + retryDelayMs(report.attempts)).toISOString(),
      );
      log.warn(
        {
          userId: report.userId,
          storeKey: report.storeKey,
          storeOrderId: report.storeOrderId,
          attempts: report.attempts + 1,
          err: message,
        },
        final
          ? 'excess order refused as metered usage; not tried again'
          : 'excess order not reported as metered usage; tried again later',
      );
    }
  }
  return { queued, reported, failed };
}

/**
 * Runs {@link reportExcessUsage} now and every `intervalMs`; returns the stop function, which
 * cancels the first run if it has not started and waits for a run in progress, so nothing
 * queries a database closed after it.
 */
export function startUsageReportJob(
  repos: Repositories,
  stripe: Stripe,
  log: FastifyBaseLogger,
  intervalMs: number,
): () => Promise<void> {
  let current: Promise<void> | null = null;
  let stopped = false;
  const tick = () => {
    if (current || stopped) return;
    current = reportExcessUsage(repos, stripe, log)
      .then(
        () => undefined,
        (error: Error) => log.error({ err: error.message }, 'metered usage report failed'),
      )
      .finally(() => {
        current = null;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  const first = setImmediate(tick);
  return async () => {
    stopped = true;
    clearInterval(timer);
    clearImmediate(first);
    await current;
  };
}
