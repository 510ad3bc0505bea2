import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { Repositories } from '../repositories';
import { createRepositories } from '../repositories';

declare module 'fastify' {
  interface FastifyInstance {
    /** One repository per table group. */
    repos: Repositories;
  }
}

async function repositories(app: FastifyInstance): Promise<void> {
  app.decorate('repos', createRepositories(app.database));
}

/** The repositories over the app's database. */
export default fp(repositories, {
  name: 'repositories',
  dependencies: ['database'],
  fastify: '5.x',
});
