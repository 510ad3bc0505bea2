import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { DatabaseHandle } from '../db';

declare module 'fastify' {
  interface FastifyInstance {
    /** The open database (Kysely instance and dialect). */
    database: DatabaseHandle;
  }
}

/** Options of the database plugin. */
export interface DatabasePluginOptions {
  handle: DatabaseHandle;
  /** Close the database when the app closes (false when the caller owns it). */
  closeOnShutdown: boolean;
}

async function database(app: FastifyInstance, options: DatabasePluginOptions): Promise<void> {
  app.decorate('database', options.handle);
  if (options.closeOnShutdown) app.addHook('onClose', () => options.handle.close());
}

/** Exposes the database to the other plugins. */
export default fp(database, { name: 'database', fastify: '5.x' });
