// Every path and URL of the admin domain lives here and nowhere else.

/** The Admin Panel page of the dashboard (spec 2.2, 2.8). */
export const ADMIN_PANEL_PATH = '/admin-panel';

/** The Releases page: each remote's live, canary and previous releases (issue 31). */
export const RELEASES_PATH = '/admin-panel/releases';

/** The api paths of the admin panel, relative to /api/connect-ui (spec 7). */
export const adminApiPaths = {
  users: 'admin-panel/users',
  userStatus: (userId: string) => `admin-panel/users/${encodeURIComponent(userId)}/status`,
  userSubscriptionType: (userId: string) =>
    `admin-panel/users/${encodeURIComponent(userId)}/subscription-type`,
  releases: 'admin-panel/releases',
  promote: (releaseId: string) => `admin-panel/releases/${encodeURIComponent(releaseId)}/promote`,
  rollback: (remote: string) =>
    `admin-panel/releases/remotes/${encodeURIComponent(remote)}/rollback`,
  withdrawCanary: (remote: string) =>
    `admin-panel/releases/remotes/${encodeURIComponent(remote)}/withdraw-canary`,
} as const;
