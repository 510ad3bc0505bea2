import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import activities from './activities';
import analytics from './analytics';
import adminPanel from './admin-panel';
import applications from './applications';
import type { RouteOptions } from './options';
import health from './health';
import live from './live';
import releases from './releases';
import session from './session';
import sessionCookie from './session/cookie';
import staff from './staff';
import subscriptions from './subscriptions';
import userData from './user-data';
import userSettings from './user-settings';
import userTasks from './user-tasks';
import viewer from './viewer';

/** Every route of /api/connect-ui. */
const routes: FastifyPluginAsyncTypebox<RouteOptions> = async (
  app,
  { loginProvider, signingKeys, issuer, stores, payments, mail, releases: releaseOptions },
) => {
  // Only the collaborators travel on: passing the whole options object would repeat the prefix.
  const options: RouteOptions = {
    loginProvider,
    signingKeys,
    issuer,
    stores,
    payments,
    mail,
    releases: releaseOptions,
  };
  await app.register(health);
  await app.register(userSettings, { access: stores });
  await app.register(userData, options);
  await app.register(viewer);
  await app.register(session, options);
  await app.register(sessionCookie, {
    loginProvider,
    domain: stores.cookieDomain ?? null,
    dashboardOrigin: stores.dashboardOrigin,
  });
  await app.register(activities);
  await app.register(live, { signingKeys, issuer });
  await app.register(analytics);
  await app.register(subscriptions, { payments });
  await app.register(adminPanel);
  await app.register(releases, releaseOptions);
  await app.register(applications, { access: stores });
  await app.register(staff, { access: stores });
  await app.register(userTasks, { mail });
};

export default routes;
