import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import { readCookie } from '../login/sessions';
import type { WpUser } from './seed';

/** WordPress keeps a "remember me"-less login for two days. */
const SESSION_SECONDS = 2 * 24 * 60 * 60;

interface AdminSession {
  userId: number;
  expiresAt: number;
}

/**
 * Store admin logins (memory only: a restart logs everyone out) and the CSRF nonces of their
 * forms, bound to the session and the action like WordPress's wp_create_nonce.
 */
export class AdminSessions {
  private readonly sessions = new Map<string, AdminSession>();
  private readonly secret = randomBytes(32);

  constructor(
    private readonly siteUrl: () => string,
    private readonly now: () => number,
  ) {}

  /** WordPress names the cookie after a hash of the site URL (COOKIEHASH). */
  get cookieName(): string {
    return `wordpress_logged_in_${createHash('md5').update(this.siteUrl()).digest('hex')}`;
  }

  create(user: WpUser): { id: string; cookie: string } {
    const id = randomBytes(24).toString('base64url');
    this.sessions.set(id, { userId: user.id, expiresAt: this.now() + SESSION_SECONDS * 1000 });
    return {
      id,
      cookie: `${this.cookieName}=${id}; Path=/; HttpOnly; SameSite=Lax; Max-Age=${SESSION_SECONDS}`,
    };
  }

  clearCookie(): string {
    return `${this.cookieName}=; Path=/; HttpOnly; SameSite=Lax; Max-Age=0`;
  }

  /** The session id and user id behind the request's cookie, while the session lasts. */
  current(cookieHeader: string | undefined): { id: string; userId: number } | undefined {
    const id = readCookie(cookieHeader, this.cookieName);
    const session = id ? this.sessions.get(id) : undefined;
    if (!id || !session) return undefined;
    if (session.expiresAt <= this.now()) {
      this.sessions.delete(id);
      return undefined;
    }
    return { id, userId: session.userId };
  }

  delete(id: string): void {
    this.sessions.delete(id);
  }

  nonce(sessionId: string, action: string): string {
    return createHmac('sha256', this.secret)
      .update(`${sessionId}|${action}`)
      .digest('hex')
      .slice(0, 20);
  }

  checkNonce(sessionId: string, action: string, given: string | undefined): boolean {
    if (!given) return false;
    const expected = Buffer.from(this.nonce(sessionId, action));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}
