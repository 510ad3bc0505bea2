import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { VERIFY_MIN_INTERVAL_MS } from '../../repositories/activities';
import { activityCsv, exportPeriod } from './export';
import {
  createActivitySchema,
  exportActivitiesSchema,
  listActivitiesSchema,
  verifyActivitiesSchema,
} from './schema';

/**
 * GET /activities-list, POST /activities, GET /activities/verify (the caller's hash chain,
 * paced per user) and GET /activities/export (CSV of a period); the last two are for
 * managers, like /activity.
 */
const activities: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/activities-list',
    { config: { access: 'user-or-banned' }, schema: listActivitiesSchema },
    async (request) => {
      const { page, limit } = request.query;
      return app.repos.activities.page(currentUser(request).id, page, limit);
    },
  );

  app.post('/activities', { schema: createActivitySchema }, async (request, reply) => {
    const id = await app.repos.activities.create(currentUser(request).id, {
      name: request.body.name.trim(),
      feedType: request.body.feedType,
    });
    return reply.code(201).send({ id });
  });

  app.get(
    '/activities/verify',
    { config: { access: 'manager' }, schema: verifyActivitiesSchema },
    async (request, reply) => {
      const userId = currentUser(request).id;
      // A run reads the feed: paced per user in the database, so every instance agrees.
      const waitMs = await app.repos.activities.claimVerifyRun(userId, VERIFY_MIN_INTERVAL_MS);
      if (waitMs > 0) {
        const seconds = Math.ceil(waitMs / 1000);
        reply.header('retry-after', String(seconds));
        throw new HttpError(
          429,
          `The feed was verified moments ago: try again in ${seconds} s`,
          'ERR_RATE_LIMITED',
        );
      }
      return app.repos.activities.verify(userId, { full: request.query.full });
    },
  );

  app.get(
    '/activities/export',
    { config: { access: 'manager' }, schema: exportActivitiesSchema },
    async (request, reply) => {
      const { from, to, tz } = request.query;
      const period = exportPeriod(from, to, tz);
      return (
        reply
          .type('text/csv; charset=utf-8')
          .header('content-disposition', `attachment; filename="activity-${from}-${to}.csv"`)
          .header('cache-control', 'no-store')
          // A stream: Fastify pipes it as is, the response schema only documents the body.
          .send(
            activityCsv(app.repos.activities, currentUser(request).id, period) as unknown as string,
          )
      );
    },
  );
};

export default activities;
