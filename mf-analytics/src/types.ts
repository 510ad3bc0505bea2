// The api's answers this remote reads (GET analytics/orders, analytics/usage, activities-list,
// activities/verify), as the api publishes them.
import type { Activity, Application, FeedType } from '@pos/shared';

export type { Activity, Application, FeedType };

/** GET analytics/orders: order counts on the day, in its month and all time. */
export interface OrderCounts {
  perDay: number;
  perMonth: number;
  total: number;
}

/** Orders of one bucket, split by channel: rung up on a POS station or placed on the web shop. */
export interface ChannelCounts {
  orders: number;
  pos: number;
  web: number;
}

/** One currency's takings, in cents. */
export interface Revenue {
  currency: string;
  cents: number;
}

/** One application's orders in the period. */
export interface ApplicationUsage extends ChannelCounts {
  applicationId: string;
  name: string;
  revenue: Revenue[];
}

/** Orders placed in one hour of the day (0–23, the viewer's time zone). */
export interface HourUsage extends ChannelCounts {
  hour: number;
}

/** One station's orders. */
export interface StationUsage {
  applicationId: string;
  applicationName: string;
  posId: string;
  name: string;
  orders: number;
}

/** One cashier's orders. */
export interface CashierUsage {
  applicationId: string;
  applicationName: string;
  cashierId: string;
  name: string;
  orders: number;
}

/** Orders on one day of the week: ISO numbering, Monday = 1 … Sunday = 7. */
export interface WeekdayUsage extends ChannelCounts {
  day: number;
}

/** Orders on one calendar day (YYYY-MM-DD). */
export interface DayUsage extends ChannelCounts {
  date: string;
}

/** Orders in one calendar month (YYYY-MM). */
export interface MonthUsage extends ChannelCounts {
  month: string;
}

/** GET analytics/usage: the usage analytics of spec 3 for a period. */
export interface UsageAnalytics {
  date: { from: string; to: string; tz: string };
  totals: ChannelCounts;
  applicationAnalytics: ApplicationUsage[];
  /** 24 rows, hour 0 to 23. */
  timePeriodAnalytics: HourUsage[];
  stationAnalytics: StationUsage[];
  userAnalytics: CashierUsage[];
  /** 7 rows, Monday first. */
  dayOfWeekAnalytics: WeekdayUsage[];
  /** Every day of the range, oldest first. */
  perDay: DayUsage[];
  perMonth: MonthUsage[];
}

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
