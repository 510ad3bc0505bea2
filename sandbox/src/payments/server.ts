import type { FastifyError, FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import { parse } from 'qs';
import { lenientJson } from '../login/provider';
import { apiRoutes } from './api';
import type { PaymentsContext } from './context';
import { paymentsControlRoutes } from './controls';
import { invoicePageRoutes } from './invoicePages';
import { PaymentsState } from './state';
import { stripeJsRoutes } from './stripeJs';
import { WebhookSender } from './webhooks';

/** Settings of the payments sandbox. */
export interface PaymentsOptions {
  host: string;
  port: number;
  /** Public base URL; default `http://{host}:{actual port}`. */
  publicUrl?: string;
  /** File for the objects; null keeps them in memory. */
  stateFile: string | null;
  secretKey: string;
  publishableKey: string;
  /** Where events are sent (the api's webhook endpoint); null sends none. */
  webhookUrl: string | null;
  webhookSecret: string;
  /** Waits before each webhook retry, in ms. */
  webhookRetryDelays: number[];
  controls: boolean;
  now: () => number;
}

/** A running payments sandbox. */
export interface RunningPayments {
  url: string;
  /** Resolves when every queued webhook delivery has finished. */
  webhooksIdle(): Promise<void>;
  close(): Promise<void>;
}

/** Stripe's bracket notation (`items[0][price]`), as Stripe's servers read it. */
const parseForm = (text: string) =>
  parse(text, { depth: 6, arrayLimit: 100, parameterLimit: 2000, allowPrototypes: false });

/** The payments sandbox's Fastify app. */
export async function buildPaymentsApp(ctx: PaymentsContext): Promise<FastifyInstance> {
  const app = Fastify({
    logger: false,
    bodyLimit: 256 * 1024,
    routerOptions: { querystringParser: (text: string) => parseForm(text) },
  });
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request, body, done) =>
      done(null, parseForm(typeof body === 'string' ? body : body.toString('utf8'))),
  );
  lenientJson(app);
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      console.error(`sandbox payments: ${request.method} ${request.url} failed: ${error.message}`);
    }
    const message = status === 500 ? 'An unknown error occurred' : error.message;
    if (request.url.startsWith('/v1/')) {
      return reply
        .status(status)
        .send({ error: { type: status === 500 ? 'api_error' : 'invalid_request_error', message } });
    }
    return reply.status(status).send({ message });
  });
  app.setNotFoundHandler((request, reply) => {
    if (request.url.startsWith('/v1/')) {
      return reply.status(404).send({
        error: {
          type: 'invalid_request_error',
          message: `Unrecognized request URL (${request.method}: ${request.url.split('?')[0]}). Please see https://stripe.com/docs or we can help at https://support.stripe.com/.`,
        },
      });
    }
    return reply.status(404).type('text/plain').send('Not found');
  });
  apiRoutes(app, ctx);
  invoicePageRoutes(app, ctx);
  stripeJsRoutes(app, ctx);
  if (ctx.controls) paymentsControlRoutes(app, ctx);
  return app;
}

/** Starts the Stripe-compatible payments sandbox on its own origin. */
export async function startPayments(options: PaymentsOptions): Promise<RunningPayments> {
  if (!/^sk_test_\w+$/.test(options.secretKey))
    throw new Error('the payments secret key must look like sk_test_...');
  if (!/^pk_test_\w+$/.test(options.publishableKey)) {
    throw new Error('the payments publishable key must look like pk_test_...');
  }
  if (!/^whsec_\w+$/.test(options.webhookSecret)) {
    throw new Error('the payments webhook secret must look like whsec_...');
  }
  const state = await PaymentsState.open(options.stateFile, options.now);
  let url = options.publicUrl ?? '';
  const webhooks = new WebhookSender({
    url: options.webhookUrl,
    secret: options.webhookSecret,
    retryDelays: options.webhookRetryDelays,
    // Signed with the wall clock, as Stripe signs test-clock events: a moved sandbox clock must
    // not push the signature outside the api's tolerance.
    now: () => Math.floor(options.now() / 1000),
  });
  const ctx: PaymentsContext = {
    state,
    webhooks,
    baseUrl: () => url,
    secretKey: options.secretKey,
    publishableKey: options.publishableKey,
    controls: options.controls,
  };
  const app = await buildPaymentsApp(ctx);
  await app.listen({ host: options.host, port: options.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  url ||= `http://${options.host}:${port}`;
  return {
    url,
    webhooksIdle: () => webhooks.idle(),
    async close() {
      await app.close();
      await state.flush();
    },
  };
}
