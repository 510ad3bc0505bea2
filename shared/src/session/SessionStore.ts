import { BehaviorSubject, type Observable } from 'rxjs';
import type { EventBus } from '../bus/EventBus';
import type { AuthTokenClaims } from '../types/entities';
import { decodeToken } from './token';

/** Where the token is kept in the browser. */
export const TOKEN_STORAGE_KEY = 'pos.token';
/** The cookie that mirrors the token, expiring at the token's exp (spec 4). */
export const TOKEN_COOKIE = 'pos_token';

/**
 * Holds the session token: local storage, a cookie expiring with the token, and an observable.
 * Setting or clearing the token emits `token-changed` on the bus.
 */
export class SessionStore {
  private readonly token$$: BehaviorSubject<string | null>;

  constructor(
    private readonly bus: EventBus,
    private readonly storage: Storage | null = typeof localStorage === 'undefined'
      ? null
      : localStorage,
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
    if (token) {
      this.storage?.setItem(TOKEN_STORAGE_KEY, token);
      const claims = decodeToken(token);
      writeCookie(TOKEN_COOKIE, token, claims ? new Date(claims.exp * 1000) : null);
    } else {
      this.storage?.removeItem(TOKEN_STORAGE_KEY);
      writeCookie(TOKEN_COOKIE, '', new Date(0));
    }
    this.token$$.next(token);
    this.bus.emit('token-changed', { token });
  }
}

function writeCookie(name: string, value: string, expires: Date | null): void {
  if (typeof document === 'undefined') return;
  const secure =
    typeof location !== 'undefined' && location.protocol === 'https:' ? '; Secure' : '';
  const expiry = expires ? `; expires=${expires.toUTCString()}` : '';
  document.cookie = `${name}=${encodeURIComponent(value)}; path=/; SameSite=Lax${expiry}${secure}`;
}
