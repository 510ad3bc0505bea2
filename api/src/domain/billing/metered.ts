import type { FastifyBaseLogger } from 'fastify';
import type { Repositories } from '../../repositories';
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
 * Reports the excess orders of paid plans (the live orders of this UTC month beyond the plan's
 * `included`, in creation order) to Stripe as Billing Meter events, once per order:
 *  - each excess order gets one usage_reports row (the order id is its key), so finding it
 *    again adds nothing;
 *  - rows are claimed in a transaction (FOR UPDATE SKIP LOCKED on PostgreSQL) with a lease, so
 *    two api instances never send the same row at once;
 *  - the meter event's `identifier` is the order id, which Stripe dedupes, so a report whose
 *    answer was lost (the instance died before marking it) is not counted twice when retried;
 *  - a refused or failed call leaves the row pending with its error, due again after a backoff.
 */
export async function reportExcessUsage(
  repos: Repositories,
  stripe: Stripe,
  log: FastifyBaseLogger,
  now = new Date(),
  batch = 100,
): Promise<UsageReportRun> {
  const at = now.toISOString();
  const queued = await repos.usage.enqueueExcess(monthStartOf(now), at);
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
        identifier: `order_${report.orderId}`,
        // Billed in the period the order was made in.
        timestamp: Math.floor(Date.parse(report.orderCreatedAt) / 1000),
      });
      await repos.usage.markReported(report.orderId, new Date().toISOString());
      reported += 1;
    } catch (error) {
      // Stripe already has this identifier: an earlier try got through before its answer was lost.
      if (stripeErrorOf(error)?.code === 'resource_already_exists') {
        await repos.usage.markReported(report.orderId, new Date().toISOString());
        reported += 1;
        continue;
      }
      failed += 1;
      const message = error instanceof Error ? error.message : String(error);
      await repos.usage.markFailed(
        report.orderId,
        message,
        new Date(Date.now() + retryDelayMs(report.attempts)).toISOString(),
      );
      log.warn(
        {
          orderId: report.orderId,
          userId: report.userId,
          attempts: report.attempts + 1,
          err: message,
        },
        'excess order not reported as metered usage; tried again later',
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
