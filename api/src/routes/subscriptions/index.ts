import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PaymentsAccess } from '../options';
import { planStateOf } from '../../domain/billing/plan-state';
import { currentUser } from '../../plugins/auth';
import billing from './billing';
import { monitorSchema, plansSchema } from './schema';

/** GET /subscription-monitor and GET /subscription-plans. */
const subscriptions: FastifyPluginAsyncTypebox<{ payments: PaymentsAccess | null }> = async (
  app,
  { payments },
) => {
  app.get(
    '/subscription-monitor',
    { config: { access: 'user-or-banned' }, schema: monitorSchema },
    async (request) =>
      planStateOf(app.repos, currentUser(request), request.query.freeSubAutoCreate === true),
  );

  app.get(
    '/subscription-plans',
    { config: { access: 'user-or-banned' }, schema: plansSchema },
    async (request) => ({ plans: await app.repos.plans.visibleTo(currentUser(request).id) }),
  );

  await app.register(billing, { payments });
};

export default subscriptions;
