// The api's answers in its shapes (GET analytics/orders, analytics/usage, applications,
// activities-list, activities/verify), for the component tests and the dev page.
import { createFakeApi, type FakeResponse, type RecordedRequest } from '@pos/shared/testing';
import dayjs from 'dayjs';
import type {
  Activity,
  Application,
  FeedType,
  FeedVerification,
  OrderCounts,
  UsageAnalytics,
} from './types';
import { analyticsApiPaths } from './urls';

/** Two applications of the demo manager. */
export const APPS = [
  { id: 'app-1', name: 'Demo Coffee Roasters' },
  { id: 'app-2', name: 'Harbour Bakery' },
] as const;

/** The applications list as GET applications answers it (only what the selector reads). */
export const applicationsAnswer = {
  list: APPS.map((app) => ({ id: app.id, name: app.name }) as unknown as Application),
};

export const orderCounts: OrderCounts = { perDay: 7, perMonth: 184, total: 1520 };

/**
 * Usage analytics of `days` days ending `to`: day i has i % 5 POS and i % 3 web orders, split
 * over the two applications; `stations` and `users` rows as asked (long lists page).
 */
export function makeUsage({
  to = '2026-11-25',
  days = 30,
  stations = 3,
  users = 2,
  empty = false,
}: {
  to?: string;
  days?: number;
  stations?: number;
  users?: number;
  empty?: boolean;
} = {}): UsageAnalytics {
  const last = dayjs(to);
  const perDay = Array.from({ length: days }, (_, index) => {
    const date = last.subtract(days - 1 - index, 'day').format('YYYY-MM-DD');
    const pos = empty ? 0 : index % 5;
    const web = empty ? 0 : index % 3;
    return { date, orders: pos + web, pos, web };
  });
  const sum = (key: 'orders' | 'pos' | 'web') => perDay.reduce((total, day) => total + day[key], 0);
  const totals = { orders: sum('orders'), pos: sum('pos'), web: sum('web') };
  const months = new Map<string, { orders: number; pos: number; web: number }>();
  for (const day of perDay) {
    const month = day.date.slice(0, 7);
    const current = months.get(month) ?? { orders: 0, pos: 0, web: 0 };
    months.set(month, {
      orders: current.orders + day.orders,
      pos: current.pos + day.pos,
      web: current.web + day.web,
    });
  }
  const firstPos = Math.ceil(totals.pos / 2);
  const firstWeb = Math.ceil(totals.web / 2);
  return {
    date: { from: perDay[0]?.date ?? to, to, tz: 'UTC' },
    totals,
    applicationAnalytics: empty
      ? []
      : [
          {
            applicationId: APPS[0].id,
            name: APPS[0].name,
            orders: firstPos + firstWeb,
            pos: firstPos,
            web: firstWeb,
            revenue: [{ currency: 'USD', cents: 123_450 }],
          },
          {
            applicationId: APPS[1].id,
            name: APPS[1].name,
            orders: totals.orders - firstPos - firstWeb,
            pos: totals.pos - firstPos,
            web: totals.web - firstWeb,
            revenue: [{ currency: 'EUR', cents: 9_900 }],
          },
        ],
    timePeriodAnalytics: Array.from({ length: 24 }, (_, hour) => {
      const pos = empty || hour < 8 || hour > 19 ? 0 : hour - 7;
      return { hour, orders: pos, pos, web: 0 };
    }),
    stationAnalytics: Array.from({ length: empty ? 0 : stations }, (_, index) => ({
      applicationId: APPS[0].id,
      applicationName: APPS[0].name,
      posId: index + 1,
      name: `Register ${index + 1}`,
      orders: stations - index,
    })),
    userAnalytics: Array.from({ length: empty ? 0 : users }, (_, index) => ({
      applicationId: APPS[0].id,
      applicationName: APPS[0].name,
      cashierId: index + 10,
      name: `Cashier ${index + 1}`,
      orders: users - index,
    })),
    dayOfWeekAnalytics: Array.from({ length: 7 }, (_, index) => ({
      day: index + 1,
      orders: empty ? 0 : index + 1,
      pos: empty ? 0 : index + 1,
      web: 0,
    })),
    perDay,
    perMonth: [...months].map(([month, counts]) => ({ month, ...counts })),
  };
}

/** One feed entry; `index` makes its id, name and time (a minute apart, newest first). */
export function makeActivity(
  index: number,
  feedType: FeedType = 'orderProcessed',
  extra: Partial<Activity> = {},
): Activity {
  return {
    id: `act-${index}`,
    owner: 'user-1',
    name: `Order #${1000 + index} for $12.50`,
    createdAt: dayjs('2026-11-25T12:00:00Z').subtract(index, 'minute').toISOString(),
    link: null,
    linkName: null,
    feedType,
    ...extra,
  };
}

/** `count` feed entries, newest first. */
export const makeActivities = (count: number) =>
  Array.from({ length: count }, (_, index) => makeActivity(index + 1));

export const verifiedFeed: FeedVerification = { ok: true, checked: 42, firstBroken: null };

/** What the fake api answers; any route may be replaced by a test. */
export interface FakeAnalyticsApi {
  counts?: () => FakeResponse;
  usage?: (request: RecordedRequest) => FakeResponse;
  applications?: () => FakeResponse;
  /** May answer later (a promise) to hold a load in flight. */
  activities?: (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;
  verify?: (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;
  exportCsv?: (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;
}

/**
 * An in-memory api of the analytics routes: the counts, a 30-day usage, the two applications,
 * a feed of `feed` entries paged as the api pages it, a verified chain and a CSV.
 */
export function createAnalyticsApi(routes: FakeAnalyticsApi = {}, feed = makeActivities(30)) {
  return createFakeApi((request) => {
    switch (request.url) {
      case analyticsApiPaths.orders:
        return routes.counts?.() ?? { status: 200, data: orderCounts };
      case analyticsApiPaths.usage:
        return routes.usage?.(request) ?? { status: 200, data: makeUsage() };
      case analyticsApiPaths.applications:
        return routes.applications?.() ?? { status: 200, data: applicationsAnswer };
      case analyticsApiPaths.activitiesList: {
        if (routes.activities) return routes.activities(request);
        const page = Number(request.params.page ?? 1);
        const limit = Number(request.params.limit ?? 25);
        return {
          status: 200,
          data: { data: feed.slice((page - 1) * limit, page * limit), totalAll: feed.length },
        };
      }
      case analyticsApiPaths.verifyActivities:
        return routes.verify?.(request) ?? { status: 200, data: verifiedFeed };
      case analyticsApiPaths.exportActivities:
        return (
          routes.exportCsv?.(request) ?? {
            status: 200,
            data: new Blob(['createdAt,feedType,name\n'], { type: 'text/csv' }),
          }
        );
      default:
        return { status: 404, data: { message: `no fake for ${request.url}` } };
    }
  });
}
