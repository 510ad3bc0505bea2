// Pure mappings from the usage analytics (GET analytics/usage) to what the charts draw (nivo's
// bar data and line series) and to the rows of each chart's data table, plus the one-sentence
// summary a screen reader hears for each chart.
import dayjs from 'dayjs';
import { ORDERS, POS, WEB, weekdayName } from './texts';
import type { ChannelCounts, UsageAnalytics } from './types';

/** One row of a table split by channel, also one bar of a stacked POS/Web bar chart. */
export interface ChannelRow {
  key: string;
  label: string;
  orders: number;
  pos: number;
  web: number;
}

/** One row of a table of a single count (stations, users), with the application it belongs to. */
export interface CountRow {
  key: string;
  label: string;
  application: string;
  orders: number;
}

/**
 * A bar of nivo's bar chart: indexed by its row's `key` (two applications may share a name, and
 * bars indexed by a name would merge), drawn with its `label`, and a number per value key.
 */
export type BarDatum = Record<string, string | number> & { key: string; label: string };

/** A series of nivo's line chart. */
export interface LineSeries {
  id: string;
  data: Array<{ x: string; y: number }>;
}

/** The keys of a stacked POS/Web bar (the legend's words). */
export const CHANNEL_KEYS = [POS, WEB] as const;

const channel = (key: string, label: string, counts: ChannelCounts): ChannelRow => ({
  key,
  label,
  orders: counts.orders,
  pos: counts.pos,
  web: counts.web,
});

/** '09:00' for hour 9. */
export const hourLabel = (hour: number) => `${String(hour).padStart(2, '0')}:00`;

/** 'Nov 20, 2026' for 2026-11-20. */
export const dayLabel = (date: string) => dayjs(date).format('MMM D, YYYY');

/** 'Nov 2026' for 2026-11. */
export const monthLabel = (month: string) => dayjs(`${month}-01`).format('MMM YYYY');

/** Orders per day, oldest first (every day of the range). */
export function dayRows(usage: UsageAnalytics): ChannelRow[] {
  return usage.perDay.map((day) => channel(day.date, dayLabel(day.date), day));
}

/** Orders per month, oldest first. */
export function monthRows(usage: UsageAnalytics): ChannelRow[] {
  return usage.perMonth.map((month) => channel(month.month, monthLabel(month.month), month));
}

/** Orders per application, the busiest first. */
export function applicationRows(usage: UsageAnalytics): ChannelRow[] {
  return [...usage.applicationAnalytics]
    .sort((a, b) => b.orders - a.orders || a.name.localeCompare(b.name))
    .map((app) => channel(app.applicationId, app.name, app));
}

/** Orders per hour of the day, 00:00 to 23:00 (hours without orders count 0). */
export function hourRows(usage: UsageAnalytics): ChannelRow[] {
  const byHour = new Map(usage.timePeriodAnalytics.map((row) => [row.hour, row]));
  return Array.from({ length: 24 }, (_, hour) =>
    channel(String(hour), hourLabel(hour), byHour.get(hour) ?? { orders: 0, pos: 0, web: 0 }),
  );
}

/** Orders per day of the week, Monday to Sunday (days without orders count 0). */
export function weekdayRows(usage: UsageAnalytics): ChannelRow[] {
  const byDay = new Map(usage.dayOfWeekAnalytics.map((row) => [row.day, row]));
  return Array.from({ length: 7 }, (_, index) =>
    channel(
      String(index + 1),
      weekdayName(index + 1),
      byDay.get(index + 1) ?? { orders: 0, pos: 0, web: 0 },
    ),
  );
}

const byOrders = (a: CountRow, b: CountRow) =>
  b.orders - a.orders || a.label.localeCompare(b.label);

/** Orders per station, the busiest first. */
export function stationRows(usage: UsageAnalytics): CountRow[] {
  return usage.stationAnalytics
    .map((station) => ({
      key: `${station.applicationId}:${station.posId}`,
      label: station.name,
      application: station.applicationName,
      orders: station.orders,
    }))
    .sort(byOrders);
}

/** Orders per cashier, the busiest first. */
export function userRows(usage: UsageAnalytics): CountRow[] {
  return usage.userAnalytics
    .map((user) => ({
      key: `${user.applicationId}:${user.cashierId}`,
      label: user.name,
      application: user.applicationName,
      orders: user.orders,
    }))
    .sort(byOrders);
}

/** A stacked POS/Web bar per row. */
export function channelBars(rows: readonly ChannelRow[]): BarDatum[] {
  return rows.map((row) => ({ key: row.key, label: row.label, [POS]: row.pos, [WEB]: row.web }));
}

/** A bar per row of a single count (key 'Orders'); the first `limit` rows (the busiest, as rows are sorted). */
export function countBars(rows: readonly CountRow[], limit: number): BarDatum[] {
  // Two stations of different stores may share a name: the store tells them apart.
  const names = new Map<string, number>();
  for (const row of rows) names.set(row.label, (names.get(row.label) ?? 0) + 1);
  return rows.slice(0, limit).map((row) => ({
    key: row.key,
    label: (names.get(row.label) ?? 0) > 1 ? `${row.label} (${row.application})` : row.label,
    [ORDERS]: row.orders,
  }));
}

/** The POS and Web lines of orders per day. */
export function dayLines(rows: readonly ChannelRow[]): LineSeries[] {
  return [
    { id: POS, data: rows.map((row) => ({ x: row.key, y: row.pos })) },
    { id: WEB, data: rows.map((row) => ({ x: row.key, y: row.web })) },
  ];
}

/** At most `max` evenly spaced values of `values` (the axis labels of a long range). */
export function sparseTicks<T>(values: readonly T[], max: number): T[] {
  if (values.length <= max) return [...values];
  const step = Math.ceil(values.length / max);
  return values.filter((_, index) => index % step === 0);
}

const count = (value: number, one: string, many: string) =>
  `${value.toLocaleString('en-US')} ${value === 1 ? one : many}`;

/**
 * What a screen reader hears for a chart split by channel: the totals, then the busiest bucket,
 * e.g. 'Orders by day of week: 120 orders, 80 POS and 40 web. Most on Friday: 30 orders.'
 */
export function summariseChannelRows(title: string, rows: readonly ChannelRow[]): string {
  const orders = rows.reduce((sum, row) => sum + row.orders, 0);
  const pos = rows.reduce((sum, row) => sum + row.pos, 0);
  const web = rows.reduce((sum, row) => sum + row.web, 0);
  if (orders === 0) return `${title}: no orders.`;
  const busiest = rows.reduce((best, row) => (row.orders > best.orders ? row : best));
  return (
    `${title}: ${count(orders, 'order', 'orders')}, ${pos.toLocaleString('en-US')} POS and ` +
    `${web.toLocaleString('en-US')} web. Most on ${busiest.label}: ` +
    `${count(busiest.orders, 'order', 'orders')}.`
  );
}

/** What a screen reader hears for a chart of one count: how many, then the busiest. */
export function summariseCountRows(
  title: string,
  rows: readonly CountRow[],
  one: string,
  many: string,
): string {
  const busiest = rows[0];
  if (busiest === undefined) return `${title}: no orders.`;
  const orders = rows.reduce((sum, row) => sum + row.orders, 0);
  return (
    `${title}: ${count(orders, 'order', 'orders')} by ${count(rows.length, one, many)}. ` +
    `Most by ${busiest.label}: ${count(busiest.orders, 'order', 'orders')}.`
  );
}

/** Page `page` (from 1) of `rows`, `size` a page, and whether a next page exists. */
export function pageOfRows<T>(
  rows: readonly T[],
  page: number,
  size: number,
): { rows: T[]; page: number; pages: number; hasNext: boolean } {
  const pages = Math.max(1, Math.ceil(rows.length / size));
  const current = Math.min(Math.max(1, page), pages);
  return {
    rows: rows.slice((current - 1) * size, current * size),
    page: current,
    pages,
    hasNext: current < pages,
  };
}

/** Each currency's takings added up over the applications, largest first, e.g. $1,234.50. */
export function revenueText(revenue: ReadonlyArray<{ currency: string; cents: number }>): string {
  return revenue
    .filter((entry) => entry.cents !== 0)
    .map((entry) =>
      new Intl.NumberFormat('en-US', { style: 'currency', currency: entry.currency }).format(
        entry.cents / 100,
      ),
    )
    .join(' · ');
}
