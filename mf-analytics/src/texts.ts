// The spec's words for Order Analytics and the activity feed, written once (spec 2.2, 2.3, 2.9,
// 2.10, 2.14, 3, 8, 9).
import type { FeedType } from './types';

/** Spec 2.2, 2.10: the pages' titles and nav items. */
export const ORDER_ANALYTICS = 'Order Analytics';
export const ACTIVITY = 'Activity';
export const PRINT_ORDER_ANALYTICS = 'Order Analytics report';
/** The time a printed report was made, under its title. */
export const printedAt = (when: string) => `Printed ${when}`;

/** Spec 8, 9: the feed's empty state, character for character. */
export const NO_EVENTS = 'There are no events tracked yet';
export const NO_ORDERS_IN_PERIOD = 'No orders in this period';
export const NO_ORDERS_HINT =
  'Orders rung up on a station or placed on a store appear here within seconds.';

/** The selectors above the charts. */
export const APPLICATION = 'Application';
export const ALL_APPLICATIONS = 'All applications';
export const PERIOD = 'Period';
export const FROM = 'From';
export const TO = 'To';
export const PERIOD_PRESETS = {
  '7d': 'Last 7 days',
  '30d': 'Last 30 days',
  '90d': 'Last 90 days',
  '12m': 'Last 12 months',
  custom: 'Custom months',
} as const;
export const RANGE_CAPPED = 'At most 12 months at a time: the start was moved.';

/** Summary figures. */
export const TOTAL_ORDERS = 'Total orders';
export const POS_ORDERS = 'POS orders';
export const WEB_ORDERS = 'Web orders';
export const POS = 'POS';
export const WEB = 'Web';
export const ORDERS = 'Orders';

/** Chart and table names (spec 3: the usage analytics). */
export const CHARTS = {
  perDay: 'Orders per day',
  perMonth: 'Orders per month',
  applications: 'Orders by application',
  hours: 'Orders by time of day',
  weekdays: 'Orders by day of week',
  stations: 'Orders by station',
  users: 'Orders by user',
} as const;
export const COLUMN = {
  date: 'Date',
  month: 'Month',
  application: 'Application',
  hour: 'Hour',
  day: 'Day',
  station: 'Station',
  user: 'User',
  revenue: 'Revenue',
} as const;
export const SHOW_TABLE = 'Show table';
export const HIDE_TABLE = 'Hide table';
export const NO_STATIONS_ORDERS = 'No orders were rung up on a station in this period';
export const NO_USERS_ORDERS = 'No orders were rung up by a cashier in this period';
export const NO_ROWS = 'No orders in this period';
export const LOADING_ANALYTICS = 'Loading order analytics';
export const PRINT = 'Print';
export const BACK_TO_ANALYTICS = 'Back to Order Analytics';
export const weekdayName = (isoDay: number) =>
  ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday', 'Sunday'][isoDay - 1] ??
  String(isoDay);
export const pageOf = (page: number, pages: number) => `Page ${page} of ${pages}`;
/** The accessible name of a chart table's Prev/Next, one per table, e.g. 'Orders per day pages'. */
export const tablePages = (title: string) => `${title} pages`;

/** Spec 2.3: the Order Analytics tile and the mini activity feed. */
export const orderWord = (count: number) => (count === 1 ? 'order' : 'orders');
export const thisMonth = (count: number) =>
  `${count.toLocaleString('en-US')} ${orderWord(count)} this month`;
export const LOADING_ORDERS = 'Loading orders';
export const VIEW_ANALYTICS = 'View Order Analytics';
export const RECENT_ACTIVITY = 'Recent Activity';
export const VIEW_ALL_ACTIVITY = 'View all activity';
export const LOADING_ACTIVITY = 'Loading activity';
export const UNAVAILABLE_WHILE_PAUSED = 'Unavailable while the account is paused';

/** Spec 3: each feedType's wording beside the entry's own name. */
export const FEED_TYPE_LABELS: Record<FeedType, string> = {
  applicationAdded: 'Application added',
  applicationAuthorized: 'Application authorized',
  applicationDisconnected: 'Application disconnected',
  applicationShared: 'Application shared',
  applicationUpdated: 'Application updated',
  customerAdded: 'New customer',
  errorNotification: 'Error',
  orderProcessed: 'Order processed',
  posUrlChanged: 'POS URL changed',
  productAdded: 'New product',
  stationOpened: 'Station opened',
};

/** The feed's tools: CSV export of a period and the tamper check. */
export const FEED_TOOLS = 'Export and verify';
export const DOWNLOAD_CSV = 'Download CSV';
export const EXPORT_PERIOD = 'Export period';
export const EXPORT_FAILED = 'The CSV could not be prepared. Please try again.';
export const VERIFY_FEED = 'Verify feed';
export const feedVerified = (count: number) =>
  `Feed verified: ${count.toLocaleString('en-US')} ${count === 1 ? 'entry' : 'entries'}`;
export const feedBroken = (when: string) =>
  `The feed was altered: the entry of ${when} no longer matches the chain`;
export const FEED_HEAD_MISSING = 'The feed was altered: its newest entries are missing';
export const VERIFY_FAILED = 'The feed could not be verified. Please try again.';
export const activityCsvName = (from: string, to: string) => `activity-${from}-to-${to}.csv`;
