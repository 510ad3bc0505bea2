import { createHash } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { Repositories } from '../../repositories';
import type { LoginProviderClient } from '../../services/login-provider';
import type { ProviderClaims } from '../../services/provider-tokens';
import { CLOCK_TOLERANCE_S } from '../../services/provider-tokens';

/** What a token says about the session it belongs to. */
export type SessionClaims = Pick<ProviderClaims, 'sub' | 'nra' | 'sid'>;

/**
 * The key of a token's session in ended_sessions, the same for every token of one sign-in,
 * refreshed ones included: the provider's `sid`, or for a provider that names none, the
 * account with its refresh limit (`nra`, set at sign-in and kept by every refresh). Hashed,
 * so the key has one length whatever the claims hold, and never reads as a token part.
 */
export function sessionKeyOf(claims: SessionClaims): string {
  const identity = claims.sid !== null ? ['sid', claims.sid] : ['sign-in', claims.sub, claims.nra];
  return createHash('sha256').update(JSON.stringify(identity)).digest('base64url');
}

/** Whether the token's session was signed out (on any instance sharing the database). */
export function isSessionEnded(
  repos: Pick<Repositories, 'endedSessions'>,
  claims: SessionClaims,
): Promise<boolean> {
  return repos.endedSessions.isEnded(sessionKeyOf(claims));
}

/**
 * Signs the token's session out (OWASP ASVS V7): recorded first, so every instance refuses its
 * tokens from the moment this returns, then the provider is told, so it stops refreshing them.
 * The record does not wait on the provider: a provider that cannot be reached must not keep a
 * session alive that its user ended. Its failure is logged; the record already refuses any
 * token the provider might still refresh, and the browser's own sign-out at the provider
 * follows.
 */
export async function endSession(
  repos: Pick<Repositories, 'endedSessions'>,
  provider: LoginProviderClient,
  log: FastifyBaseLogger,
  claims: SessionClaims,
  token: string,
): Promise<void> {
  // Kept while the verifier would still honour a token of the session (its nra, with the
  // clock tolerance the verifier allows).
  const expiresAt = new Date((claims.nra + CLOCK_TOLERANCE_S + 1) * 1000);
  await repos.endedSessions.end(sessionKeyOf(claims), expiresAt);
  try {
    await provider.endSession(token);
  } catch (error) {
    log.warn({ err: error }, 'the login provider was not told of a logout');
  }
}
