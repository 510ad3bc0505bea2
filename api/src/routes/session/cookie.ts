import fastifyCookie from '@fastify/cookie';
import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { FastifyRequest } from 'fastify';
import { TOKEN_COOKIE } from '../../cloud-pos/cookies';
import { unauthorized } from '../../errors';
import { clearSessionCookieSchema, setSessionCookieSchema } from './schema';

/** How the session cookie is scoped. */
export interface SessionCookieOptions {
  /** Domain attribute (COOKIE_DOMAIN), shared with the cloud POS host; null: host-only. */
  domain: string | null;
  /** DASHBOARD_ORIGIN: an https dashboard makes the cookie `Secure`. */
  dashboardOrigin: string;
}

/**
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
};

export default sessionCookie;
