/** Fired after the shell changes the URL itself (history.pushState sends no event). */
export const LOCATION_CHANGE_EVENT = 'pos:locationchange';

/** The path and query the browser shows. */
export interface BrowserLocation {
  pathname: string;
  search: string;
}

/** The parts of the browser the shell steers, injectable so that tests can watch them. */
export interface BrowserAdapter {
  /** This dashboard's origin, e.g. "http://127.0.0.1:3000". */
  origin: string;
  /** document.referrer as it was when the page loaded. */
  referrer: string;
  /** Full-page navigation (location.assign). */
  assign: (url: string) => void;
  reload: () => void;
  /** Moves within the app without a page load. */
  navigate: (to: string, options?: { replace?: boolean }) => void;
  /** Tells every location listener that the URL changed (the signed-in router moved). */
  announceLocation: () => void;
  /** The current location as text ("/path?query"): a stable snapshot for React. */
  locationKey: () => string;
  /** Calls `listener` whenever the location changes; returns the unsubscribe. */
  subscribeLocation: (listener: () => void) => () => void;
  localStorage: Storage;
  sessionStorage: Storage;
  /** Waits, for delays that must be observable in tests. */
  setTimeout: (handler: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimeout: (handle: ReturnType<typeof setTimeout>) => void;
}

/** Splits a location key back into path and query. */
export function parseLocationKey(key: string): BrowserLocation {
  const queryAt = key.indexOf('?');
  return queryAt < 0
    ? { pathname: key, search: '' }
    : { pathname: key.slice(0, queryAt), search: key.slice(queryAt) };
}

/** History-based location functions shared by the real browser and the test one. */
export const historyLocation = (): Pick<
  BrowserAdapter,
  'navigate' | 'announceLocation' | 'locationKey' | 'subscribeLocation'
> => {
  const announceLocation = () => window.dispatchEvent(new Event(LOCATION_CHANGE_EVENT));
  return {
    navigate: (to, options) => {
      if (options?.replace) window.history.replaceState(null, '', to);
      else window.history.pushState(null, '', to);
      announceLocation();
    },
    announceLocation,
    locationKey: () => `${window.location.pathname}${window.location.search}`,
    subscribeLocation: (listener) => {
      window.addEventListener('popstate', listener);
      window.addEventListener(LOCATION_CHANGE_EVENT, listener);
      return () => {
        window.removeEventListener('popstate', listener);
        window.removeEventListener(LOCATION_CHANGE_EVENT, listener);
      };
    },
  };
};

/** The real browser. */
export const realBrowser = (): BrowserAdapter => ({
  origin: window.location.origin,
  referrer: document.referrer,
  assign: (url) => window.location.assign(url),
  reload: () => window.location.reload(),
  ...historyLocation(),
  localStorage: window.localStorage,
  sessionStorage: window.sessionStorage,
  setTimeout: (handler, ms) => setTimeout(handler, ms),
  clearTimeout: (handle) => clearTimeout(handle),
});
