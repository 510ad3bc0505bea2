// The onboarding popup's pages as a pure state machine: `start` reads the page's address and
// the session, `step` takes what a call answered; both say what to do next as effects, which
// popup/effects.ts carries out. Nothing here touches the browser.
import { homeOriginOf } from './messages';
import { launchConfirmReturnPath, launchConfirmUrl, popupPaths } from './paths';

/** Spec 8's onboarding texts, 'Contact Support' and 'Close' included. */
export const POPUP_TEXTS = {
  checkingSession: 'Checking your session',
  checkingStore: 'Checking the store',
  confirmTitle: 'Connect this store to Cloud POS?',
  confirmStore: 'Store',
  confirmAddress: 'Address',
  confirmWarning:
    'Connect a store only when you opened this window yourself from that store’s own Connect to Cloud POS screen.',
  confirm: 'Connect store',
  cancel: 'Cancel',
  settingUp: 'Setting up your store',
  redirecting: 'Redirecting',
  loadingStation: 'Loading your POS station',
  creationFailed: 'Error occurred during the application creation',
  creationFallback: 'Error occurred during Subscription and Application Setup',
  completeFailed: 'Unable to complete the process',
  completeFallback: 'An unexpected error occurred',
  wpDenied: 'Unable to process your request due to a temporary issue on WP side',
  noStation: 'The store has no POS station to open yet',
  notFound: 'This page does not exist',
  missingHomeUrl: 'The store address is missing from the request',
  invalidHomeUrl: 'The store address of the request is not a web address',
  successHeading: 'Your store is connected',
  successText: 'Your cloud POS station is ready:',
  contactSupport: 'Contact Support',
  close: 'Close',
} as const;

/** Why the store named cannot be connected from this window (it did not open it). */
export const notOpenedByStore = (homeUrl: string): string =>
  `This window was not opened by the store at ${homeUrl}. Open Cloud POS again from the ` +
  'Connect to Cloud POS screen in that store’s own wp-admin.';

/** The store named is no WooCommerce store, or did not answer (find-or-create's own texts). */
export const notAStore = (homeUrl: string, reachable: boolean): string =>
  reachable
    ? `The site at ${homeUrl} is not a WooCommerce store`
    : `The site at ${homeUrl} could not be reached`;

/** What the popup shows. */
export type PopupState =
  | { page: 'loading'; message: string }
  /**
   * Nothing is written before the signed-in person confirms here which store they connect:
   * its name from its public index (site-check) and the address the request named.
   */
  | { page: 'confirm'; homeUrl: string; siteName: string }
  | { page: 'error'; title: string; details: string | null }
  | { page: 'success'; stationURL: string };

/** What the popup must do next. */
export type PopupEffect =
  /** Remember where to come back after sign-in (the shell's redirect path). */
  | { type: 'remember-return'; path: string }
  /** A full page load elsewhere (the login provider, the store's wc-auth, the next page). */
  | { type: 'assign'; url: string }
  /** GET /applications/site-check: the store's name from its public index. */
  | { type: 'site'; homeUrl: string }
  /**
   * Waits (briefly) until the store's own page has been heard (and told `content-loaded`):
   * the application is bound to that page's origin.
   */
  | { type: 'await-store' }
  /** GET /subscription-monitor?freeSubAutoCreate=true. */
  | { type: 'subscription' }
  /** POST /applications/find-or-create, bound to the origin of the store's page. */
  | { type: 'find-or-create'; homeUrl: string; returnPath: string; storeOrigin: string }
  /** GET /applications/{id}/stations, for the default station's address. */
  | { type: 'station'; applicationId: string }
  /**
   * Tell the store its station's address — only when the store origin the popup heard is the
   * origin of the application's own homeUrl (not merely the one its address named).
   */
  | { type: 'post-setup-complete'; stationURL: string; applicationHomeUrl: string };

/** The popup's page as it loads. */
export interface PopupInput {
  pathname: string;
  /** The page's query (location.search). */
  search: string;
  /** Whether a usable token is stored (spec 4: decodes, exp or nra in the future). */
  signedIn: boolean;
  /** The login provider's pages for this dashboard. */
  needAccessUrl: string;
  needRegisterUrl: string;
}

/** What a call answered, or how it failed (`details`: the server's text or the error's). */
export type PopupEvent =
  | { type: 'site-done'; name: string | null; isWooCommerce: boolean; reachable: boolean }
  | { type: 'site-failed'; details: string | null }
  /** The person pressed Connect store on the confirm page. */
  | { type: 'confirmed' }
  /** The store's page was heard, or the wait for it ended (see the context's storeOrigin). */
  | { type: 'store-waited' }
  | { type: 'subscription-done' }
  | { type: 'subscription-failed'; details: string | null }
  | {
      type: 'find-or-create-done';
      id: string;
      isVerifiedAuth: boolean;
      authInProgress: boolean;
      authorizeUrl: string | null;
    }
  | { type: 'find-or-create-failed'; details: string | null }
  | { type: 'station-done'; stationURL: string | null; applicationHomeUrl: string }
  | { type: 'station-failed'; details: string | null };

/** The context `step` needs. */
export interface PopupContext {
  /** The store's address of the page's query. */
  homeUrl: string | null;
  /**
   * The origin of the store page heard (its `parent-origin` message, from the opener, at the
   * origin of homeUrl: see messages.ts), or null while none was.
   */
  storeOrigin: string | null;
}

export type Transition = [PopupState, PopupEffect[]];

const loading = (message: string): PopupState => ({ page: 'loading', message });
const error = (title: string, details: string | null): PopupState => ({
  page: 'error',
  title,
  details,
});

/** `url` with every query parameter of `search` carried over (the provider's own win). */
export function withQueryOf(url: string, search: string): string {
  const target = new URL(url);
  for (const [key, value] of new URLSearchParams(search)) {
    if (!target.searchParams.has(key)) target.searchParams.append(key, value);
  }
  return target.href;
}

/** `search` without authMode, so coming back from the provider does not go there again. */
function returnPathOf(pathname: string, search: string): string {
  const query = new URLSearchParams(search);
  query.delete('authMode');
  const rest = query.toString();
  return rest ? `${pathname}?${rest}` : pathname;
}

/** The page a load starts on, and what to do first. */
export function start(input: PopupInput): Transition {
  const query = new URLSearchParams(input.search);
  if (input.pathname === popupPaths.launchConfirm) {
    if (query.get('success') === '0') return [error(POPUP_TEXTS.wpDenied, null), []];
    const id = query.get('user_id');
    if (!id) return [error(POPUP_TEXTS.completeFailed, POPUP_TEXTS.completeFallback), []];
    if (!input.signedIn) return signIn(input, 'login');
    return [loading(POPUP_TEXTS.loadingStation), [{ type: 'station', applicationId: id }]];
  }
  if (input.pathname !== popupPaths.onboarding) {
    return [error(POPUP_TEXTS.notFound, null), []];
  }
  const authMode = query.get('authMode');
  if (authMode === 'register' || authMode === 'login') return signIn(input, authMode);
  if (!input.signedIn) return signIn(input, 'login');
  const homeUrl = query.get('homeUrl');
  if (!homeUrl) return [error(POPUP_TEXTS.creationFailed, POPUP_TEXTS.missingHomeUrl), []];
  if (!homeOriginOf(homeUrl)) {
    return [error(POPUP_TEXTS.creationFailed, POPUP_TEXTS.invalidHomeUrl), []];
  }
  // Read only: the free plan and the application wait for the person's confirmation.
  return [loading(POPUP_TEXTS.checkingStore), [{ type: 'site', homeUrl }]];
}

/** Off to the provider's sign-in or registration, coming back to this page afterwards. */
function signIn(input: PopupInput, mode: 'login' | 'register'): Transition {
  const page = mode === 'register' ? input.needRegisterUrl : input.needAccessUrl;
  return [
    loading(POPUP_TEXTS.redirecting),
    [
      { type: 'remember-return', path: returnPathOf(input.pathname, input.search) },
      { type: 'assign', url: withQueryOf(page, input.search) },
    ],
  ];
}

/** The host of an http(s) address, for a store whose index gives no name. */
function hostOf(homeUrl: string): string {
  try {
    return new URL(homeUrl).host;
  } catch {
    return homeUrl;
  }
}

/**
 * The origin of the store's own page when it was heard and is the origin of the store the
 * request names; null otherwise (a foreign opener, no opener, a frame of the dashboard).
 */
function boundStoreOrigin(context: PopupContext): string | null {
  const expected = homeOriginOf(context.homeUrl);
  return expected && context.storeOrigin === expected ? expected : null;
}

/** The next page for what a call answered, or what the person chose. */
export function step(state: PopupState, event: PopupEvent, context: PopupContext): Transition {
  switch (event.type) {
    case 'site-done': {
      if (!context.homeUrl) {
        return [error(POPUP_TEXTS.creationFailed, POPUP_TEXTS.missingHomeUrl), []];
      }
      if (!event.isWooCommerce) {
        return [error(POPUP_TEXTS.creationFailed, notAStore(context.homeUrl, event.reachable)), []];
      }
      const siteName = event.name?.trim() || hostOf(context.homeUrl);
      return [{ page: 'confirm', homeUrl: context.homeUrl, siteName }, []];
    }
    case 'site-failed':
      return [error(POPUP_TEXTS.creationFailed, event.details ?? POPUP_TEXTS.creationFallback), []];
    case 'confirmed':
      // Only the confirm page's own button counts (a double click, a stale event: nothing).
      if (state.page !== 'confirm') return [state, []];
      return [loading(POPUP_TEXTS.settingUp), [{ type: 'await-store' }]];
    case 'store-waited':
      if (!boundStoreOrigin(context)) {
        return [error(POPUP_TEXTS.creationFailed, notOpenedByStore(context.homeUrl ?? '')), []];
      }
      return [state, [{ type: 'subscription' }]];
    case 'subscription-done': {
      const storeOrigin = boundStoreOrigin(context);
      if (!context.homeUrl) {
        return [error(POPUP_TEXTS.creationFailed, POPUP_TEXTS.missingHomeUrl), []];
      }
      if (!storeOrigin) {
        return [error(POPUP_TEXTS.creationFailed, notOpenedByStore(context.homeUrl)), []];
      }
      return [
        state,
        [
          {
            type: 'find-or-create',
            homeUrl: context.homeUrl,
            returnPath: launchConfirmReturnPath(context.homeUrl),
            storeOrigin,
          },
        ],
      ];
    }
    case 'subscription-failed':
    case 'find-or-create-failed':
      return [error(POPUP_TEXTS.creationFailed, event.details ?? POPUP_TEXTS.creationFallback), []];
    case 'find-or-create-done':
      if (event.isVerifiedAuth) {
        return [
          loading(POPUP_TEXTS.redirecting),
          [{ type: 'assign', url: launchConfirmUrl(event.id, context.homeUrl ?? '') }],
        ];
      }
      if (event.authInProgress && event.authorizeUrl) {
        // The store has been heard (and told content-loaded) before the confirmation went on.
        return [loading(POPUP_TEXTS.redirecting), [{ type: 'assign', url: event.authorizeUrl }]];
      }
      return [error(POPUP_TEXTS.creationFailed, POPUP_TEXTS.creationFallback), []];
    case 'station-done':
      if (!event.stationURL) return [error(POPUP_TEXTS.completeFailed, POPUP_TEXTS.noStation), []];
      return [
        { page: 'success', stationURL: event.stationURL },
        [
          {
            type: 'post-setup-complete',
            stationURL: event.stationURL,
            applicationHomeUrl: event.applicationHomeUrl,
          },
        ],
      ];
    case 'station-failed':
      return [error(POPUP_TEXTS.completeFailed, event.details ?? POPUP_TEXTS.completeFallback), []];
  }
}
