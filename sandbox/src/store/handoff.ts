import { createHmac, randomBytes, timingSafeEqual } from 'node:crypto';
import type { JWTPayload, JWTVerifyGetKey } from 'jose';
import { createRemoteJWKSet, errors, jwtVerify } from 'jose';
import { readCookie } from '../login/sessions';

/** `iss` of the cloud POS host's hand-off tokens. */
export const POS_TOKEN_ISSUER = 'cloud-pos-api';

/** Where the cloud POS host publishes its public keys when POS_JWKS_URL is not set. */
export const DEFAULT_POS_JWKS_URL = 'http://127.0.0.1:4300/.well-known/jwks.json';

/** The station session cookie (path `/pos/{pos_id}`, so each station has its own). */
export const STATION_SESSION_COOKIE = 'pos_station_session';

/**
 * The station session's cookie for the register's calls to the store
 * (`/wp-json/pos-connect/v1/register/{pos_id}/…`): the same session, a second cookie, because
 * the page's cookie is scoped to `/pos/{pos_id}`. SameSite=Strict: only the register's own page
 * sends it.
 */
export const REGISTER_SESSION_COOKIE = 'pos_register_session';

/** Where the register's routes of one station live (the register cookie's path). */
export function registerApiPath(posId: number): string {
  return `/wp-json/pos-connect/v1/register/${posId}`;
}

/** A register stays signed in for a shift. */
const SESSION_SECONDS = 12 * 60 * 60;

/** A hand-off token lives 60 s; more than this is not one the POS host made. */
const MAX_TOKEN_AGE_SECONDS = 300;

/**
 * Most station sessions kept at once: past it the oldest go first, so a flood of hand-offs
 * cannot grow the store's memory without limit. Used jtis are not capped (dropping one would
 * let its token be replayed): they leave once expired, a minute after the POS host signed them.
 */
const MAX_ENTRIES = 10_000;

/** Seconds of clock difference between the POS host and the store that still pass. */
const CLOCK_TOLERANCE_SECONDS = 5;

/** The claims of a verified hand-off token that the station needs. */
export interface HandoffClaims {
  sub: string;
  email: string;
  name: string;
  posId: string;
  wpUserId: number;
  jti: string;
  /** Expiry, in seconds since the epoch. */
  exp: number;
  /** The owner's Assistant progress when they show the Assistant in POS (spec 2.11), else null. */
  assistant: AssistantProgress | null;
}

/** The Assistant's remaining and total tasks, as the register's ring shows them. */
export interface AssistantProgress {
  remaining: number;
  total: number;
}

/**
 * The hand-off's optional `assistant` claim; null when absent or not two counts that fit
 * (a malformed one hides the ring rather than refusing the sign-in).
 */
export function assistantOf(raw: unknown): AssistantProgress | null {
  const { remaining, total } = (raw ?? {}) as Record<string, unknown>;
  const count = (value: unknown): value is number =>
    typeof value === 'number' && Number.isInteger(value) && value >= 0 && value <= 10_000;
  if (!count(remaining) || !count(total) || remaining > total) return null;
  return { remaining, total };
}

/** Who is signed in at one station, after a successful hand-off. */
export interface StationSession {
  id: string;
  posId: number;
  wpUserId: number;
  sub: string;
  name: string;
  email: string;
  expiresAt: number;
  assistant: AssistantProgress | null;
}

/** Why a hand-off was refused; `status` is the page's HTTP status. */
export interface HandoffRefusal {
  status: 403 | 503;
  reason: string;
}

const REASONS = {
  missing: 'The sign-in token is missing.',
  expired: 'The sign-in token has expired. Open the station again from its cloud POS address.',
  audience: 'The sign-in token is meant for another store.',
  issuer: 'The sign-in token was not issued by the cloud POS.',
  invalid: 'The sign-in token is not valid.',
  station: 'The sign-in token is meant for another station.',
  replayed:
    'The sign-in token was already used. Open the station again from its cloud POS address.',
  keys: 'The sign-in could not be checked: the cloud POS keys are unavailable. Try again in a moment.',
} as const;

function refusal(reason: string, status: 403 | 503 = 403): HandoffRefusal {
  return { status, reason };
}

function claimsOf(payload: JWTPayload): HandoffClaims | undefined {
  const { sub, email, name, pos_id: posId, wp_user_id: wpUserId, jti, exp } = payload;
  if (typeof sub !== 'string' || sub === '') return undefined;
  if (typeof email !== 'string' || typeof name !== 'string') return undefined;
  if (typeof posId !== 'string' || !/^\d+$/.test(posId)) return undefined;
  if (typeof wpUserId !== 'number' || !Number.isInteger(wpUserId) || wpUserId < 1) return undefined;
  if (typeof jti !== 'string' || jti === '' || typeof exp !== 'number') return undefined;
  return { sub, email, name, posId, wpUserId, jti, exp, assistant: assistantOf(payload.assistant) };
}

function reasonOf(error: unknown): HandoffRefusal {
  if (error instanceof errors.JWTExpired) return refusal(REASONS.expired);
  if (error instanceof errors.JWTClaimValidationFailed) {
    if (error.claim === 'aud') return refusal(REASONS.audience);
    if (error.claim === 'iss') return refusal(REASONS.issuer);
    return refusal(REASONS.invalid);
  }
  // A key set that cannot be fetched is the store's trouble, not a bad token.
  if (error instanceof errors.JWKSTimeout || !(error instanceof errors.JOSEError)) {
    return refusal(REASONS.keys, 503);
  }
  return refusal(REASONS.invalid);
}

/**
 * The station side of the cloud POS hand-off: verifies the POS host's ES256 tokens against
 * its JWKS (fetched once and cached by jose), refuses a `jti` seen before, and keeps the
 * station sessions it then opens (memory only: a restart signs every register out).
 */
export class StationHandoff {
  private keySet: JWTVerifyGetKey | undefined;
  /** jti → expiry (ms): a token can only be replayed while it is unexpired. */
  private readonly usedJtis = new Map<string, number>();
  private readonly sessions = new Map<string, StationSession>();
  /** Keys the register's per-session CSRF tokens. */
  private readonly tokenSecret = randomBytes(32);

  /** `jwks` is the key set's URL, or the key set itself (tests). */
  constructor(
    private readonly jwks: string | JWTVerifyGetKey,
    private readonly now: () => number,
  ) {}

  private getKeySet(): JWTVerifyGetKey {
    this.keySet ??=
      typeof this.jwks === 'string' ? createRemoteJWKSet(new URL(this.jwks)) : this.jwks;
    return this.keySet;
  }

  /**
   * Checks a hand-off token for the station `posId` of the store at `home` and uses up its
   * `jti`. The access check (may `wpUserId` open the station) is the caller's.
   */
  async verify(
    token: string | undefined,
    home: string,
    posId: number,
  ): Promise<HandoffClaims | HandoffRefusal> {
    if (!token) return refusal(REASONS.missing);
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, this.getKeySet(), {
        algorithms: ['ES256'],
        issuer: POS_TOKEN_ISSUER,
        // The dashboard stores the home URL as the site reported it; a trailing slash is the same site.
        audience: [home, `${home}/`],
        requiredClaims: ['exp', 'iat', 'jti', 'sub'],
        maxTokenAge: MAX_TOKEN_AGE_SECONDS,
        clockTolerance: CLOCK_TOLERANCE_SECONDS,
        currentDate: new Date(this.now()),
      }));
    } catch (error) {
      return reasonOf(error);
    }
    const claims = claimsOf(payload);
    if (!claims) return refusal(REASONS.invalid);
    if (claims.posId !== String(posId)) return refusal(REASONS.station);
    this.forgetExpiredJtis();
    if (this.usedJtis.has(claims.jti)) return refusal(REASONS.replayed);
    this.usedJtis.set(claims.jti, (claims.exp + CLOCK_TOLERANCE_SECONDS) * 1000);
    return claims;
  }

  /** Drops the jtis past their expiry: such a token is refused as expired anyway. */
  private forgetExpiredJtis(): void {
    const now = this.now();
    for (const [jti, expiresAt] of this.usedJtis) {
      if (expiresAt < now) this.usedJtis.delete(jti);
    }
  }

  /** Drops the sessions past their end, which nobody can use any more. */
  private forgetExpiredSessions(): void {
    const now = this.now();
    for (const [id, session] of this.sessions) {
      if (session.expiresAt <= now) this.sessions.delete(id);
    }
  }

  /**
   * Opens a station session and returns its Set-Cookie values: the page's cookie, then the
   * register api's (see {@link REGISTER_SESSION_COOKIE}).
   */
  openSessionCookies(posId: number, claims: HandoffClaims): [string, string] {
    const page = this.openSession(posId, claims);
    const id = readCookie(page.split(';')[0], STATION_SESSION_COOKIE) ?? '';
    return [
      page,
      `${REGISTER_SESSION_COOKIE}=${id}; Path=${registerApiPath(posId)}; HttpOnly; SameSite=Strict; Max-Age=${SESSION_SECONDS}`,
    ];
  }

  /** Opens a station session and returns its Set-Cookie value. */
  openSession(posId: number, claims: HandoffClaims): string {
    this.forgetExpiredSessions();
    const id = randomBytes(24).toString('base64url');
    this.sessions.set(id, {
      id,
      posId,
      wpUserId: claims.wpUserId,
      sub: claims.sub,
      name: claims.name,
      email: claims.email,
      expiresAt: this.now() + SESSION_SECONDS * 1000,
      assistant: claims.assistant,
    });
    dropOldest(this.sessions);
    return `${STATION_SESSION_COOKIE}=${id}; Path=/pos/${posId}; HttpOnly; SameSite=Lax; Max-Age=${SESSION_SECONDS}`;
  }

  /** The live session of this station behind the request's cookie (`cookieName`'s). */
  session(
    cookieHeader: string | undefined,
    posId: number,
    cookieName: string = STATION_SESSION_COOKIE,
  ): StationSession | undefined {
    const id = readCookie(cookieHeader, cookieName);
    const session = id ? this.sessions.get(id) : undefined;
    if (!id || !session || session.posId !== posId) return undefined;
    if (session.expiresAt <= this.now()) {
      this.sessions.delete(id);
      return undefined;
    }
    return session;
  }

  /** Ends a session and returns the Set-Cookie value that clears it. */
  closeSession(session: StationSession): string {
    this.sessions.delete(session.id);
    return `${STATION_SESSION_COOKIE}=; Path=/pos/${session.posId}; HttpOnly; SameSite=Lax; Max-Age=0`;
  }

  /** The Set-Cookie value that clears the register api's cookie of a station. */
  clearRegisterCookie(posId: number): string {
    return `${REGISTER_SESSION_COOKIE}=; Path=${registerApiPath(posId)}; HttpOnly; SameSite=Strict; Max-Age=0`;
  }

  /**
   * The session's CSRF token, which the register page carries and every register call sends
   * (`X-POS-Token`): a cross-site request has the cookie at most, never this.
   */
  registerToken(session: StationSession): string {
    return createHmac('sha256', this.tokenSecret).update(session.id).digest('base64url');
  }

  /** Whether `given` is the session's register token (compared in constant time). */
  checkRegisterToken(session: StationSession, given: string | undefined): boolean {
    if (!given) return false;
    const expected = Buffer.from(this.registerToken(session));
    const actual = Buffer.from(given);
    return actual.length === expected.length && timingSafeEqual(actual, expected);
  }
}

/** Deletes a map's first-inserted (oldest) entries until it holds at most MAX_ENTRIES. */
function dropOldest(map: Map<string, unknown>): void {
  for (const key of map.keys()) {
    if (map.size <= MAX_ENTRIES) return;
    map.delete(key);
  }
}

/** Tells a refusal from verified claims. */
export function isRefusal(result: HandoffClaims | HandoffRefusal): result is HandoffRefusal {
  return 'reason' in result;
}
