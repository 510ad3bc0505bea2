// Every path and URL of the applications domain lives here and nowhere else.

/** The list of the manager's applications (spec 2.4). */
export const APPLICATIONS_PATH = '/applications';

/** The create form (spec 2.4). */
export const APPLICATION_CREATE_PATH = '/applications/create';

/** The react-router pattern of an application's detail page. */
export const APPLICATION_DETAIL_PATTERN = '/applications/:id';

/** Where the store sends the browser back after its authorization page (spec 2.4, 7). */
export const WC_AUTHORIZATION_PATH = '/wc-authorization';

/** The detail page of one application. */
export const applicationPath = (applicationId: string) =>
  `${APPLICATIONS_PATH}/${encodeURIComponent(applicationId)}`;

/** The stations list of one application (spec 2.4: 'View Stations'). */
export const applicationStationsPath = (applicationId: string) =>
  `${applicationPath(applicationId)}/stations`;

/** The query parameters the store's return URL carries back to /wc-authorization. */
export const wcAuthorizationQuery = {
  applicationId: 'applicationId',
  /** WooCommerce echoes the user_id it was given: the application id. */
  userId: 'user_id',
  /** '0' when the store admin denied the request; '1' proves nothing (the callback decides). */
  success: 'success',
} as const;

/** The api paths of the applications domain, relative to /api/connect-ui (spec 7). */
export const applicationsApiPaths = {
  list: 'applications',
  application: (applicationId: string) => `applications/${encodeURIComponent(applicationId)}`,
  authStatus: (applicationId: string) =>
    `applications/${encodeURIComponent(applicationId)}/auth-status`,
  userAccounts: (applicationId: string) =>
    `applications/${encodeURIComponent(applicationId)}/user-accounts`,
  sendInviteEmail: 'send-invite-email',
  siteCheck: 'applications/site-check',
} as const;

const originOf = (url: string): string | null => {
  try {
    return new URL(url).origin;
  } catch {
    return null;
  }
};

/**
 * Whether `authorizeUrl` is a page of the application's own site. The browser is only ever sent
 * to the store the manager entered, whatever the server answered.
 */
export function isStoreAuthorizeUrl(authorizeUrl: string, homeUrl: string): boolean {
  const origin = originOf(authorizeUrl);
  return origin !== null && origin === originOf(homeUrl);
}

/** The host of a store's address as people read it (`shop.example:8080`), or the address itself. */
export function storeHost(homeUrl: string): string {
  try {
    return new URL(homeUrl).host;
  } catch {
    return homeUrl;
  }
}

/**
 * The address the api is given for what was typed: `https://` is assumed when no scheme was
 * typed (issue 10), as the api's site check assumes it.
 */
export function withAssumedScheme(typed: string): string {
  const url = typed.trim();
  return url === '' || /^[a-z][a-z0-9+.-]*:\/\//i.test(url) ? url : `https://${url}`;
}
