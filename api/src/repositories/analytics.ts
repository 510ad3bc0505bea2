import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';

/** An application in the scope of the analytics. */
export interface ScopeApplication {
  id: string;
  name: string;
}

/** What the database counted for a usage period (see AnalyticsRepository.usage). */
export interface UsageRows {
  /**
   * Orders, and how many of them POS ones, per UTC hour of created_at (`YYYY-MM-DDTHH`) and
   * part of it (`minute`: 0, or the period's split for the rest of the hour).
   */
  buckets: Array<{ hour: string; minute: number; orders: number; pos: number }>;
  /**
   * Orders and their total cents per application, channel, station, cashier and currency,
   * with the greatest cashier name the orders carry and the station name of the newest order
   * that has one, with that order's created_at (null: none).
   */
  groups: Array<{
    applicationId: string;
    channel: string;
    posId: number | null;
    cashierId: number | null;
    currency: string;
    orders: number;
    cents: number;
    cashierName: string | null;
    stationName: string | null;
    stationNamedAt: string | null;
  }>;
}

/** Orders of a day, of its month and of all time. */
export interface OrderCounts {
  perDay: number;
  perMonth: number;
  total: number;
}

/** The live orders of one user's applications: all time, this month, today. */
export interface UserOrderCounts {
  total: number;
  month: number;
  today: number;
}

/** PostgreSQL answers counts and sums as bigint text, SQLite as numbers. */
const num = (value: unknown): number => Number(value ?? 0);

/** A group's "created_at name" split into the newest named order's time and that name. */
function stationNamed(value: string | null | undefined): {
  stationName: string | null;
  stationNamedAt: string | null;
} {
  const gap = value ? value.indexOf(' ') : -1;
  return gap < 0
    ? { stationName: null, stationNamedAt: null }
    : { stationName: value!.slice(gap + 1), stationNamedAt: value!.slice(0, gap) };
}

/**
 * The order counts of the analytics and of the admin panel. Every query reads orders by
 * application and a created_at range (orders_analytics_idx, migration 0013); created_at is
 * ISO-8601 UTC text, so ranges compare as text and substr() buckets work on both engines.
 */
export class AnalyticsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * The applications of `userId` in scope: all of them, or only `applicationId` (none when it
   * is another user's or does not exist), by name.
   */
  scope(userId: string, applicationId?: string): Promise<ScopeApplication[]> {
    let query = this.db
      .selectFrom('applications')
      .select(['id', 'name'])
      .where('user_id', '=', userId);
    if (applicationId !== undefined) query = query.where('id', '=', applicationId);
    return query.orderBy('name').orderBy('id').execute();
  }

  /**
   * The orders of `applicationIds` (deleted ones only with `includeDeleted`). A deletion of
   * an order the api never had leaves a stub (OrdersRepository.markDeleted: currency '',
   * total 0, channel web, created at the deletion): no order anyone placed, so it never
   * counts. A real order always has its store's currency; a stub that later gets the order's
   * data (a create delivered after the delete) counts as the deleted order it is.
   */
  private orders(applicationIds: string[], includeDeleted: boolean) {
    let query = this.db.selectFrom('orders').where('application_id', 'in', applicationIds);
    query = includeDeleted
      ? query.where((eb) => eb.or([eb('deleted', '=', 0), eb('currency', '<>', '')]))
      : query.where('deleted', '=', 0);
    return query;
  }

  /**
   * Orders created in [dayStart, dayEnd), in [monthStart, monthEnd) and ever, over
   * `applicationIds`. The day and month counts read only their range of the index; the total
   * reads every entry of the applications, still from the index alone.
   */
  async orderCounts(
    applicationIds: string[],
    range: { dayStart: string; dayEnd: string; monthStart: string; monthEnd: string },
    includeDeleted: boolean,
  ): Promise<OrderCounts> {
    if (applicationIds.length === 0) return { perDay: 0, perMonth: 0, total: 0 };
    const count = (from: string | null, to: string | null) => {
      let query = this.orders(applicationIds, includeDeleted);
      if (from !== null && to !== null) {
        query = query.where('created_at', '>=', from).where('created_at', '<', to);
      }
      return query.select((eb) => eb.fn.countAll<number | string>().as('n')).executeTakeFirst();
    };
    const [day, month, total] = await Promise.all([
      count(range.dayStart, range.dayEnd),
      count(range.monthStart, range.monthEnd),
      count(null, null),
    ]);
    return { perDay: num(day?.n), perMonth: num(month?.n), total: num(total?.n) };
  }

  /**
   * What the usage analytics fold, for orders of `applicationIds` created in [start, end), in
   * two grouped reads of the same index range: orders and POS orders per UTC hour of
   * created_at (split at minute `split` when not null); and counts and cents per application, channel,
   * station, cashier and currency, with the greatest cashier name and the newest station name. Grouping by fewer keys in more queries costs more: each
   * GROUP BY sorts the whole range again.
   */
  async usage(
    applicationIds: string[],
    range: { start: string; end: string; split: number | null },
    includeDeleted: boolean,
  ): Promise<UsageRows> {
    if (applicationIds.length === 0) return { buckets: [], groups: [] };
    const base = this.orders(applicationIds, includeDeleted)
      .where('created_at', '>=', range.start)
      .where('created_at', '<', range.end);
    const hour = sql<string>`substr(created_at, 1, 13)`;
    // A literal, not a parameter: PostgreSQL matches the select and GROUP BY expressions by text.
    const split = range.split === null ? null : sql.lit(String(range.split).padStart(2, '0'));
    const part =
      split === null
        ? sql<number>`0`
        : sql<number>`case when substr(created_at, 15, 2) >= ${split} then 1 else 0 end`;
    const [buckets, groups] = await Promise.all([
      // The channels as a sum, not a group: half the rows to read back for the same counts.
      base
        .select([hour.as('hour'), part.as('part')])
        .select((eb) => [
          eb.fn.countAll<number | string>().as('n'),
          eb.fn
            .sum<number | string>(eb.case().when('channel', '=', 'pos').then(1).else(0).end())
            .as('pos'),
        ])
        .groupBy(split === null ? [hour] : [hour, part])
        .execute(),
      base
        .select(['application_id', 'channel', 'station_pos_id', 'cashier_wp_user_id', 'currency'])
        .select((eb) => [
          eb.fn.countAll<number | string>().as('n'),
          // What the store kept: refunds (WooCommerce's, on the order) are taken off.
          eb.fn.sum<number | string>(sql`total_cents - refunded_cents`).as('cents'),
          eb.fn.max('cashier_name').as('cashier_name'),
          // The newest order's station name: created_at is fixed-width ISO text, so the
          // greatest "created_at name" is the newest named order's (a null name drops out).
          eb.fn.max(sql<string>`created_at || ' ' || station_name`).as('station_named'),
        ])
        .groupBy(['application_id', 'channel', 'station_pos_id', 'cashier_wp_user_id', 'currency'])
        .execute(),
    ]);
    return {
      buckets: buckets.map((row) => ({
        hour: row.hour,
        minute: num(row.part) === 1 ? (range.split ?? 0) : 0,
        orders: num(row.n),
        pos: num(row.pos),
      })),
      groups: groups.map((row) => ({
        applicationId: row.application_id,
        channel: row.channel,
        posId: row.station_pos_id === null ? null : num(row.station_pos_id),
        cashierId: row.cashier_wp_user_id === null ? null : num(row.cashier_wp_user_id),
        currency: row.currency,
        orders: num(row.n),
        cents: num(row.cents),
        cashierName: row.cashier_name ?? null,
        ...stationNamed(row.station_named),
      })),
    };
  }

  /**
   * The live (not deleted) orders of each of `userIds`' applications, all time, since
   * `monthStart` and since `dayStart` (ISO-8601 UTC), in one grouped query. A user without
   * orders is absent from the map.
   */
  async ordersOfUsers(
    userIds: string[],
    since: { monthStart: string; dayStart: string },
  ): Promise<Map<string, UserOrderCounts>> {
    if (userIds.length === 0) return new Map();
    const rows = await this.db
      .selectFrom('applications as a')
      .innerJoin('orders as o', 'o.application_id', 'a.id')
      .where('a.user_id', 'in', userIds)
      .where('o.deleted', '=', 0)
      .select('a.user_id')
      .select((eb) => [
        eb.fn.countAll<number | string>().as('total'),
        eb.fn
          .sum<number | string>(
            eb.case().when('o.created_at', '>=', since.monthStart).then(1).else(0).end(),
          )
          .as('month'),
        eb.fn
          .sum<number | string>(
            eb.case().when('o.created_at', '>=', since.dayStart).then(1).else(0).end(),
          )
          .as('today'),
      ])
      .groupBy('a.user_id')
      .execute();
    return new Map(
      rows.map((row) => [
        row.user_id,
        { total: num(row.total), month: num(row.month), today: num(row.today) },
      ]),
    );
  }
}
