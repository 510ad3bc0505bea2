import { jwtDecode } from 'jwt-decode';
import type { AuthTokenClaims } from '../types/entities';

/** Refresh when the token expires within this many seconds (spec 9). */
export const REFRESH_THRESHOLD_SECONDS = 300;
/** The periodic check never waits longer than this (spec 9). */
export const MAX_CHECK_INTERVAL_SECONDS = 60;

/** Decodes a token's claims, or null when it does not decode or lacks `exp`/`nra`. */
export function decodeToken(token: string | null | undefined): AuthTokenClaims | null {
  if (!token) return null;
  try {
    const claims = jwtDecode<Partial<AuthTokenClaims>>(token);
    if (
      typeof claims.exp !== 'number' ||
      typeof claims.nra !== 'number' ||
      typeof claims.sub !== 'string'
    ) {
      return null;
    }
    return claims as AuthTokenClaims;
  } catch {
    return null;
  }
}

/** Seconds since the epoch. */
export const nowSeconds = (): number => Math.floor(Date.now() / 1000);

/** Spec 4: logged in while the token's exp or nra is in the future. */
export function isLoggedIn(claims: AuthTokenClaims | null, now = nowSeconds()): boolean {
  return claims != null && (claims.exp > now || claims.nra > now);
}

/** Spec 4/9: the periodic check runs every min(60, (nra - now) / 20) seconds. */
export function checkIntervalSeconds(claims: AuthTokenClaims, now = nowSeconds()): number {
  const untilNra = Math.max(0, claims.nra - now);
  return Math.max(1, Math.min(MAX_CHECK_INTERVAL_SECONDS, untilNra / 20));
}

/** What the periodic check does with the current token. */
export type TokenCheckAction = 'keep' | 'refresh' | 'clear';

/** Spec 4: if exp is under 300 s away, refresh while nra is in the future, otherwise clear. */
export function tokenCheckAction(
  claims: AuthTokenClaims | null,
  now = nowSeconds(),
): TokenCheckAction {
  if (!claims) return 'clear';
  if (claims.exp - now >= REFRESH_THRESHOLD_SECONDS) return 'keep';
  return claims.nra > now ? 'refresh' : 'clear';
}
