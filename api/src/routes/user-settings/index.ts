import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../plugins/auth';
import { getSettingsSchema, putSettingsSchema } from './schema';

/** GET and PUT /user-settings. */
const userSettings: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/user-settings',
    { config: { access: 'user-or-banned' }, schema: getSettingsSchema },
    async (request) => {
      const user = currentUser(request);
      return app.repos.settings.get(user.id, user.user_role);
    },
  );

  app.put('/user-settings', { schema: putSettingsSchema }, async (request) => {
    const user = currentUser(request);
    return app.repos.settings.update(user.id, user.user_role, request.body);
  });
};

export default userSettings;
