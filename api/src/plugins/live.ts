import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LiveHubOptions } from '../live/hub';
import { LiveHub } from '../live/hub';

declare module 'fastify' {
  interface FastifyInstance {
    /** The live stream's fan-out in this process (issue 12 §5). */
    live: LiveHub;
  }
}

/** Options of the live plugin. */
export interface LivePluginOptions {
  /** How often old live events are deleted; 0 turns the pruning off. */
  pruneIntervalMs?: number;
  /** The streams' heartbeat period and the LISTEN connection's health check. */
  hub?: LiveHubOptions;
}

async function live(app: FastifyInstance, options: LivePluginOptions): Promise<void> {
  const hub = new LiveHub(app.database, app.log, options.hub);
  await hub.start(options.pruneIntervalMs);
  app.decorate('live', hub);
  // Open streams would hold the server open: end them first, browsers reconnect elsewhere.
  app.addHook('preClose', async () => hub.endStreams());
  app.addHook('onClose', async () => hub.close());
}

/** Starts the live fan-out (LISTEN on PostgreSQL, the in-process signal on SQLite). */
export default fp(live, { name: 'live', dependencies: ['database'], fastify: '5.x' });
