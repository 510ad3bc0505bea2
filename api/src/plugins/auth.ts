import type { FastifyInstance, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { UserRow } from '../db/types';
import { isSessionEnded } from '../domain/sessions/ended';
import { banned, forbidden, unauthorized } from '../errors';
import type { Repositories } from '../repositories';
import type { ProviderClaims, ProviderTokenVerifier } from '../services/provider-tokens';

/** Who may call a route, set in the route's `config.access`. */
export type RouteAccess =
  /** No token needed. */
  | 'public'
  /** Any signed-in user that is not banned (the default). */
  | 'user'
  /** Signed-in users, banned ones included: what the disabled dashboard of a banned user needs. */
  | 'user-or-banned'
  /** Token with isAdmin. */
  | 'admin'
  /** userRole manager. */
  | 'manager';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call this route; defaults to 'user'. */
    access?: RouteAccess;
  }
  interface FastifyRequest {
    /** The signed-in user; set on every route that is not public. */
    user: UserRow | null;
    /** The verified claims of the bearer token. */
    claims: ProviderClaims | null;
    /** The raw bearer token (for calls made to the provider on the user's behalf). */
    bearerToken: string | null;
  }
  interface FastifyInstance {
    /**
     * Verifies a login-provider token (signature, algorithm, issuer, exp, nra); whether its
     * session was signed out is {@link userOfToken}'s to check.
     */
    verifyProviderToken: ProviderTokenVerifier;
  }
}

/** Options of the auth plugin. */
export interface AuthPluginOptions {
  verifier: ProviderTokenVerifier;
}

/** The signed-in user of a non-public route. */
export function currentUser(request: FastifyRequest): UserRow {
  if (!request.user) throw unauthorized();
  return request.user;
}

/** A verified token and its user. */
export interface SignedInUser {
  user: UserRow;
  claims: ProviderClaims;
}

/**
 * The user of a login-provider token: verified (signature, algorithm, issuer, exp, nra), its
 * session not signed out (ended_sessions, on the database every instance shares: no cache, so
 * a logout through one instance holds on all of them at once), then loaded, created on first
 * sight and kept in step with the token. Null for a token that does not verify or whose
 * session ended. The bearer auth, the last-access beacon and the POS host's cookie all go
 * through here.
 */
export async function userOfToken(
  verifier: ProviderTokenVerifier,
  repos: Pick<Repositories, 'users' | 'endedSessions'>,
  token: string,
): Promise<SignedInUser | null> {
  let claims: ProviderClaims;
  try {
    claims = await verifier(token);
  } catch {
    return null;
  }
  // Before the user is touched: a signed-out token's claims change nothing.
  if (await isSessionEnded(repos, claims)) return null;
  return { user: await repos.users.ensureFromClaims(claims), claims };
}

/** The token of an `Authorization: Bearer …` header, or null. */
export function bearerOf(request: FastifyRequest): string | null {
  const header = request.headers.authorization;
  if (!header) return null;
  const match = /^Bearer\s+(\S+)\s*$/i.exec(header);
  return match?.[1] ?? null;
}

async function auth(app: FastifyInstance, options: AuthPluginOptions): Promise<void> {
  app.decorate('verifyProviderToken', options.verifier);
  app.decorateRequest('user', null);
  app.decorateRequest('claims', null);
  app.decorateRequest('bearerToken', null);

  // onRequest: a caller without the right is turned away before its body is even read.
  app.addHook('onRequest', async (request) => {
    if (request.is404) return;
    const access = request.routeOptions.config.access ?? 'user';
    if (access === 'public') return;

    const token = bearerOf(request);
    if (!token) throw unauthorized();
    const signedIn = await userOfToken(options.verifier, app.repos, token);
    if (!signedIn) throw unauthorized();
    const { user, claims } = signedIn;
    request.user = user;
    request.claims = claims;
    request.bearerToken = token;

    if (user.block === 'block' && access !== 'user-or-banned') throw banned();
    if (access === 'admin' && !claims.isAdmin) throw forbidden();
    if (access === 'manager' && user.user_role !== 'manager') throw forbidden();
  });
}

/**
 * Bearer authentication against the login provider, first-sight user creation, and the
 * ban/admin/manager gates chosen per route by `config.access`.
 */
export default fp(auth, { name: 'auth', dependencies: ['repositories'], fastify: '5.x' });
