// Every path and URL of the admin domain lives here and nowhere else.

/** The Admin Panel page of the dashboard (spec 2.2, 2.8). */
export const ADMIN_PANEL_PATH = '/admin-panel';

/** The api paths of the admin panel, relative to /api/connect-ui (spec 7). */
export const adminApiPaths = {
  users: 'admin-panel/users',
  userStatus: (userId: string) => `admin-panel/users/${encodeURIComponent(userId)}/status`,
  userSubscriptionType: (userId: string) =>
    `admin-panel/users/${encodeURIComponent(userId)}/subscription-type`,
} as const;
