import { createRemoteJWKSet, decodeJwt, jwtVerify } from 'jose';
import type { JWTPayload } from 'jose';

/** The claims of a login-provider token that the api relies on. */
export interface ProviderClaims {
  sub: string;
  exp: number;
  /** Not-refresh-after (seconds). */
  nra: number;
  email: string | null;
  name: string | null;
  isAdmin: boolean;
  isVerified: boolean;
  /**
   * The provider session the token was issued in (OpenID Connect's `sid`), kept by its
   * refreshes; null when the provider names none.
   */
  sid: string | null;
}

/** How a token is judged. */
export interface VerifyOptions {
  /**
   * Accept a token past its exp (still within nra): what a logout needs, since a token that
   * expired can still be refreshed until its session ends.
   */
  allowExpired?: boolean;
}

/** Verifies a login-provider token; rejects with {@link InvalidTokenError}. */
export type ProviderTokenVerifier = (
  token: string,
  options?: VerifyOptions,
) => Promise<ProviderClaims>;

/** The token is missing, malformed, expired, wrongly signed or lacks a required claim. */
export class InvalidTokenError extends Error {
  override readonly name = 'InvalidTokenError';
}

/** Seconds of clock skew tolerated on exp/iat. */
export const CLOCK_TOLERANCE_S = 5;

// NUL cannot be stored in PostgreSQL text: a name or email carrying one would fail every
// request of that user with a 500, so it is dropped from the profile claims. An unpaired
// surrogate has no UTF-8 form: it becomes U+FFFD rather than invalid bytes in the database.
function optionalString(value: unknown): string | null {
  if (typeof value !== 'string') return null;
  const clean = value.replaceAll('\u0000', '').toWellFormed();
  return clean.length > 0 ? clean : null;
}

/**
 * Verifier of the provider's tokens against its JWKS (`{providerUrl}/.well-known/jwks.json`,
 * fetched lazily, cached, refetched on an unknown kid at most every 30 s): RS256 only, the
 * expected issuer, and sub/exp/nra present.
 */
export function createProviderTokenVerifier(
  providerUrl: string,
  issuer: string,
): ProviderTokenVerifier {
  const jwks = createRemoteJWKSet(new URL(`${providerUrl}/.well-known/jwks.json`), {
    timeoutDuration: 5000,
    cooldownDuration: 30_000,
    cacheMaxAge: 10 * 60_000,
  });
  return async (token, options = {}) => {
    let payload: JWTPayload;
    try {
      ({ payload } = await jwtVerify(token, jwks, {
        algorithms: ['RS256'],
        issuer,
        clockTolerance: CLOCK_TOLERANCE_S,
        requiredClaims: ['sub', 'exp', 'nra'],
        ...(options.allowExpired ? { currentDate: beforeExpiry(token) } : {}),
      }));
    } catch (error) {
      throw new InvalidTokenError(error instanceof Error ? error.message : 'invalid token');
    }
    const { sub, exp, nra, sid } = payload;
    if (
      (sid !== undefined && !wellFormedId(sid)) ||
      typeof sub !== 'string' ||
      !sub ||
      sub.includes('\u0000') ||
      !sub.isWellFormed() ||
      typeof exp !== 'number' ||
      typeof nra !== 'number' ||
      !Number.isFinite(nra)
    ) {
      throw new InvalidTokenError('sub, exp and nra must be present, and they and sid well formed');
    }
    // The session ends at nra: a token is not honoured past it, whatever its exp says.
    if (nra + CLOCK_TOLERANCE_S < Math.floor(Date.now() / 1000)) {
      throw new InvalidTokenError('the session ended (nra has passed)');
    }
    return {
      sub,
      exp,
      nra,
      email: optionalString(payload.email),
      name: optionalString(payload.name),
      isAdmin: payload.isAdmin === true,
      isVerified: payload.isVerified === true,
      sid: typeof sid === 'string' ? sid : null,
    };
  };
}

// The api keeps only a hash of the sid (see sessionKeyOf): any non-empty Unicode text will do.
function wellFormedId(value: unknown): value is string {
  return typeof value === 'string' && value.length > 0 && value.isWellFormed();
}

/**
 * The time to judge an expired token at: just before its (unverified) exp, so that jose still
 * checks its signature, algorithm, issuer and claims, and only the expiry is waived. The nra
 * check after it runs on the real clock and bounds how old a token this accepts.
 */
function beforeExpiry(token: string): Date | undefined {
  let exp: unknown;
  try {
    ({ exp } = decodeJwt(token));
  } catch {
    return undefined;
  }
  if (typeof exp !== 'number' || !Number.isFinite(exp)) return undefined;
  return new Date(Math.min(Date.now(), (exp - 1) * 1000));
}
