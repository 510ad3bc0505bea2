import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { quickLaunchRefusal } from '../../domain/stations/quick-launch';
import type { StoreAccess } from '../../domain/store-access';
import { HttpError } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { QuickLaunchFullError } from '../../repositories/settings';
import type { SettingsChange } from '../../repositories/settings';
import { getSettingsSchema, putSettingsSchema } from './schema';

/** GET and PUT /user-settings. */
const userSettings: FastifyPluginAsyncTypebox<{ access: StoreAccess }> = async (
  app,
  { access },
) => {
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
    const { quickLaunchPOSId: key, ...flags } = request.body;
    const change: SettingsChange = flags;
    if (key !== undefined) {
      // A toggle: a pinned station comes off whatever became of it; a pin must be a station
      // the caller may open (the store is asked).
      const current = await app.repos.settings.get(user.id, user.user_role);
      const pinned = !current.quickLaunchPOSIds[key];
      if (pinned) {
        const refusal = await quickLaunchRefusal(app.repos, access, user, key, request.log);
        if (refusal) throw new HttpError(403, refusal, 'ERR_QUICK_LAUNCH_REFUSED');
      }
      change.quickLaunch = { key, pinned };
    }
    try {
      return await app.repos.settings.update(user.id, user.user_role, change);
    } catch (error) {
      if (error instanceof QuickLaunchFullError) {
        throw new HttpError(400, error.message, 'ERR_QUICK_LAUNCH_FULL');
      }
      throw error;
    }
  });
};

export default userSettings;
