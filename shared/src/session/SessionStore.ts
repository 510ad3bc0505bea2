import { BehaviorSubject, type Observable } from '@pos/shared/rx';
import type { EventBus } from '../bus/EventBus';
import type { AuthTokenClaims } from '../types/entities';
import { decodeToken } from './token';

/** Where the token is kept in the browser. */
export const TOKEN_STORAGE_KEY = 'pos.token';
/**
 * The cookie that mirrors the token, expiring at the token's exp (spec 4). The api sets it
 * HttpOnly (POST /session-cookie): script never reads or writes it, the cloud POS host reads it.
 */
export const TOKEN_COOKIE = 'pos_token';

/**
 * Brings the session cookie in step with a token (null: clears it). The shell's writer asks
 * the api; it resolves once the cookie is set or cleared, and never rejects.
 */
export type SessionCookieWriter = (token: string | null) => Promise<void>;

/**
 * Holds the session token: local storage (spec 7: script reads it for the bearer header and the
 * exp/nra checks), the HttpOnly cookie through a {@link SessionCookieWriter}, and an observable.
 * Setting or clearing the token emits `token-changed` on the bus.
 */
export class SessionStore {
  private readonly token$$: BehaviorSubject<string | null>;
  /** The latest cookie write: writes run one after another, so the last token wins. */
  private cookieWrite: Promise<void> = Promise.resolve();

  constructor(
    private readonly bus: EventBus,
    private readonly storage: Storage | null = typeof localStorage === 'undefined'
      ? null
      : localStorage,
    private readonly writeCookie: SessionCookieWriter | null = null,
  ) {
    this.token$$ = new BehaviorSubject<string | null>(
      this.storage?.getItem(TOKEN_STORAGE_KEY) ?? null,
    );
  }

  /** The token as it changes. */
  get token$(): Observable<string | null> {
    return this.token$$.asObservable();
  }

  /** The current token, if any. */
  get token(): string | null {
    return this.token$$.value;
  }

  /** The current token's claims, if it decodes. */
  get claims(): AuthTokenClaims | null {
    return decodeToken(this.token);
  }

  /** Stores a new token (or clears it with null) and tells everyone. */
  setToken(token: string | null): void {
    if (token === this.token$$.value) return;
    if (token) this.storage?.setItem(TOKEN_STORAGE_KEY, token);
    else this.storage?.removeItem(TOKEN_STORAGE_KEY);
    const write = this.writeCookie;
    if (write) this.cookieWrite = this.cookieWrite.then(() => write(token)).catch(() => undefined);
    this.token$$.next(token);
    this.bus.emit('token-changed', { token });
  }

  /**
   * Resolves once the cookie matches the latest token (or its write failed): wait for it
   * before leaving the page for a cloud POS address, a reload or the provider's logout.
   */
  cookieSettled(): Promise<void> {
    return this.cookieWrite;
  }
}
