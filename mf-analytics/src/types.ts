// The api's answers this remote reads (GET analytics/orders, analytics/usage, activities-list,
// activities/verify), from the wire types generated from the api's schemas where they exist.
import type { Activity, Application, FeedType, OrderCounts, UsageAnalytics } from '@pos/shared';

export type { Activity, Application, FeedType, OrderCounts, UsageAnalytics };

/** Orders of one bucket, split by channel: rung up on a POS station or placed on the web shop. */
export type ChannelCounts = UsageAnalytics['totals'];

/** One application's orders in the period, with its takings per currency (cents). */
export type ApplicationUsage = UsageAnalytics['applicationAnalytics'][number];

/** One currency's takings, in cents. */
export type Revenue = ApplicationUsage['revenue'][number];

/** Orders placed in one hour of the day (0–23, the viewer's time zone). */
export type HourUsage = UsageAnalytics['timePeriodAnalytics'][number];

/** One station's POS orders. */
export type StationUsage = UsageAnalytics['stationAnalytics'][number];

/** One cashier's POS orders. */
export type CashierUsage = UsageAnalytics['userAnalytics'][number];

/** Orders on one day of the week: ISO numbering, Monday = 1 … Sunday = 7. */
export type WeekdayUsage = UsageAnalytics['dayOfWeekAnalytics'][number];

/** Orders on one calendar day (YYYY-MM-DD). */
export type DayUsage = UsageAnalytics['perDay'][number];

/** Orders in one calendar month (YYYY-MM). */
export type MonthUsage = UsageAnalytics['perMonth'][number];

/** GET activities-list: a page of the feed, newest first, and how many entries there are. */
export interface ActivityPage {
  data: Activity[];
  totalAll: number;
}

/** GET activities/verify: whether every entry's hash still chains to the one before it. */
export interface FeedVerification {
  ok: boolean;
  checked: number;
  firstBroken: { id: string; createdAt: string } | null;
}
