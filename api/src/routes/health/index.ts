import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { Type } from '@sinclair/typebox';

/** GET /health: liveness, no token. */
const health: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/health',
    {
      config: { access: 'public' },
      schema: {
        tags: ['system'],
        summary: 'Liveness check',
        security: [],
        response: {
          200: Type.Object({ status: Type.Literal('ok') }, { additionalProperties: false }),
        },
      },
    },
    async () => ({ status: 'ok' as const }),
  );

  app.get(
    '/openapi.json',
    {
      config: { access: 'public' },
      schema: { tags: ['system'], summary: 'This OpenAPI 3 document', security: [] },
    },
    async () => app.swagger(),
  );
};

export default health;
