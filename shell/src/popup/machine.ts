// The onboarding popup's pages as a pure state machine: `start` reads the page's address and
// the session, `step` takes what a call answered; both say what to do next as effects, which
// popup/effects.ts carries out. Nothing here touches the browser.
import { launchConfirmReturnPath, launchConfirmUrl, popupPaths } from './paths';

/** Spec 8's onboarding texts, 'Contact Support' and 'Close' included. */
export const POPUP_TEXTS = {
  checkingSession: 'Checking your session',
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
  successHeading: 'Your store is connected',
  successText: 'Your cloud POS station is ready:',
  contactSupport: 'Contact Support',
  close: 'Close',
} as const;

/** What the popup shows. */
export type PopupState =
  | { page: 'loading'; message: string }
  | { page: 'error'; title: string; details: string | null }
  | { page: 'success'; stationURL: string };

/** What the popup must do next. */
export type PopupEffect =
  /** Remember where to come back after sign-in (the shell's redirect path). */
  | { type: 'remember-return'; path: string }
  /** A full page load elsewhere (the login provider, the store's wc-auth, the next page). */
  | { type: 'assign'; url: string }
  /**
   * The load of the store's wc-auth page: it waits (briefly) until the store has been heard
   * and told `content-loaded`, so the store knows its window is alive before it leaves.
   */
  | { type: 'leave-for-store'; url: string }
  /** GET /subscription-monitor?freeSubAutoCreate=true. */
  | { type: 'subscription' }
  /** POST /applications/find-or-create. */
  | { type: 'find-or-create'; homeUrl: string; returnPath: string }
  /** GET /applications/{id}/stations, for the default station's address. */
  | { type: 'station'; applicationId: string }
  /** Tell the store its station's address. */
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

/** The context `step` needs: the store's address of the page's query. */
export interface PopupContext {
  homeUrl: string | null;
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
  return [loading(POPUP_TEXTS.settingUp), [{ type: 'subscription' }]];
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

/** The next page for what a call answered. */
export function step(state: PopupState, event: PopupEvent, context: PopupContext): Transition {
  switch (event.type) {
    case 'subscription-done':
      if (!context.homeUrl) {
        return [error(POPUP_TEXTS.creationFailed, POPUP_TEXTS.missingHomeUrl), []];
      }
      return [
        state,
        [
          {
            type: 'find-or-create',
            homeUrl: context.homeUrl,
            returnPath: launchConfirmReturnPath(context.homeUrl),
          },
        ],
      ];
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
        return [
          loading(POPUP_TEXTS.redirecting),
          [{ type: 'leave-for-store', url: event.authorizeUrl }],
        ];
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
