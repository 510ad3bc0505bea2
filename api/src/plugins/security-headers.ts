import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';

/** HSTS of the POS host's https listener: a year, subdomains included. */
export const STRICT_TRANSPORT_SECURITY = 'max-age=31536000; includeSubDomains';

/** Options of the security headers plugin. */
export interface SecurityHeadersOptions {
  /**
   * `Cache-Control: no-store` on every answer of a signed-in route, errors included; public
   * routes keep a Cache-Control they set themselves and get no-store otherwise.
   */
  noStore?: boolean;
  /** Sends `Strict-Transport-Security`: only on a listener that speaks TLS itself. */
  hsts?: boolean;
}

/**
 * Headers every answer of an instance carries, whatever route, error or 404 produced it:
 * `X-Content-Type-Options: nosniff`, and as chosen `Cache-Control: no-store` (answers hold one
 * user's data or a token) and HSTS. Set in onSend, so they also reach the answers of hooks
 * that refuse a request (401, 402) and of the error handler. Streams that hijack the reply
 * (the live events) set their own.
 */
async function securityHeaders(app: FastifyInstance, options: SecurityHeadersOptions) {
  app.addHook('onSend', async (request: FastifyRequest, reply: FastifyReply, payload: unknown) => {
    void reply.header('x-content-type-options', 'nosniff');
    if (options.hsts) void reply.header('strict-transport-security', STRICT_TRANSPORT_SECURITY);
    if (options.noStore) {
      const isPublic = request.routeOptions.config?.access === 'public';
      if (!isPublic || !reply.hasHeader('cache-control')) {
        void reply.header('cache-control', 'no-store');
      }
    }
    return payload;
  });
}

export default fp(securityHeaders, { name: 'security-headers', fastify: '5.x' });
