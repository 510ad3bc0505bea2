import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { currentUser } from '../../plugins/auth';
import { createActivitySchema, listActivitiesSchema } from './schema';

/** GET /activities-list and POST /activities. */
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
};

export default activities;
