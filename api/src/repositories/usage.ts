import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../db';
import type { Database, UsageReportStatus } from '../db/types';

/** One store order of an owner, as the ledger and the outbox key it. */
export interface UsageKey {
  userId: string;
  /** The application's normalised home URL (`home_url_key`): the same store after a reconnect. */
  storeKey: string;
  storeOrderId: number;
}

/** A pending excess order claimed for reporting, with what the meter event needs. */
export interface ClaimedReport extends UsageKey {
  orderCreatedAt: string;
  /** The owner's Stripe customer (cus_…); null when they have none (nothing to bill). */
  stripeCustomerId: string | null;
  attempts: number;
}

/** An outbox row as {@link UsageRepository.reportsOf} answers it. */
export interface UsageReport {
  storeKey: string;
  storeOrderId: number;
  orderCreatedAt: string;
  status: UsageReportStatus;
  reportedAt: string | null;
  attempts: number;
  lastError: string | null;
}

/**
 * Writes a store order's line of the usage ledger in the transaction `trx` of the order's own
 * change: a new or updated order (`deleted` false) is live with its created time, a deleted
 * one is marked. Keyed on the owner and the store's home URL rather than the application, so
 * it outlives a deleted application and a reconnected store finds its orders already there.
 */
export async function recordUsage(
  trx: Transaction<Database>,
  applicationId: string,
  storeOrderId: number,
  change: { createdAt: string; deleted: false } | { createdAt: string; deleted: true },
): Promise<void> {
  await trx
    .insertInto('usage_ledger')
    .columns(['user_id', 'store_key', 'store_order_id', 'created_at', 'deleted'])
    .expression((eb) =>
      eb
        .selectFrom('applications')
        .select([
          'user_id',
          'home_url_key',
          eb.val(storeOrderId).as('store_order_id'),
          eb.val(change.createdAt).as('created_at'),
          eb.val(change.deleted ? 1 : 0).as('deleted'),
        ])
        .where('id', '=', applicationId),
    )
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'store_key', 'store_order_id'])
        .doUpdateSet(
          change.deleted
            ? { deleted: 1 }
            : { deleted: 0, created_at: (eb) => eb.ref('excluded.created_at') },
        ),
    )
    .execute();
}

/** Orders counted against plan limits, and the outbox of excess orders to report. */
export class UsageRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /**
   * How many live (not deleted) orders `userId` has had in the ledger, created at or after
   * `since` (ISO 8601 UTC) or over all time when `since` is null: the orders of applications
   * deleted since count as well. The literal `deleted = 0` matches the partial index
   * usage_ledger_live_idx, so the count reads that index only.
   */
  async ordersOf(userId: string, since: string | null): Promise<number> {
    let query = this.db
      .selectFrom('usage_ledger as l')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('l.user_id', '=', userId)
      .where(sql<boolean>`l.deleted = 0`);
    if (since !== null) query = query.where('l.created_at', '>=', since);
    const row = await query.executeTakeFirst();
    return Number(row?.n ?? 0);
  }

  /**
   * Queues the excess orders of paid plans created in [`start`, `end`), counting rather than
   * ranking: an owner whose live orders since max(`start`, their plan's start) exceed the plan's
   * `included` by n, with k reports already queued, sent or refused for that span, gets the
   * n − k newest live orders that have no report yet. A deleted order thus lowers n instead of
   * making the next order excess, and a report skipped because its order was deleted no longer
   * counts. Owners without a Stripe customer (a paid plan granted by an admin) are left out:
   * there is no one to bill. `userId` limits it to one owner. Returns how many rows were added.
   */
  async enqueueExcess(start: string, end: string, now: string, userId?: string): Promise<number> {
    const owner = userId === undefined ? sql`` : sql`and s.user_id = ${userId}`;
    // `need` is materialized: inlined, PostgreSQL evaluated its count of usage_reports once per
    // candidate order while the insert was filling that table (seconds for thousands of rows,
    // minutes for hundreds of thousands); computed once per owner, k is a plain column.
    const result = await sql`
      with owners as (
        select s.user_id, p.included,
          case when s.plan_started_at > ${start} then s.plan_started_at else ${start} end as since
        from subscriptions s
        join plans p on p.id = s.plan_id
        join billing_customers c on c.user_id = s.user_id
        where p.is_free = 0 ${owner}
      ),
      live as (
        select o.user_id, o.included, o.since, count(*) as n
        from owners o
        join usage_ledger l on l.user_id = o.user_id
        where l.deleted = 0 and l.created_at >= o.since and l.created_at < ${end}
        group by o.user_id, o.included, o.since
        having count(*) > o.included
      ),
      need as materialized (
        select live.user_id, live.since, live.n - live.included - (
          select count(*) from usage_reports r
          where r.user_id = live.user_id and r.order_created_at >= live.since
            and r.order_created_at < ${end} and r.status <> 'skipped'
        ) as k
        from live
      )
      insert into usage_reports (user_id, store_key, store_order_id, order_created_at,
        created_at, status, attempts, next_attempt_at)
      select ranked.user_id, ranked.store_key, ranked.store_order_id, ranked.created_at,
        ${now}, 'pending', 0, ${now}
      from (
        select l.user_id, l.store_key, l.store_order_id, l.created_at, need.k,
          row_number() over (
            partition by l.user_id
            order by l.created_at desc, l.store_key desc, l.store_order_id desc
          ) as n
        from need
        join usage_ledger l on l.user_id = need.user_id
        where need.k > 0 and l.deleted = 0 and l.created_at >= need.since
          and l.created_at < ${end}
          and not exists (
            select 1 from usage_reports r
            where r.user_id = l.user_id and r.store_key = l.store_key
              and r.store_order_id = l.store_order_id
          )
      ) ranked
      where ranked.n <= ranked.k
      on conflict (user_id, store_key, store_order_id) do nothing
    `.execute(this.db);
    return Number(result.numAffectedRows ?? 0);
  }

  /**
   * Claims up to `limit` pending reports that are due (`next_attempt_at` ≤ now) by moving
   * their `next_attempt_at` to `leaseUntil`, in one transaction: on PostgreSQL the rows are
   * read `FOR UPDATE SKIP LOCKED`, so two instances never claim the same row; SQLite runs
   * one writer at a time. A due report whose order has been deleted since it was queued is
   * marked skipped instead (never sent; the next run queues another order if the month is
   * still over). A claim that is never settled (the instance died) is due again after its
   * lease.
   */
  claimDue(now: string, leaseUntil: string, limit: number): Promise<ClaimedReport[]> {
    return this.db.transaction().execute(async (trx) => {
      let pick = trx
        .selectFrom('usage_reports')
        .select(['user_id', 'store_key', 'store_order_id'])
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .limit(limit);
      if (this.dialect === 'postgres') pick = pick.forUpdate().skipLocked();
      const keys = await pick.execute();
      if (keys.length === 0) return [];
      const rows = await trx
        .selectFrom('usage_reports as r')
        .leftJoin('usage_ledger as l', (join) =>
          join
            .onRef('l.user_id', '=', 'r.user_id')
            .onRef('l.store_key', '=', 'r.store_key')
            .onRef('l.store_order_id', '=', 'r.store_order_id'),
        )
        .leftJoin('billing_customers as c', 'c.user_id', 'r.user_id')
        .select([
          'r.user_id',
          'r.store_key',
          'r.store_order_id',
          'r.order_created_at',
          'r.attempts',
          'l.deleted',
          'c.stripe_customer_id',
        ])
        .where((eb) =>
          eb(
            eb.refTuple('r.user_id', 'r.store_key', 'r.store_order_id'),
            'in',
            keys.map((k) => eb.tuple(k.user_id, k.store_key, k.store_order_id)),
          ),
        )
        .orderBy('r.order_created_at')
        .execute();
      const gone = rows.filter((r) => r.deleted === null || Number(r.deleted) === 1);
      const due = rows.filter((r) => !gone.includes(r));
      for (const [set, rowsOf] of [
        [
          {
            status: 'skipped' as const,
            last_error: 'The order was deleted before it was reported.',
          },
          gone,
        ],
        [{ next_attempt_at: leaseUntil }, due],
      ] as const) {
        if (rowsOf.length === 0) continue;
        await trx
          .updateTable('usage_reports')
          .set(set)
          .where((eb) =>
            eb(
              eb.refTuple('user_id', 'store_key', 'store_order_id'),
              'in',
              rowsOf.map((k) => eb.tuple(k.user_id, k.store_key, k.store_order_id)),
            ),
          )
          .execute();
      }
      return due.map((r) => ({
        userId: r.user_id,
        storeKey: r.store_key,
        storeOrderId: Number(r.store_order_id),
        orderCreatedAt: r.order_created_at,
        stripeCustomerId: r.stripe_customer_id ?? null,
        attempts: Number(r.attempts),
      }));
    });
  }

  /** Marks a claimed report as taken by the payments provider. */
  async markReported(key: UsageKey, now: string): Promise<void> {
    await this.db
      .updateTable('usage_reports')
      .set({ status: 'reported', reported_at: now, last_error: null })
      .where('user_id', '=', key.userId)
      .where('store_key', '=', key.storeKey)
      .where('store_order_id', '=', key.storeOrderId)
      .execute();
  }

  /**
   * Records a failed try of a claimed report: with `retryAt` it stays pending, due again then;
   * without, it is failed for good (a refusal no retry can change), kept with its error.
   */
  async markFailed(key: UsageKey, error: string, retryAt: string | null): Promise<void> {
    await this.db
      .updateTable('usage_reports')
      .set((eb) => ({
        attempts: eb('attempts', '+', 1),
        last_error: error.slice(0, 500),
        ...(retryAt === null ? { status: 'failed' as const } : { next_attempt_at: retryAt }),
      }))
      .where('user_id', '=', key.userId)
      .where('store_key', '=', key.storeKey)
      .where('store_order_id', '=', key.storeOrderId)
      .where('status', '=', 'pending')
      .execute();
  }

  /** How many outbox rows wait to be reported (the metrics' outbox backlog). */
  async pendingCount(): Promise<number> {
    const row = await this.db
      .selectFrom('usage_reports')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .where('status', '=', 'pending')
      .executeTakeFirstOrThrow();
    return Number(row.n);
  }

  /** The outbox rows of a user (oldest order first): what was reported and what is pending. */
  async reportsOf(userId: string): Promise<UsageReport[]> {
    const rows = await this.db
      .selectFrom('usage_reports')
      .select([
        'store_key',
        'store_order_id',
        'order_created_at',
        'status',
        'reported_at',
        'attempts',
        'last_error',
      ])
      .where('user_id', '=', userId)
      .orderBy('order_created_at')
      .orderBy('store_key')
      .orderBy('store_order_id')
      .execute();
    return rows.map((r) => ({
      storeKey: r.store_key,
      storeOrderId: Number(r.store_order_id),
      orderCreatedAt: r.order_created_at,
      status: r.status,
      reportedAt: r.reported_at,
      attempts: Number(r.attempts),
      lastError: r.last_error,
    }));
  }
}
