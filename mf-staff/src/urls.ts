// Every path and URL of the staff domain lives here and nowhere else.

/** The staff of one verified application (spec 2.6). */
export const STAFF_PATH = '/staff';

/** The create form (spec 2.6). */
export const STAFF_CREATE_PATH = '/staff/create';

/**
 * 'Connect an application to manage staff' leads here: the applications pages (mf_applications,
 * reached through the shell's router, never imported).
 */
export const APPLICATIONS_PATH = '/applications';

/**
 * The Cloud POS Staff add-on (the multiple-user plugin), served by the dashboard's own server.
 * Relative to the dashboard: the remote's markup is rendered in the shell's page.
 */
export const STAFF_ADDON_DOWNLOAD_PATH = '/downloads/cloud-pos-staff.zip';

/** The api paths of the staff domain, relative to /api/connect-ui (spec 7, issue 13). */
export const staffApiPaths = {
  applications: 'applications',
  users: 'staff/users',
  user: (wpUserId: number) => `staff/users/${encodeURIComponent(String(wpUserId))}`,
  invitations: 'staff/invitations',
  summary: 'staff/summary',
} as const;
