/**
 * Every path and URL the shell builds, and nowhere else (STYLE.md: urls.ts).
 * Paths of remotes come from their contracts; the shell only knows the ones it serves or links to.
 */

/** Paths the shell itself serves or sends people to. */
export const paths = {
  dashboard: '/',
  resources: '/resources',
  deactivated: '/deactivated',
  accessDenied: '/access-denied',
  connect: '/connect',
  posUnauthorized: '/pos-unauthorized',
  successLogin: '/success-login',
  loginPrefix: '/login',
  logout: '/logout',
  subscriptionPlans: '/subscription-plans',
} as const;

/**
 * The session routes of spec 2.1 that work signed in or out and lead elsewhere; the shell
 * handles them before anything else. (/deactivated is a page of both states instead.)
 */
export const sessionPaths: readonly string[] = [
  paths.connect,
  paths.posUnauthorized,
  paths.successLogin,
  paths.logout,
];

/** Whether `pathname` is one of the session routes, /login/:token included. */
export const isSessionPath = (pathname: string): boolean =>
  sessionPaths.includes(pathname) || pathname.startsWith(`${paths.loginPrefix}/`);

/** The token of a /login/:token path, or null. */
export function loginTokenFromPath(pathname: string): string | null {
  const prefix = `${paths.loginPrefix}/`;
  if (!pathname.startsWith(prefix)) return null;
  const token = pathname.slice(prefix.length);
  if (!token || token.includes('/')) return null;
  try {
    return decodeURIComponent(token);
  } catch {
    return null;
  }
}

/** Whether `pathname` is the subscription plans page or below it. */
export const isSubscriptionPlansPath = (pathname: string): boolean =>
  pathname === paths.subscriptionPlans || pathname.startsWith(`${paths.subscriptionPlans}/`);

/** The runtime files the shell reads at start. */
export const runtimeFiles = {
  config: '/config.json',
  remotes: '/remotes.json',
} as const;

/** Calls of the dashboard api (relative to /api/connect-ui), spec 7. */
export const apiPaths = {
  userSettings: '/user-settings',
  userData: '/user-data',
  checkBan: '/check-ban',
  subscriptionMonitor: '/subscription-monitor',
  viewer: '/viewer',
  activities: '/activities',
  resendActivationEmail: '/resend-activation-email',
} as const;

/** Where the page-hide beacon reports the last access (absolute path on this origin). */
export const lastAccessBeaconUrl = '/api/connect-ui/user-last-access';

/** The beacon of remote load and mount outcomes (issue 31): remote, release and outcome only. */
export const releaseReportUrl = '/api/connect-ui/releases/reports';
/** The api's HttpOnly session cookie: POST sets it to the bearer token, DELETE clears it. */
export const sessionCookieUrl = '/api/connect-ui/session-cookie';
/** Where the api ends the bearer token's session on the server (POST, signing out). */
export const logoutUrl = '/api/connect-ui/logout';

const trimSlash = (url: string): string => url.replace(/\/+$/, '');

/** The login provider's sign-in page for this dashboard (spec 7). */
export const needAccessUrl = (loginProviderUrl: string, origin: string): string =>
  `${trimSlash(loginProviderUrl)}/need-access/${encodeURIComponent(origin)}?product=pos`;

/** The login provider's registration page, coming back to this dashboard. */
export const needRegisterUrl = (loginProviderUrl: string, origin: string): string =>
  `${trimSlash(loginProviderUrl)}/need-register?product=pos&origin=${encodeURIComponent(origin)}`;

/** Ends the provider's session and comes back to this dashboard's home. */
export const providerLogoutUrl = (loginProviderUrl: string, origin: string): string =>
  `${trimSlash(loginProviderUrl)}/logout?origin=${encodeURIComponent(origin)}`;

/** The provider's token check (spec 7). */
export const providerVerifyUrl = (loginProviderUrl: string): string =>
  `${trimSlash(loginProviderUrl)}/verify`;

/** The provider's token refresh (spec 7). */
export const providerRefreshUrl = (loginProviderUrl: string): string =>
  `${trimSlash(loginProviderUrl)}/refresh`;

/** The hidden single sign-on frame of the login provider (spec 2.10, 7). */
export const ssoFrameUrl = (loginProviderUrl: string, origin: string): string =>
  `${trimSlash(loginProviderUrl)}/sso-frame?origin=${encodeURIComponent(origin)}`;

/** The exact origin of the login provider, for postMessage checks. */
export const providerOrigin = (loginProviderUrl: string): string =>
  new URL(loginProviderUrl).origin;

/** The subscription monitor call, asking for a free plan when the user joined from the iframe. */
/** GET /viewer (the four sign-in calls in one), asking for the free plan after an iframe join. */
export const viewerPath = (isIframeJoin: boolean): string =>
  isIframeJoin ? `${apiPaths.viewer}?freeSubAutoCreate=true` : apiPaths.viewer;

export const subscriptionMonitorPath = (isIframeJoin: boolean): string =>
  isIframeJoin
    ? `${apiPaths.subscriptionMonitor}?freeSubAutoCreate=true`
    : apiPaths.subscriptionMonitor;

/** The station list of an application, where its owner manages access (spec 2.13). */
export const applicationStationsPath = (applicationId: string): string =>
  `/applications/${encodeURIComponent(applicationId)}/stations`;

/**
 * Where a POS sign-in goes back to: the remembered path — already checked to be a same-origin
 * relative one — on the cloud POS host, which serves the addresses `/{appSlug}/{stationSlug}`.
 */
export const cloudPosAddress = (cloudPosUrl: string, path: string): string =>
  `${trimSlash(cloudPosUrl)}${path}`;

/** A mailto link to support. */
export const mailtoUrl = (email: string): string => `mailto:${email}`;
