import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { planStateOf } from '../../domain/billing/plan-state';
import { currentUser } from '../../plugins/auth';
import { userDataOf } from '../user-data';
import { getViewerSchema } from './schema';

/**
 * GET /viewer: the four answers the dashboard reads at sign-in (GET /user-settings, /user-data,
 * /check-ban and /subscription-monitor, which stay for other callers) in one call, so the shell
 * and its first-paint server make one round trip instead of four. Each part is read exactly as
 * its own route reads it, for the caller only.
 */
const viewer: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/viewer',
    { config: { access: 'user-or-banned' }, schema: getViewerSchema },
    async (request) => {
      const user = currentUser(request);
      const [settings, subscription] = await Promise.all([
        app.repos.settings.get(user.id, user.user_role),
        planStateOf(app.repos, user, request.query.freeSubAutoCreate === true),
      ]);
      return {
        settings,
        user: userDataOf(user),
        isBanned: user.block === 'block',
        subscription,
      };
    },
  );
};

export default viewer;
