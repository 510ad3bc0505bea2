import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../plugins/auth';
import { activityCsv, exportPeriod } from './export';
import {
  createActivitySchema,
  exportActivitiesSchema,
  listActivitiesSchema,
  verifyActivitiesSchema,
} from './schema';

/**
 * GET /activities-list, POST /activities, GET /activities/verify (the caller's hash chain)
 * and GET /activities/export (CSV of a period, managers like /activity).
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
    { config: { access: 'user-or-banned' }, schema: verifyActivitiesSchema },
    async (request) => app.repos.activities.verify(currentUser(request).id),
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
