// Every path and URL of the analytics domain lives here and nowhere else.

/** Order Analytics (spec 2.2, 3). */
export const ANALYTICS_PATH = '/analytics';

/** The same figures laid out for paper (spec 2.2). */
export const PRINT_ANALYTICS_PATH = '/print-analytics';

/** The paged activity feed (spec 2.9). */
export const ACTIVITY_PATH = '/activity';

/** The api paths of the analytics domain, relative to /api/connect-ui (spec 7). */
export const analyticsApiPaths = {
  orders: 'analytics/orders',
  usage: 'analytics/usage',
  applications: 'applications',
  activitiesList: 'activities-list',
  verifyActivities: 'activities/verify',
  exportActivities: 'activities/export',
} as const;
