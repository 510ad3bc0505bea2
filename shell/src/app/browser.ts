/** The parts of the browser the shell steers, injectable so that tests can watch them. */
export interface BrowserAdapter {
  /** This dashboard's origin, e.g. "http://127.0.0.1:3000". */
  origin: string;
  /** document.referrer as it was when the page loaded. */
  referrer: string;
  /** Full-page navigation (location.assign). */
  assign: (url: string) => void;
  reload: () => void;
  localStorage: Storage;
  sessionStorage: Storage;
  /** Waits, for delays that must be observable in tests. */
  setTimeout: (handler: () => void, ms: number) => ReturnType<typeof setTimeout>;
  clearTimeout: (handle: ReturnType<typeof setTimeout>) => void;
}

/** The real browser. */
export const realBrowser = (): BrowserAdapter => ({
  origin: window.location.origin,
  referrer: document.referrer,
  assign: (url) => window.location.assign(url),
  reload: () => window.location.reload(),
  localStorage: window.localStorage,
  sessionStorage: window.sessionStorage,
  setTimeout: (handler, ms) => setTimeout(handler, ms),
  clearTimeout: (handle) => clearTimeout(handle),
});
