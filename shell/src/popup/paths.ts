// The onboarding popup's pages (spec 2.12) and the calls it makes. The full shell imports
// `isPopupPath` only; everything else here belongs to the popup's own slim bundle.

/** The pages of the popup entry (popup.html), served by the static server, not the full shell. */
export const popupPaths = {
  onboarding: '/service-onboarding',
  launchConfirm: '/service-launch-confirm',
} as const;

/** Whether `path` (a pathname, maybe with its query) is one of the popup's pages. */
export function isPopupPath(path: string): boolean {
  const pathname = path.split(/[?#]/, 1)[0] ?? '';
  return pathname === popupPaths.onboarding || pathname === popupPaths.launchConfirm;
}

/** The window name a store opens the popup with (spec 2.12). */
export const POPUP_WINDOW_NAME = 'ServiceAuthGateway';

/** The dashboard api's calls the popup makes (spec 7), relative to /api/connect-ui. */
export const popupApiPaths = {
  /** A user without a plan gets the free plan, as in the iframe join. */
  subscriptionMonitor: '/subscription-monitor?freeSubAutoCreate=true',
  findOrCreate: '/applications/find-or-create',
  /** What the store's public index says (its name), read before anything is written. */
  siteCheck: (homeUrl: string) => `/applications/site-check?url=${encodeURIComponent(homeUrl)}`,
  stations: (applicationId: string) =>
    `/applications/${encodeURIComponent(applicationId)}/stations`,
} as const;

/**
 * Where the store's wc-auth page sends the popup back (the api's returnPath; WooCommerce adds
 * success and user_id). It names the store again, so launch confirm can hear the store's origin
 * (for content-loaded) before it has loaded the application.
 */
export const launchConfirmReturnPath = (homeUrl: string): string =>
  `${popupPaths.launchConfirm}?homeUrl=${encodeURIComponent(homeUrl)}`;

/** The launch confirm page of an application that is authorized already. */
export const launchConfirmUrl = (applicationId: string, homeUrl: string): string =>
  `${launchConfirmReturnPath(homeUrl)}&user_id=${encodeURIComponent(applicationId)}`;
