import { randomUUID } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { ApiMetrics } from '../services/metrics';

/** The header nginx (or any load balancer) names the request by; answered back as it came. */
export const REQUEST_ID_HEADER = 'x-request-id';

/** What a request id may look like: nginx's `$request_id` is 32 hex digits. */
const REQUEST_ID = /^[A-Za-z0-9._:-]{1,128}$/;

/**
 * Fastify's `genReqId`: the load balancer's `X-Request-Id` when it has a sane shape, so one id
 * follows a request through nginx's access log and the api's; a new UUID otherwise.
 */
export function requestIdOf(request: IncomingMessage): string {
  const given = request.headers[REQUEST_ID_HEADER];
  return typeof given === 'string' && REQUEST_ID.test(given) ? given : randomUUID();
}

/** Options of the observability plugin. */
export interface ObservabilityOptions {
  metrics: ApiMetrics;
  /** Which listener this is, a label of every request series. */
  listener: 'api' | 'pos-host';
}

const WEBHOOK_ROUTES: Record<string, 'woocommerce' | 'stripe'> = {
  '/wc-webhooks/:applicationId': 'woocommerce',
  '/api/connect-ui/stripe/webhook': 'stripe',
};

const ORDER_TOPICS = new Set(['order.created', 'order.updated']);

/**
 * Every answer carries its request id (`X-Request-Id`) and is counted: requests and their
 * latency per route pattern, and for the webhook routes the deliveries accepted and refused
 * and the orders they stored. Unmatched paths share one route label.
 */
async function observability(app: FastifyInstance, options: ObservabilityOptions) {
  const { metrics, listener } = options;
  app.addHook('onSend', async (request, reply, payload) => {
    void reply.header(REQUEST_ID_HEADER, request.id);
    return payload;
  });
  app.addHook('onResponse', async (request, reply) => {
    const route = request.routeOptions.url ?? 'unmatched';
    const status = reply.statusCode;
    metrics.observeRequest(
      listener,
      { method: request.method, route, status },
      reply.elapsedTime / 1000,
    );
    const source = request.method === 'POST' ? WEBHOOK_ROUTES[route] : undefined;
    if (!source) return;
    metrics.observeWebhook(source, status);
    const topic = request.headers['x-wc-webhook-topic'];
    if (source === 'woocommerce' && status === 200 && typeof topic === 'string') {
      if (ORDER_TOPICS.has(topic)) metrics.observeOrderIngested(topic);
    }
  });
}

/** Request ids and the request metrics of one listener (the api's or the POS host's). */
export default fp(observability, { name: 'observability', fastify: '5.x' });
