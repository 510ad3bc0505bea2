import type { ScopeApplication, UsageRows } from '../../repositories/analytics';
import {
  addDays,
  AnalyticsInputError,
  bucketStartMs,
  calendarDate,
  canonicalTimeZone,
  dayEndUtc,
  dayStartUtc,
  daysBetween,
  hourSplit,
  monthEndDate,
  todayIn,
  ZoneClock,
} from './time';

/** Longest usage period, in days (from and to included). */
export const MAX_USAGE_DAYS = 366;
/** Days of the usage period when the caller names none: the last 30, today included. */
export const DEFAULT_USAGE_DAYS = 30;

/** The instants (ISO-8601 UTC) the order counts of one day compare created_at with. */
export interface OrderCountPeriod {
  date: string;
  tz: string;
  /** Start of `date` in tz, and of the next day. */
  dayStart: string;
  dayEnd: string;
  /** Start of the month of `date` in tz, and of the next month. */
  monthStart: string;
  monthEnd: string;
}

/**
 * The day and month of `date` (default: today) in time zone `tz` (default UTC) as UTC
 * instants. Throws {@link AnalyticsInputError} for an unknown zone or a date that is no real day.
 */
export function orderCountPeriod(
  input: { date?: string; tz?: string },
  now = new Date(),
): OrderCountPeriod {
  const tz = canonicalTimeZone(input.tz ?? 'UTC');
  const date = input.date === undefined ? todayIn(tz, now) : calendarDate('date', input.date);
  const monthFirst = `${date.slice(0, 7)}-01`;
  return {
    date,
    tz,
    dayStart: dayStartUtc(date, tz),
    dayEnd: dayEndUtc(date, tz),
    monthStart: dayStartUtc(monthFirst, tz),
    monthEnd: dayEndUtc(monthEndDate(date), tz),
  };
}

/** A usage period: local days `from`…`to` of `tz`, and what the database reads for it. */
export interface UsagePeriod {
  from: string;
  to: string;
  tz: string;
  /** created_at ≥ start and < end (ISO-8601 UTC). */
  start: string;
  end: string;
  /** The UTC minute the database splits hours at for this zone, null: none (see hourSplit). */
  split: number | null;
  /** The zone's offsets over [start, end), read once for the period. */
  clock: ZoneClock;
}

/**
 * The usage period asked for: `from`…`to` inclusive in `tz` (default UTC), by default the
 * last {@link DEFAULT_USAGE_DAYS} days ending today (a missing `from` counts back from `to`, a
 * missing `to` is today). Throws {@link AnalyticsInputError} for an unknown zone, a date that
 * is no real day, from after to, or more than {@link MAX_USAGE_DAYS} days.
 */
export function usagePeriod(
  input: { from?: string; to?: string; tz?: string },
  now = new Date(),
): UsagePeriod {
  const tz = canonicalTimeZone(input.tz ?? 'UTC');
  const to = input.to === undefined ? todayIn(tz, now) : calendarDate('to', input.to);
  const from =
    input.from === undefined
      ? addDays(to, 1 - DEFAULT_USAGE_DAYS)
      : calendarDate('from', input.from);
  if (from > to) throw new AnalyticsInputError('from must not be after to');
  if (daysBetween(from, to) + 1 > MAX_USAGE_DAYS) {
    throw new AnalyticsInputError(`The period may span at most ${MAX_USAGE_DAYS} days`);
  }
  const start = dayStartUtc(from, tz);
  const end = dayEndUtc(to, tz);
  const clock = new ZoneClock(tz, Date.parse(start), Date.parse(end));
  return { from, to, tz, start, end, split: hourSplit(clock), clock };
}

/** The usage repository's shapes, named here for the callers of this module. */
export type { ScopeApplication, UsageRows };

/** Orders split by channel. */
export interface ChannelCounts {
  orders: number;
  pos: number;
  web: number;
}

/** The usage analytics of spec 3 as GET analytics/usage answers them. */
export interface UsageAnalytics {
  date: { from: string; to: string; tz: string };
  totals: ChannelCounts;
  applicationAnalytics: Array<
    {
      applicationId: string;
      name: string;
      revenue: Array<{ currency: string; cents: number }>;
    } & ChannelCounts
  >;
  timePeriodAnalytics: Array<{ hour: number } & ChannelCounts>;
  stationAnalytics: Array<{
    applicationId: string;
    applicationName: string;
    posId: number;
    name: string;
    orders: number;
  }>;
  userAnalytics: Array<{
    applicationId: string;
    applicationName: string;
    cashierId: number;
    name: string;
    orders: number;
  }>;
  dayOfWeekAnalytics: Array<{ day: number } & ChannelCounts>;
  perDay: Array<{ date: string } & ChannelCounts>;
  perMonth: Array<{ month: string } & ChannelCounts>;
}

const zero = (): ChannelCounts => ({ orders: 0, pos: 0, web: 0 });

function addCounts(counts: ChannelCounts, orders: number, pos: number): void {
  counts.orders += orders;
  counts.pos += pos;
  counts.web += orders - pos;
}

function add(counts: ChannelCounts, channel: string, orders: number): void {
  counts.orders += orders;
  if (channel === 'pos') counts.pos += orders;
  else counts.web += orders;
}

/**
 * The name a station is shown by: the one its newest named order carries, else
 * `Station #{posId}` (orders from before the plugin stamped names, or from other POS apps).
 */
export const stationName = (posId: number, name: string | null): string =>
  name && name.trim() ? name : `Station #${posId}`;

/** The name a cashier is shown by: the one the orders carry, else `User #{id}`. */
export const cashierName = (id: number, name: string | null): string =>
  name && name.trim() ? name : `User #${id}`;

/** Largest count first, then by `tie` (a name), so equal counts keep a stable order. */
function byOrders<T extends { orders: number }>(tie: (row: T) => string) {
  return (a: T, b: T) => b.orders - a.orders || tie(a).localeCompare(tie(b));
}

/**
 * Folds what the database counted for `period` into every chart's data: the created_at
 * buckets become the local days, months, hours and weekdays of the period's time zone (every
 * day, month, hour and weekday listed, zeros included); applications (every one of `scope`,
 * also those without orders), stations and cashiers are sorted by orders, largest first.
 */
export function buildUsage(
  period: UsagePeriod,
  scope: ScopeApplication[],
  rows: UsageRows,
): UsageAnalytics {
  const days = new Map<string, ChannelCounts>();
  const months = new Map<string, ChannelCounts>();
  // Counted, not compared: the days' text stops sorting as the days do past the year 9999.
  const length = daysBetween(period.from, period.to) + 1;
  for (let i = 0; i < length; i += 1) {
    const day = addDays(period.from, i);
    days.set(day, zero());
    const month = day.slice(0, 7);
    if (!months.has(month)) months.set(month, zero());
  }
  const hours = Array.from({ length: 24 }, (_, hour) => ({ hour, ...zero() }));
  const weekdays = Array.from({ length: 7 }, (_, i) => ({ day: i + 1, ...zero() }));
  const totals = zero();
  const { clock } = period;
  // Each bucket goes to its local day and hour; months, weekdays and totals are summed from
  // the days afterwards (a few hundred days instead of thousands of buckets).
  for (const { hour, minute, orders, pos } of rows.buckets) {
    const local = clock.local(bucketStartMs(hour, minute));
    const day = days.get(local.date);
    const ofHour = hours[local.hour];
    // The database range is the period's exact instants, so every bucket lands on a day of it.
    if (!day || !ofHour) continue;
    addCounts(day, orders, pos);
    addCounts(ofHour, orders, pos);
  }
  for (const [date, counts] of days) {
    if (counts.orders === 0) continue;
    const weekday = new Date(`${date}T00:00:00.000Z`).getUTCDay() || 7;
    for (const into of [months.get(date.slice(0, 7)), weekdays[weekday - 1], totals]) {
      if (into) addCounts(into, counts.orders, counts.pos);
    }
  }

  const names = new Map(scope.map((app) => [app.id, app.name]));
  const perApplication = new Map(
    scope.map((app) => [
      app.id,
      { applicationId: app.id, name: app.name, ...zero(), revenue: new Map<string, number>() },
    ]),
  );
  const stations = new Map<
    string,
    {
      applicationId: string;
      posId: number;
      orders: number;
      name: string | null;
      namedAt: string | null;
    }
  >();
  const cashiers = new Map<
    string,
    { applicationId: string; cashierId: number; name: string | null; orders: number }
  >();
  for (const row of rows.groups) {
    const app = perApplication.get(row.applicationId);
    if (!app) continue;
    add(app, row.channel, row.orders);
    // A deleted order the api never had is a stub without a currency or total.
    if (row.currency) {
      app.revenue.set(row.currency, (app.revenue.get(row.currency) ?? 0) + row.cents);
    }
    if (row.channel !== 'pos') continue;
    if (row.posId !== null) {
      const key = `${row.applicationId}\n${row.posId}`;
      const station = stations.get(key) ?? {
        applicationId: row.applicationId,
        posId: row.posId,
        orders: 0,
        name: null,
        namedAt: null,
      };
      station.orders += row.orders;
      // The newest named order across the groups, as the database picks it within one.
      const named = row.stationNamedAt;
      if (
        named !== null &&
        row.stationName !== null &&
        (station.namedAt === null ||
          named > station.namedAt ||
          (named === station.namedAt && station.name !== null && row.stationName > station.name))
      ) {
        station.name = row.stationName;
        station.namedAt = named;
      }
      stations.set(key, station);
    }
    if (row.cashierId !== null) {
      const key = `${row.applicationId}\n${row.cashierId}`;
      const cashier = cashiers.get(key) ?? {
        applicationId: row.applicationId,
        cashierId: row.cashierId,
        name: null,
        orders: 0,
      };
      cashier.orders += row.orders;
      // The same greatest name the database picks within one group.
      if (row.cashierName !== null && (cashier.name === null || row.cashierName > cashier.name)) {
        cashier.name = row.cashierName;
      }
      cashiers.set(key, cashier);
    }
  }
  const applicationAnalytics = [...perApplication.values()]
    .map(({ revenue, ...app }) => ({
      ...app,
      revenue: [...revenue]
        .sort(([a], [b]) => a.localeCompare(b))
        .map(([currency, cents]) => ({ currency, cents })),
    }))
    .sort(byOrders((app) => app.name));

  const stationAnalytics = [...stations.values()]
    .map((row) => ({
      applicationId: row.applicationId,
      applicationName: names.get(row.applicationId) ?? '',
      posId: row.posId,
      name: stationName(row.posId, row.name),
      orders: row.orders,
    }))
    .sort(byOrders((row) => `${row.applicationName}\n${String(row.posId).padStart(12, '0')}`));
  const userAnalytics = [...cashiers.values()]
    .map((row) => ({
      applicationId: row.applicationId,
      applicationName: names.get(row.applicationId) ?? '',
      cashierId: row.cashierId,
      name: cashierName(row.cashierId, row.name),
      orders: row.orders,
    }))
    .sort(byOrders((row) => `${row.name}\n${row.applicationName}`));

  return {
    date: { from: period.from, to: period.to, tz: period.tz },
    totals,
    applicationAnalytics,
    timePeriodAnalytics: hours,
    stationAnalytics,
    userAnalytics,
    dayOfWeekAnalytics: weekdays,
    perDay: [...days].map(([date, counts]) => ({ date, ...counts })),
    perMonth: [...months].map(([month, counts]) => ({ month, ...counts })),
  };
}
