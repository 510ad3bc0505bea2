import { createServer } from 'node:http';
import type { Server } from 'node:http';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import Stripe from 'stripe';
import type { RunningSandbox } from '@pos/sandbox';
import { startSandbox } from '@pos/sandbox';
import { PLAN_IDS } from '../../src/db/plans';
import type { TestContext, TestContextOptions } from './app';
import { asUser, createTestContext } from './app';

/** The api's webhook route. */
export const WEBHOOK_PATH = '/api/connect-ui/stripe/webhook';

/** An api wired to the real payments sandbox, whose webhooks reach the api. */
export interface BillingContext extends TestContext {
  sandbox: RunningSandbox;
  /** The `stripe` SDK on the sandbox with the secret key (what a test checks Stripe with). */
  stripe: Stripe;
  /** Resolves once every webhook the sandbox queued so far has been delivered. */
  webhooksIdle(): Promise<void>;
  /** POSTs to the payments sandbox's `/_control/{name}`. */
  control<T = unknown>(name: string, body?: object): Promise<T>;
  /** Calls the api as this user (asUser claims), with a JSON body. */
  call(
    sub: string,
    method: 'GET' | 'POST' | 'PUT' | 'DELETE',
    url: string,
    payload?: object,
  ): Promise<LightMyRequestResponse>;
}

/**
 * The payments sandbox's webhooks go to a local listener that hands each request, raw body
 * and headers as they came, to the api through inject(): the api itself does not listen, and
 * the sandbox needs its webhook URL before the api (which needs the sandbox's URL) is built.
 */
async function startRelay(
  target: () => FastifyInstance | null,
): Promise<{ url: string; server: Server }> {
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const app = target();
      if (!app) {
        response.writeHead(503).end();
        return;
      }
      app
        .inject({
          method: 'POST',
          url: WEBHOOK_PATH,
          headers: {
            'content-type': request.headers['content-type'] ?? 'application/json',
            'stripe-signature': request.headers['stripe-signature'] ?? '',
          },
          payload: Buffer.concat(chunks),
        })
        .then(
          (answer) => response.writeHead(answer.statusCode).end(answer.body),
          () => response.writeHead(500).end(),
        );
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return { url: `http://127.0.0.1:${port}${WEBHOOK_PATH}`, server };
}

/** Starts the payments sandbox (free ports, controls on) and an api configured for it. */
export async function createBillingContext(
  options: TestContextOptions = {},
): Promise<BillingContext> {
  let app: FastifyInstance | null = null;
  const relay = await startRelay(() => app);
  const sandbox = await startSandbox({
    loginPort: 0,
    mailHttpPort: 0,
    smtpPort: 0,
    storePorts: [],
    paymentsPort: 0,
    paymentsWebhookUrl: relay.url,
    paymentsWebhookRetryDelays: [200, 500],
    controls: true,
  });
  const { payments } = sandbox;
  const ctx = await createTestContext({
    ...options,
    env: {
      STRIPE_SECRET_KEY: payments.secretKey,
      STRIPE_WEBHOOK_SECRET: payments.webhookSecret,
      STRIPE_API_URL: payments.url,
      ...options.env,
    },
  });
  app = ctx.app;
  const url = new URL(payments.url);
  const stripe = new Stripe(payments.secretKey, {
    host: url.hostname,
    port: Number(url.port),
    protocol: 'http',
    maxNetworkRetries: 0,
  });
  return {
    ...ctx,
    sandbox,
    stripe,
    webhooksIdle: () => payments.webhooksIdle(),
    async control<T>(name: string, body: object = {}): Promise<T> {
      const response = await fetch(`${payments.url}/_control/${name}`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: JSON.stringify(body),
      });
      if (!response.ok)
        throw new Error(`control ${name}: ${response.status} ${await response.text()}`);
      return (await response.json()) as T;
    },
    async call(sub, method, url, payload) {
      return ctx.app.inject({
        method,
        url: `/api/connect-ui${url}`,
        headers: await ctx.bearer(asUser(sub)),
        ...(payload ? { payload } : {}),
      });
    },
    async close() {
      await payments.webhooksIdle();
      app = null;
      await ctx.close();
      await sandbox.close();
      await new Promise<void>((resolve) => relay.server.close(() => resolve()));
    },
  };
}

/** A card made as Stripe.js makes one (a test token), not yet saved to any customer. */
export async function newCard(stripe: Stripe, token = 'tok_visa'): Promise<string> {
  const method = await stripe.paymentMethods.create({ type: 'card', card: { token } });
  return method.id;
}

/**
 * Signs the user in once (the api creates them without a plan), gives them `role` and, as the
 * subscription page does for a new user (spec 2.2), their role's free plan; answers their id.
 */
export async function signUpOnFreePlan(
  ctx: BillingContext,
  sub: string,
  role: 'manager' | 'other' = 'manager',
): Promise<string> {
  await ctx.call(sub, 'GET', '/user-data');
  const { id } = await ctx.database.db
    .selectFrom('users')
    .select('id')
    .where('sub', '=', sub)
    .executeTakeFirstOrThrow();
  await ctx.database.db
    .updateTable('users')
    .set({ user_role: role })
    .where('id', '=', id)
    .execute();
  const free = await ctx.call(sub, 'POST', '/subscription', {
    planId: role === 'other' ? PLAN_IDS.cashier : PLAN_IDS.trial,
  });
  expect(free.statusCode).toBe(200);
  return id;
}

/** The user's Stripe customer id, as the api stored it. */
export async function stripeCustomerOf(ctx: BillingContext, userId: string): Promise<string> {
  const row = await ctx.database.db
    .selectFrom('billing_customers')
    .select('stripe_customer_id')
    .where('user_id', '=', userId)
    .executeTakeFirstOrThrow();
  return row.stripe_customer_id;
}
