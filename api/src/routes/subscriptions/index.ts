import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { PaymentsAccess } from '../options';
import { planUsage } from '../../domain/billing/usage';
import { currentUser } from '../../plugins/auth';
import { freePlanIdFor } from '../../repositories/plans';
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
    async (request) => {
      const user = currentUser(request);
      let plan = await app.repos.plans.current(user.id);
      if (!plan && request.query.freeSubAutoCreate) {
        plan = await app.repos.plans.subscribeIfNone(user.id, freePlanIdFor(user.user_role));
      }
      // From the database only: the default card's id is kept in step by the card routes.
      const [isHavePaymentMethod, usage] = await Promise.all([
        app.repos.billing.hasPaymentMethod(user.id),
        plan ? planUsage(app.repos, user.id, plan) : null,
      ]);
      return { plan, isHavePaymentMethod, usage };
    },
  );

  app.get(
    '/subscription-plans',
    { config: { access: 'user-or-banned' }, schema: plansSchema },
    async (request) => ({ plans: await app.repos.plans.visibleTo(currentUser(request).id) }),
  );

  await app.register(billing, { payments });
};

export default subscriptions;
