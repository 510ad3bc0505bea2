import { parseCookie } from 'cookie';
import { randomBytes } from 'node:crypto';

/** A browser's signed-in state at the provider, behind the `sandbox_sid` cookie. */
export interface ProviderSession {
  userId: string;
  /** Not-refresh-after, in seconds since the epoch: the end of this sign-in. */
  nra: number;
}

export const SESSION_COOKIE = 'sandbox_sid';

/** Provider sessions in memory: a restart signs every browser out of the provider. */
export class SessionStore {
  private readonly sessions = new Map<string, ProviderSession>();

  constructor(private readonly nowSeconds: () => number) {}

  create(session: ProviderSession): string {
    this.sweep();
    const id = randomBytes(24).toString('base64url');
    this.sessions.set(id, session);
    return id;
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

  delete(id: string | undefined): void {
    if (id) this.sessions.delete(id);
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
  }
}

/** Reads one cookie from a Cookie header (parsed by the cookie package). */
export function readCookie(header: string | undefined, name: string): string | undefined {
  return header ? parseCookie(header)[name] : undefined;
}
