import { parseCookie } from 'cookie';
import { randomBytes } from 'node:crypto';

/** A browser's signed-in state at the provider, behind the `sandbox_sid` cookie. */
export interface ProviderSession {
  userId: string;
  /**
   * The session's public identity, the `sid` claim of every token issued in it (refreshed ones
   * too). Not the cookie's value: a token is readable by script, the cookie is not.
   */
  sid: string;
  /** Not-refresh-after, in seconds since the epoch: the end of this sign-in. */
  nra: number;
}

export const SESSION_COOKIE = 'sandbox_sid';

const newSecret = () => randomBytes(24).toString('base64url');

/**
 * Provider sessions in memory: a restart signs every browser out of the provider. Ended
 * sessions (signed out at the provider or by a dashboard's back-channel logout) are kept by
 * `sid` until their `nra`, so their tokens neither refresh nor verify again. A restart forgets
 * those too; the api keeps its own record of the sessions it ended.
 */
export class SessionStore {
  private readonly sessions = new Map<string, ProviderSession>();
  /** sid → its nra: the sessions that ended before their nra. */
  private readonly ended = new Map<string, number>();

  constructor(private readonly nowSeconds: () => number) {}

  /** Opens a session with a new sid; returns the cookie's value and the session. */
  create(session: Omit<ProviderSession, 'sid'>): { id: string; session: ProviderSession } {
    this.sweep();
    const id = newSecret();
    const created = { ...session, sid: newSecret() };
    this.sessions.set(id, created);
    return { id, session: created };
  }

  /** The live session behind this id, or undefined once it has ended. */
  get(id: string | undefined): ProviderSession | undefined {
    if (!id) return undefined;
    const session = this.sessions.get(id);
    if (session && session.nra <= this.nowSeconds()) {
      this.sessions.delete(id);
      return undefined;
    }
    return session;
  }

  /** Forgets the cookie's session without ending its tokens (a new sign-in replaces it). */
  delete(id: string | undefined): void {
    if (id) this.sessions.delete(id);
  }

  /**
   * Signs the session `sid` out: its cookie stops signing the browser in, and its tokens stop
   * refreshing and verifying, until `nra` (after which they would not anyway).
   */
  end(sid: string, nra: number): void {
    this.sweep();
    if (nra > this.nowSeconds()) this.ended.set(sid, nra);
    for (const [id, session] of this.sessions) {
      if (session.sid === sid) this.sessions.delete(id);
    }
  }

  /** Whether the session `sid` was signed out. */
  isEnded(sid: string): boolean {
    return this.ended.has(sid);
  }

  deleteForUser(userId: string): void {
    for (const [id, session] of this.sessions) {
      if (session.userId === userId) this.sessions.delete(id);
    }
  }

  private sweep(): void {
    const now = this.nowSeconds();
    for (const [id, session] of this.sessions) {
      if (session.nra <= now) this.sessions.delete(id);
    }
    for (const [sid, nra] of this.ended) {
      if (nra <= now) this.ended.delete(sid);
    }
  }
}

/** Reads one cookie from a Cookie header (parsed by the cookie package). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  return header ? parseCookie(header)[name] : undefined;
}
