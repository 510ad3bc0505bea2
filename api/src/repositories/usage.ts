import type { Kysely } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../db';
import type { Database } from '../db/types';

/** A pending excess order claimed for reporting, with what the meter event needs. */
export interface ClaimedReport {
  orderId: string;
  userId: string;
  orderCreatedAt: string;
  /** The owner's Stripe customer (cus_…); null when they have none (nothing to bill). */
  stripeCustomerId: string | null;
  attempts: number;
}

/** Orders counted against plan limits, and the outbox of excess orders to report. */
export class UsageRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /**
   * How many live (not deleted) orders the applications of `userId` have, created at or after
   * `since` (ISO 8601 UTC) or over all time when `since` is null. The literal `deleted = 0`
   * matches the partial index orders_live_created_idx, so the count reads that index only.
   */
  async ordersOf(userId: string, since: string | null): Promise<number> {
    let query = this.db
      .selectFrom('orders as o')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where(
        'o.application_id',
        'in',
        this.db.selectFrom('applications').select('id').where('user_id', '=', userId),
      )
      .where(sql<boolean>`o.deleted = 0`);
    if (since !== null) query = query.where('o.created_at', '>=', since);
    const row = await query.executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Adds to the outbox every live order of this month (from `monthStart`) that is beyond the
   * `included` orders of its owner's paid plan, in creation order; orders already there are
   * left as they are (the order id is the key), so each is reported at most once. `userId`
   * limits it to one owner. Returns how many rows were added.
   */
  async enqueueExcess(monthStart: string, now: string, userId?: string): Promise<number> {
    const owner = userId === undefined ? sql`` : sql`and a.user_id = ${userId}`;
    // First the owners on a paid plan whose month is over `included` (an index-only count per
    // application), then the ranking of those owners' orders only: most owners stay within.
    const result = await sql`
      with over as (
        select a.user_id, p.included
        from orders o
        join applications a on a.id = o.application_id
        join subscriptions s on s.user_id = a.user_id
        join plans p on p.id = s.plan_id
        where p.is_free = 0 and o.deleted = 0 and o.created_at >= ${monthStart} ${owner}
        group by a.user_id, p.included
        having count(*) > p.included
      )
      insert into usage_reports (order_id, user_id, order_created_at, created_at, attempts, next_attempt_at)
      select ranked.id, ranked.user_id, ranked.created_at, ${now}, 0, ${now}
      from (
        select o.id, a.user_id, o.created_at, over.included,
          row_number() over (partition by a.user_id order by o.created_at, o.id) as n
        from orders o
        join applications a on a.id = o.application_id
        join over on over.user_id = a.user_id
        where o.deleted = 0 and o.created_at >= ${monthStart}
      ) ranked
      where ranked.n > ranked.included
      on conflict (order_id) do nothing
    `.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /**
   * Claims up to `limit` pending reports that are due (`next_attempt_at` ≤ now) by moving
   * their `next_attempt_at` to `leaseUntil`, in one transaction: on PostgreSQL the rows are
   * read `FOR UPDATE SKIP LOCKED`, so two instances never claim the same row; SQLite runs
   * one writer at a time. A claim that is never settled (the instance died) is due again
   * after its lease.
   */
  claimDue(now: string, leaseUntil: string, limit: number): Promise<ClaimedReport[]> {
    return this.db.transaction().execute(async (trx) => {
      let pick = trx
        .selectFrom('usage_reports')
        .select('order_id')
        .where('reported_at', 'is', null)
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(limit);
      if (this.dialect === 'postgres') pick = pick.forUpdate().skipLocked();
      const ids = (await pick.execute()).map((r) => r.order_id);
      if (ids.length === 0) return [];
      await trx
        .updateTable('usage_reports')
        .set({ next_attempt_at: leaseUntil })
        .where('order_id', 'in', ids)
        .execute();
      const rows = await trx
        .selectFrom('usage_reports as r')
        .leftJoin('billing_customers as c', 'c.user_id', 'r.user_id')
        .select([
          'r.order_id',
          'r.user_id',
          'r.order_created_at',
          'r.attempts',
          'c.stripe_customer_id',
        ])
        .where('r.order_id', 'in', ids)
        .orderBy('r.order_created_at')
        .execute();
      return rows.map((r) => ({
        orderId: r.order_id,
        userId: r.user_id,
        orderCreatedAt: r.order_created_at,
        stripeCustomerId: r.stripe_customer_id ?? null,
        attempts: Number(r.attempts),
      }));
    });
  }

  /** Marks a claimed report as taken by the payments provider. */
  async markReported(orderId: string, now: string): Promise<void> {
    await this.db
      .updateTable('usage_reports')
      .set({ reported_at: now, last_error: null })
      .where('order_id', '=', orderId)
      .execute();
  }

  /** Leaves a claimed report pending after a failure, due again at `retryAt`. */
  async markFailed(orderId: string, error: string, retryAt: string): Promise<void> {
    await this.db
      .updateTable('usage_reports')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        last_error: error.slice(0, 500),
        next_attempt_at: retryAt,
      }))
      .where('order_id', '=', orderId)
      .where('reported_at', 'is', null)
      .execute();
  }

  /** The outbox rows of a user (oldest order first): what was reported and what is pending. */
  async reportsOf(userId: string): Promise<
    {
      orderId: string;
      reportedAt: string | null;
      attempts: number;
      lastError: string | null;
    }[]
  > {
    const rows = await this.db
      .selectFrom('usage_reports')
      .select(['order_id', 'reported_at', 'attempts', 'last_error'])
      .where('user_id', '=', userId)
      .orderBy('order_created_at')
      .orderBy('order_id')
      .execute();
    return rows.map((r) => ({
      orderId: r.order_id,
      reportedAt: r.reported_at,
      attempts: Number(r.attempts),
      lastError: r.last_error,
    }));
  }
}
