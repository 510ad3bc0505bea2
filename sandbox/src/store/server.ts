import formbody from '@fastify/formbody';
import type { FastifyError, FastifyInstance } from 'fastify';
import Fastify from 'fastify';
import type { JWTVerifyGetKey } from 'jose';
import { escapeHtml } from '../html';
import { lenientJson } from '../login/provider';
import type { StoreContext } from './context';
import { htmlPage, rawPath, rawQuery } from './context';
import { adminRoutes } from './admin';
import { storeControlRoutes } from './controls';
import { createInvitationMailer } from './invitations';
import { plainPage } from './pages';
import { posPageRoutes } from './posPage';
import { registerApiRoutes } from './registerApi';
import { POS_PLUGIN_NAMESPACE, restNotFound, restRoutes } from './restApi';
import { filterFields, parseFieldList } from './restFields';
import type { StoreSeed } from './seed';
import { STORE_ADMIN_USERNAME, STORE_PASSWORD } from './seed';
import { AdminSessions } from './sessions';
import type { DemoKey } from './state';
import { StoreState } from './state';
import { StationHandoff } from './handoff';
import { CommerceState } from './commerce';
import { ordersApiRoutes } from './ordersApi';
import { shopRoutes } from './shop';
import type { DeliveryTiming } from './webhooks';
import { DEFAULT_TIMING, WebhookDispatcher } from './webhooks';
import { wcAuthRoutes } from './wcAuth';

/** Settings of one sandbox store. */
export interface StoreOptions {
  host: string;
  port: number;
  seed: StoreSeed;
  /** File for keys and the plugin flag; null keeps them in memory. */
  stateFile: string | null;
  smtpRelay: { host: string; port: number };
  callbackCa?: string;
  controls: boolean;
  now: () => number;
  /** The pre-approved read_write key of user 1 (the demo store only). */
  demoKey?: DemoKey;
  /** The cloud POS host's JWKS (URL or key set) for station hand-offs. */
  posJwks: string | JWTVerifyGetKey;
  /** When webhook deliveries are sent and retried; WooCommerce-like defaults. */
  webhookTiming?: DeliveryTiming;
  /** Days of demo orders to generate once, when the store has no orders yet; 0: none. */
  demoOrderDays?: number;
  /** The Cloud POS dashboard the "Connect to Cloud POS" screen opens its popup from. */
  dashboardUrl: string;
}

/** A running sandbox store. */
export interface RunningStore {
  name: string;
  url: string;
  adminUsername: string;
  adminPassword: string;
  close(): Promise<void>;
}

/** Where the Cloud POS plugin's REST routes live. */
const PLUGIN_REST_BASE = `/wp-json/${POS_PLUGIN_NAMESPACE}`;

function frontRoutes(app: FastifyInstance, ctx: StoreContext): void {
  app.get('/', async (_request, reply) =>
    htmlPage(reply, 200).send(
      plainPage(
        ctx.seed.name,
        ctx.seed.name,
        `<h1>${escapeHtml(ctx.seed.name)}</h1>
<p>${escapeHtml(ctx.seed.description)}</p>
<p><a href="/shop">Shop</a></p>
<p><a href="/wp-admin/">Store admin</a></p>`,
      ),
    ),
  );
}

function notFoundPage(ctx: StoreContext, reply: Parameters<typeof htmlPage>[0]) {
  return htmlPage(reply, 404).send(
    plainPage(
      'Page not found',
      ctx.seed.name,
      `<h1>Page not found</h1>
<p>It looks like nothing was found at this location.</p>
<p><a href="/">Go to ${escapeHtml(ctx.seed.name)}</a></p>`,
    ),
  );
}

/** The store's Fastify app with every route of its wire protocol. */
export async function buildStoreApp(ctx: StoreContext): Promise<FastifyInstance> {
  const app = Fastify({ logger: false, bodyLimit: 64 * 1024 });
  // An offline store is unreachable: the socket dies before any answer.
  app.addHook('onRequest', async (request, reply) => {
    if (ctx.state.offline && !request.url.startsWith('/_control/')) {
      reply.hijack();
      request.raw.socket.destroy();
    }
  });
  // The Cloud POS plugin's routes exist only while it is active: WordPress answers them then
  // as any unknown REST route.
  app.addHook('onRequest', async (request, reply) => {
    const path = rawPath(request.url);
    if (
      !ctx.state.posPluginActive &&
      (path === PLUGIN_REST_BASE || path.startsWith(`${PLUGIN_REST_BASE}/`))
    ) {
      return restNotFound(reply);
    }
  });
  // WordPress's `_fields` on every successful REST answer (rest_filter_response_fields).
  app.addHook('preSerialization', async (request, reply, payload) => {
    if (!rawPath(request.url).startsWith('/wp-json') || reply.statusCode >= 400) return payload;
    const fields = new URLSearchParams(rawQuery(request.url)).get('_fields');
    return fields === null ? payload : filterFields(payload, parseFieldList(fields));
  });
  await app.register(formbody);
  lenientJson(app);
  app.setErrorHandler<FastifyError>((error, request, reply) => {
    const status = error.statusCode && error.statusCode < 500 ? error.statusCode : 500;
    if (status === 500) {
      console.error(
        `sandbox store: ${request.method} ${request.routeOptions.url} failed: ${error.message}`,
      );
    }
    const message = status === 500 ? 'Internal server error' : error.message;
    if (request.url.startsWith('/wp-json')) {
      return reply.status(status).send({ code: 'rest_error', message, data: { status } });
    }
    return reply.status(status).send({ message });
  });
  app.setNotFoundHandler((request, reply) =>
    request.url.startsWith('/wp-json') ? restNotFound(reply) : notFoundPage(ctx, reply),
  );
  frontRoutes(app, ctx);
  posPageRoutes(app, ctx, (reply) => notFoundPage(ctx, reply));
  restRoutes(app, ctx);
  registerApiRoutes(app, ctx);
  ordersApiRoutes(app, ctx);
  shopRoutes(app, ctx);
  adminRoutes(app, ctx);
  wcAuthRoutes(app, ctx);
  if (ctx.controls) storeControlRoutes(app, ctx);
  return app;
}

/** Starts one sandbox WooCommerce store on its own origin. */
export async function startStore(options: StoreOptions): Promise<RunningStore> {
  const state = await StoreState.open(
    options.seed,
    options.stateFile,
    options.now,
    options.demoKey,
  );
  // Orders and webhooks beside the keys file (`1.json` → `1.commerce.json`).
  const commerce = await CommerceState.open(
    options.stateFile ? options.stateFile.replace(/\.json$/, '') + '.commerce.json' : null,
    options.now,
  );
  if (options.demoOrderDays) await commerce.seedDemoOrders(options.seed, options.demoOrderDays);
  let home = '';
  const webhooks = new WebhookDispatcher(
    commerce,
    () => home,
    options.callbackCa,
    options.webhookTiming ?? DEFAULT_TIMING,
  );
  const mailer = createInvitationMailer(
    options.smtpRelay,
    `"${options.seed.name.replace(/"/g, '')}" <wordpress@store.sandbox.test>`,
  );
  const ctx: StoreContext = {
    seed: options.seed,
    home: () => home,
    state,
    sessions: new AdminSessions(() => home, options.now),
    mailer,
    callbackCa: options.callbackCa,
    controls: options.controls,
    now: options.now,
    handoff: new StationHandoff(options.posJwks, options.now),
    commerce,
    webhooks,
    dashboardUrl: options.dashboardUrl,
  };
  const app = await buildStoreApp(ctx);
  try {
    await app.listen({ host: options.host, port: options.port });
  } catch (error) {
    mailer.close();
    throw error;
  }
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : options.port;
  home = `http://${options.host}:${port}`;
  return {
    name: options.seed.name,
    url: home,
    adminUsername: STORE_ADMIN_USERNAME,
    adminPassword: STORE_PASSWORD,
    async close() {
      mailer.close();
      webhooks.close();
      await app.close();
      await state.flush();
      await commerce.flush();
    },
  };
}
