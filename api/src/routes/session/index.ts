import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError, unauthorized } from '../../errors';
import { currentUser, userOfToken } from '../../plugins/auth';
import type { RouteOptions } from '../options';
import { checkBanSchema, lastAccessSchema } from './schema';

/** POST /user-last-access, GET /check-ban. */
const session: FastifyPluginAsyncTypebox<RouteOptions> = async (app) => {
  // navigator.sendBeacon(url, string) sends text/plain; its content is still our JSON. The
  // parser is scoped to this plugin, so other routes keep refusing text/plain.
  app.removeContentTypeParser('text/plain');
  app.addContentTypeParser('text/plain', { parseAs: 'string' }, (_request, body, done) => {
    try {
      done(null, JSON.parse(body as string));
    } catch {
      done(new HttpError(400, 'body must be JSON {"token": "..."}', 'ERR_VALIDATION'), undefined);
    }
  });

  app.post(
    '/user-last-access',
    { config: { access: 'public' }, schema: lastAccessSchema },
    async (request, reply) => {
      const signedIn = await userOfToken(app.verifyProviderToken, app.repos, request.body.token);
      if (!signedIn) throw unauthorized();
      await app.repos.users.touchLastAccess(signedIn.user.id);
      return reply.code(204).send(null);
    },
  );

  app.get(
    '/check-ban',
    { config: { access: 'user-or-banned' }, schema: checkBanSchema },
    async (request) => {
      return { isBanned: currentUser(request).block === 'block' };
    },
  );
};

export default session;
