import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { checkReadiness } from '../../domain/health/readiness';
import type { ApiMetrics } from '../../services/metrics';

/** Options of the probes. */
export interface ProbeOptions {
  metrics: ApiMetrics;
  /** The PostgreSQL schema the migrations run in (DATABASE_SCHEMA), or null. */
  databaseSchema: string | null;
}

/**
 * The operator's endpoints of one instance, beside `/api/connect-ui` rather than under it: the
 * load balancer publishes only the api's prefix, so these answer on the instance's own port
 * (the orchestrator's probes, Prometheus's scrape) and never to the public.
 * - `GET /health/live`: the process answers (restart it otherwise);
 * - `GET /health/ready`: the database answers and has every migration of this code (send it
 *   no traffic otherwise), 503 with the reason when not;
 * - `GET /metrics`: Prometheus's text format.
 * Not in the OpenAPI document, which describes the api's prefix.
 */
const probes: FastifyPluginAsyncTypebox<ProbeOptions> = async (app, options) => {
  const config = { access: 'public' } as const;
  const schema = { hide: true } as const;
  app.get('/health/live', { config, schema }, async () => ({ status: 'live' }));
  app.get('/health/ready', { config, schema }, async (_request, reply) => {
    const readiness = await checkReadiness(app.database, options.databaseSchema);
    if (readiness.ready) return { status: 'ready' };
    return reply.code(503).send({
      status: 'not ready',
      reason: readiness.reason,
      detail: readiness.detail,
    });
  });
  app.get('/metrics', { config, schema }, async (_request, reply) =>
    reply
      .header('content-type', options.metrics.registry.contentType)
      .send(await options.metrics.registry.metrics()),
  );
};

export default probes;
