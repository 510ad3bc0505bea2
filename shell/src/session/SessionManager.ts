import {
  checkIntervalSeconds,
  decodeToken,
  isLoggedIn,
  nowSeconds,
  tokenCheckAction,
  type SessionStore,
} from '@pos/shared/lean';
import type { Subscription } from '@pos/shared/rx';
import {
  lastAccessBeaconUrl,
  logoutUrl,
  needAccessUrl,
  providerRefreshUrl,
  providerVerifyUrl,
} from '../urls';

/** Timer functions, injected so that tests can drive the clock. */
export interface Timers {
  setTimeout: (handler: () => void, ms: number) => unknown;
  clearTimeout: (handle: unknown) => void;
}

/** What the session manager needs from the outside world. */
export interface SessionManagerOptions {
  store: SessionStore;
  loginProviderUrl: string;
  /** This dashboard's origin, sent to the provider's need-access page. */
  origin: string;
  fetch: typeof fetch;
  /** Seconds since the epoch. */
  now?: () => number;
  timers?: Timers;
  /** navigator.sendBeacon. */
  sendBeacon?: (url: string, body: string) => boolean;
  /** Where `pagehide` is listened to (the window). */
  pageHideTarget?: Pick<Window, 'addEventListener' | 'removeEventListener'>;
  /** Sends the browser elsewhere (location.assign). */
  redirect: (url: string) => void;
}

/** Outcome of the start-up check. */
export type InitialCheckResult = 'signed-in' | 'signed-out' | 'redirected';

const defaultTimers: Timers = {
  setTimeout: (handler, ms) => globalThis.setTimeout(handler, ms),
  clearTimeout: (handle) => globalThis.clearTimeout(handle as ReturnType<typeof setTimeout>),
};

/**
 * The session of spec 4, on top of the shared SessionStore: the start-up verify → refresh →
 * clear sequence, the periodic expiry check, and the page-hide last-access beacon.
 */
export class SessionManager {
  private readonly now: () => number;
  private readonly timers: Timers;
  private timer: unknown = null;
  private tokenSubscription: Subscription | null = null;
  private checking = false;
  private started = false;

  constructor(private readonly options: SessionManagerOptions) {
    this.now = options.now ?? nowSeconds;
    this.timers = options.timers ?? defaultTimers;
  }

  /** Whether the stored token is logged in right now (exp or nra in the future). */
  get isLoggedIn(): boolean {
    return isLoggedIn(this.options.store.claims, this.now());
  }

  /**
   * Runs the start-up check, then keeps the session fresh until `stop()`.
   * Resolves once the check is over (and a token it refreshed has its session cookie): the
   * shell shows a loading state until then.
   */
  async start(): Promise<InitialCheckResult> {
    if (this.started) return this.isLoggedIn ? 'signed-in' : 'signed-out';
    this.started = true;
    this.options.pageHideTarget?.addEventListener('pagehide', this.onPageHide);
    const result = await this.initialCheck();
    if (this.started) {
      this.tokenSubscription = this.options.store.token$.subscribe(() => this.schedule());
    }
    return result;
  }

  /** Stops the periodic check and the beacon. */
  stop(): void {
    this.started = false;
    this.options.pageHideTarget?.removeEventListener('pagehide', this.onPageHide);
    this.tokenSubscription?.unsubscribe();
    this.tokenSubscription = null;
    this.cancelTimer();
  }

  /** POST {provider}/verify: whether the provider still accepts the token. */
  async verify(token: string): Promise<boolean> {
    try {
      const response = await this.post(providerVerifyUrl(this.options.loginProviderUrl), token);
      if (!response.ok) return false;
      const body = (await response.json().catch(() => ({}))) as { success?: unknown };
      return body.success !== false;
    } catch {
      return false;
    }
  }

  /** POST {provider}/refresh: a new token, or null when the provider refuses. */
  async refresh(token: string): Promise<string | null> {
    try {
      const response = await this.post(providerRefreshUrl(this.options.loginProviderUrl), token);
      if (!response.ok) return null;
      const body = (await response.json().catch(() => ({}))) as { token?: unknown };
      return typeof body.token === 'string' && decodeToken(body.token) ? body.token : null;
    } catch {
      return null;
    }
  }

  /**
   * POST /api/connect-ui/logout with the token: the api ends its session for every instance
   * and tells the provider, so no copy of the token, nor a token refreshed from it, works
   * again. Never rejects: signing out here goes on whatever the answer.
   */
  async endSession(token: string): Promise<void> {
    try {
      const response = await this.options.fetch(logoutUrl, {
        method: 'POST',
        headers: { Authorization: `Bearer ${token}` },
        credentials: 'same-origin',
        // Delivered even if the page is left before the answer comes.
        keepalive: true,
      });
      if (!response.ok) console.warn('The session was not ended on the server', response.status);
    } catch (error) {
      console.warn('The session was not ended on the server', error);
    }
  }

  private post(url: string, token: string): Promise<Response> {
    return this.options.fetch(url, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify({ token }),
    });
  }

  private currentResult(): InitialCheckResult {
    return this.isLoggedIn ? 'signed-in' : 'signed-out';
  }

  private async initialCheck(): Promise<InitialCheckResult> {
    const { store } = this.options;
    const token = store.token;
    if (!token) return 'signed-out';
    if (!isLoggedIn(decodeToken(token), this.now())) {
      store.setToken(null);
      return 'signed-out';
    }
    const verified = await this.verify(token);
    // A sign-in or sign-out that happened meanwhile (/login/:token, /logout) wins.
    if (store.token !== token) return this.currentResult();
    if (verified) return 'signed-in';
    const fresh = await this.refresh(token);
    if (store.token !== token) return this.currentResult();
    if (fresh && isLoggedIn(decodeToken(fresh), this.now())) {
      store.setToken(fresh);
      // The stored token's cookie has expired or is about to (its check failed): the signed-in
      // pages, which link to cloud POS addresses, wait for the new one.
      await store.cookieSettled();
      if (store.token !== fresh) return this.currentResult();
      return 'signed-in';
    }
    store.setToken(null);
    this.options.redirect(needAccessUrl(this.options.loginProviderUrl, this.options.origin));
    return 'redirected';
  }

  private cancelTimer(): void {
    if (this.timer != null) this.timers.clearTimeout(this.timer);
    this.timer = null;
  }

  private schedule(): void {
    this.cancelTimer();
    if (!this.started) return;
    const claims = this.options.store.claims;
    const now = this.now();
    if (!claims || !isLoggedIn(claims, now)) return;
    const delayMs = checkIntervalSeconds(claims, now) * 1000;
    this.timer = this.timers.setTimeout(() => {
      this.timer = null;
      void this.check();
    }, delayMs);
  }

  /** One periodic check (spec 4): refresh near exp while nra allows, otherwise clear. */
  private async check(): Promise<void> {
    if (this.checking || !this.started) return;
    const { store } = this.options;
    const token = store.token;
    if (!token) return;
    this.checking = true;
    try {
      const action = tokenCheckAction(decodeToken(token), this.now());
      if (action === 'keep') {
        this.schedule();
        return;
      }
      if (action === 'clear') {
        store.setToken(null);
        return;
      }
      const fresh = await this.refresh(token);
      if (store.token !== token) return;
      if (fresh === token) this.schedule();
      else store.setToken(fresh);
    } finally {
      this.checking = false;
    }
  }

  private readonly onPageHide = (): void => {
    const token = this.options.store.token;
    if (token) this.options.sendBeacon?.(lastAccessBeaconUrl, JSON.stringify({ token }));
  };
}
