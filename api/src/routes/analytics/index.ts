import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { ScopeApplication } from '../../domain/analytics/usage';
import { buildUsage, orderCountPeriod, usagePeriod } from '../../domain/analytics/usage';
import { AnalyticsInputError } from '../../domain/analytics/time';
import { HttpError, notFound } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { MANAGER } from '../applications/common';
import type { Repositories } from '../../repositories';
import { orderCountsSchema, usageSchema } from './schema';

/** The domain's input check as a 400 with its message; any other error unchanged. */
function asBadInput<T>(read: () => T): T {
  try {
    return read();
  } catch (error) {
    if (error instanceof AnalyticsInputError) {
      throw new HttpError(400, error.message, 'ERR_VALIDATION');
    }
    throw error;
  }
}

/**
 * The caller's applications the analytics cover: all of them, or `appId` only (404 when it
 * is not one of theirs, so another user's application is not revealed).
 */
async function scopeOf(
  repos: Repositories,
  userId: string,
  appId: string | undefined,
): Promise<ScopeApplication[]> {
  const scope = await repos.analytics.scope(userId, appId);
  if (appId !== undefined && scope.length === 0) throw notFound('Application');
  return scope;
}

/** GET analytics/orders and GET analytics/usage, from the stored orders only (no store call). */
const analytics: FastifyPluginAsyncTypebox = async (app) => {
  app.get('/analytics/orders', { config: MANAGER, schema: orderCountsSchema }, async (request) => {
    const { appId, date, tz, includeDeleted } = request.query;
    const period = asBadInput(() => orderCountPeriod({ date, tz }));
    const scope = await scopeOf(app.repos, currentUser(request).id, appId);
    return app.repos.analytics.orderCounts(
      scope.map((a) => a.id),
      period,
      includeDeleted,
    );
  });

  app.get('/analytics/usage', { config: MANAGER, schema: usageSchema }, async (request) => {
    const { appId, from, to, tz, includeDeleted } = request.query;
    const period = asBadInput(() => usagePeriod({ from, to, tz }));
    const scope = await scopeOf(app.repos, currentUser(request).id, appId);
    const rows = await app.repos.analytics.usage(
      scope.map((a) => a.id),
      period,
      includeDeleted,
    );
    return buildUsage(period, scope, rows);
  });
};

export default analytics;
