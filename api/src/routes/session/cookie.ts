import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { TOKEN_COOKIE } from '../../cloud-pos/cookies';
import { endSession } from '../../domain/sessions/ended';
import { unauthorized } from '../../errors';
import { bearerOf } from '../../plugins/auth';
import type { ProviderClaims } from '../../services/provider-tokens';
import type { LoginProviderClient } from '../../services/login-provider';
import { clearSessionCookieSchema, logoutSchema, setSessionCookieSchema } from './schema';

/** How the session cookie is scoped, and whom a logout tells. */
export interface SessionCookieOptions {
  /** The login provider's client: a logout ends the session there too. */
  loginProvider: LoginProviderClient;
  /** Domain attribute (COOKIE_DOMAIN), shared with the cloud POS host; null: host-only. */
  domain: string | null;
  /** DASHBOARD_ORIGIN: an https dashboard makes the cookie `Secure`. */
  dashboardOrigin: string;
}

/**
 * POST /logout ends the bearer token's session on the server and clears the cookie.
 *
 * POST and DELETE /session-cookie: the `pos_token` cookie of spec 4 ("changing the token sets a
 * cookie whose expiry equals exp"), set by the api so that it is HttpOnly: the cloud POS
 * addresses read it (the POS host, same site as the dashboard), the dashboard's script never
 * does. The shell calls it, through its same-origin proxy, whenever its token changes.
 */
const sessionCookie: FastifyPluginAsyncTypebox<SessionCookieOptions> = async (app, options) => {
  await app.register(fastifyCookie);
  const secure = (request: FastifyRequest) =>
    request.protocol === 'https' || new URL(options.dashboardOrigin).protocol === 'https:';
  const scope = (request: FastifyRequest) => ({
    path: '/',
    httpOnly: true,
    sameSite: 'lax' as const,
    secure: secure(request),
    ...(options.domain ? { domain: options.domain } : {}),
  });

  // A banned user's cookie too: the POS host then tells them 'Service is Paused'.
  app.post(
    '/session-cookie',
    { config: { access: 'user-or-banned' }, schema: setSessionCookieSchema },
    async (request, reply) => {
      const { bearerToken, claims } = request;
      if (!bearerToken || !claims) throw unauthorized();
      return reply
        .setCookie(TOKEN_COOKIE, bearerToken, {
          ...scope(request),
          expires: new Date(claims.exp * 1000),
        })
        .code(204)
        .send(null);
    },
  );

  // Signing out must work without a valid token (it may be the expired one being cleared).
  app.delete(
    '/session-cookie',
    { config: { access: 'public' }, schema: clearSessionCookieSchema },
    async (request, reply) => reply.clearCookie(TOKEN_COOKIE, scope(request)).code(204).send(null),
  );

  // Public, checking its token itself: a token past its exp still names a session that a
  // refresh would revive, so it may end it; a banned user may sign out too.
  app.post(
    '/logout',
    { config: { access: 'public' }, schema: logoutSchema },
    async (request, reply) => {
      const token = bearerOf(request);
      if (!token) throw unauthorized();
      let claims: ProviderClaims;
      try {
        claims = await app.verifyProviderToken(token, { allowExpired: true });
      } catch {
        throw unauthorized();
      }
      await endSession(app.repos, options.loginProvider, request.log, claims, token);
      return reply.clearCookie(TOKEN_COOKIE, scope(request)).code(204).send(null);
    },
  );
};

export default sessionCookie;
