import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { OrderRecord, OrderStatus, WebhookStatus, WebhookTopic } from './commerce';
import { ORDER_STATUSES, WEBHOOK_TOPICS, orderView, webhookView } from './commerce';
import type { StoreContext } from './context';
import { restError } from './oauth';
import { invalidParam, positiveInt, withKey } from './restApi';

type Query = Record<string, string | undefined>;
type Body = Record<string, unknown> | undefined;

const WEBHOOK_STATUSES: readonly WebhookStatus[] = ['active', 'paused', 'disabled'];

/** An ISO 8601 date parameter as WooCommerce takes it (no zone: the site's, UTC here). */
function dateParam(raw: string | undefined): number | null | undefined {
  if (raw === undefined || raw === '') return null;
  if (!/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]\d{2}:?\d{2})?$/.test(raw)) {
    return undefined;
  }
  const ms = Date.parse(/(Z|[+-]\d{2}:?\d{2})$/.test(raw) ? raw : `${raw}Z`);
  return Number.isFinite(ms) ? ms : undefined;
}

/** Page and per_page as WooCommerce validates them (per_page 1-100, default 10). */
function paging(query: Query): { page: number; perPage: number } | ReturnType<typeof invalidParam> {
  const page = positiveInt(query.page, 1);
  if (page === undefined) return invalidParam('page', 'page must be at least 1.');
  const perPage = positiveInt(query.per_page, 10);
  if (perPage === undefined || perPage > 100) {
    return invalidParam('per_page', 'per_page must be between 1 (inclusive) and 100 (inclusive)');
  }
  return { page, perPage };
}

/** Sends one page of `items` with WordPress's X-WP-Total and X-WP-TotalPages. */
function sendPage<T>(reply: FastifyReply, items: T[], page: number, perPage: number) {
  return reply
    .header('x-wp-total', String(items.length))
    .header('x-wp-totalpages', String(Math.ceil(items.length / perPage)))
    .send(items.slice((page - 1) * perPage, page * perPage));
}

function idOf(request: FastifyRequest<{ Params: { id: string } }>): number {
  return /^\d+$/.test(request.params.id) ? Number(request.params.id) : NaN;
}

function isHttpUrl(value: unknown): value is string {
  if (typeof value !== 'string' || value.length > 2048) return false;
  try {
    return /^https?:$/.test(new URL(value).protocol);
  } catch {
    return false;
  }
}

/** Fires order.created / order.updated / order.deleted for `order`. */
export function fireOrder(ctx: StoreContext, topic: WebhookTopic, order: OrderRecord): void {
  const snapshot = topic === 'order.deleted' ? { id: order.id } : undefined;
  ctx.webhooks.fire(topic, order.id, () => snapshot ?? orderView(order, ctx.home()));
}

/**
 * WooCommerce core's REST routes for webhooks, orders, customers and products, as far as the
 * dashboard and the tests use them. Adding a customer or a product here is what the store
 * admin's screens do: it fires customer.created / product.created.
 */
export function ordersApiRoutes(app: FastifyInstance, ctx: StoreContext): void {
  const invalidWebhook = (reply: FastifyReply) =>
    reply.status(404).send(restError(404, 'woocommerce_rest_webhook_invalid_id', 'Invalid ID.'));
  const invalidOrder = (reply: FastifyReply) =>
    reply.status(404).send(restError(404, 'woocommerce_rest_shop_order_invalid_id', 'Invalid ID.'));

  app.post<{ Body: Body }>(
    '/wp-json/wc/v3/webhooks',
    withKey(ctx, async (request, reply, key) => {
      const body = request.body ?? {};
      if (!WEBHOOK_TOPICS.includes(body.topic as WebhookTopic)) {
        return reply
          .status(400)
          .send(invalidParam('topic', 'Webhook topic is required and must be valid.'));
      }
      if (!isHttpUrl(body.delivery_url)) {
        return reply
          .status(400)
          .send(
            invalidParam(
              'delivery_url',
              'Webhook delivery URL must be a valid URL starting with http:// or https://.',
            ),
          );
      }
      const status = (body.status ?? 'active') as WebhookStatus;
      if (!WEBHOOK_STATUSES.includes(status)) {
        return reply
          .status(400)
          .send(invalidParam('status', 'status is not one of active, paused and disabled.'));
      }
      if (
        body.secret !== undefined &&
        (typeof body.secret !== 'string' || body.secret.length > 200)
      ) {
        return reply.status(400).send(invalidParam('secret', 'secret is not of type string.'));
      }
      if (body.name !== undefined && (typeof body.name !== 'string' || body.name.length > 200)) {
        return reply.status(400).send(invalidParam('name', 'name is not of type string.'));
      }
      const webhook = await ctx.commerce.addWebhook({
        name:
          (body.name as string | undefined) ??
          `Webhook created on ${new Date(ctx.now()).toUTCString()}`,
        status,
        topic: body.topic as WebhookTopic,
        delivery_url: body.delivery_url,
        secret: body.secret as string | undefined,
        user_id: key.user_id,
      });
      // An active webhook pings its delivery URL once, as WooCommerce does on activation.
      if (webhook.status === 'active') void ctx.webhooks.ping(webhook);
      return reply.status(201).send(webhookView(webhook, ctx.home()));
    }),
  );

  app.get<{ Querystring: Query }>(
    '/wp-json/wc/v3/webhooks',
    withKey(ctx, async (request, reply) => {
      const pages = paging(request.query);
      if ('code' in pages) return reply.status(400).send(pages);
      const status = request.query.status ?? 'all';
      if (status !== 'all' && !WEBHOOK_STATUSES.includes(status as WebhookStatus)) {
        return reply
          .status(400)
          .send(invalidParam('status', 'status is not one of all, active, paused and disabled.'));
      }
      const list = ctx.commerce
        .webhooks()
        .filter((w) => status === 'all' || w.status === status)
        .map((w) => webhookView(w, ctx.home()))
        .reverse();
      return sendPage(reply, list, pages.page, pages.perPage);
    }),
  );

  app.get<{ Params: { id: string } }>(
    '/wp-json/wc/v3/webhooks/:id',
    withKey(ctx, async (request, reply) => {
      const webhook = ctx.commerce.webhook(idOf(request));
      return webhook ? webhookView(webhook, ctx.home()) : invalidWebhook(reply);
    }),
  );

  app.put<{ Params: { id: string }; Body: Body }>(
    '/wp-json/wc/v3/webhooks/:id',
    withKey(ctx, async (request, reply) => {
      const webhook = ctx.commerce.webhook(idOf(request));
      if (!webhook) return invalidWebhook(reply);
      const status = request.body?.status as WebhookStatus | undefined;
      if (status !== undefined && !WEBHOOK_STATUSES.includes(status)) {
        return reply
          .status(400)
          .send(invalidParam('status', 'status is not one of active, paused and disabled.'));
      }
      if (status) await ctx.commerce.setWebhookStatus(webhook, status);
      return webhookView(webhook, ctx.home());
    }),
  );

  app.delete<{ Params: { id: string }; Querystring: Query }>(
    '/wp-json/wc/v3/webhooks/:id',
    withKey(ctx, async (request, reply) => {
      const webhook = ctx.commerce.webhook(idOf(request));
      if (!webhook) return invalidWebhook(reply);
      if (request.query.force !== 'true' && request.query.force !== '1') {
        return reply
          .status(501)
          .send(
            restError(
              501,
              'woocommerce_rest_trash_not_supported',
              'Webhooks do not support trashing.',
            ),
          );
      }
      await ctx.commerce.deleteWebhook(webhook.id);
      return webhookView(webhook, ctx.home());
    }),
  );

  app.get<{ Querystring: Query }>(
    '/wp-json/wc/v3/orders',
    withKey(ctx, async (request, reply) => {
      const pages = paging(request.query);
      if ('code' in pages) return reply.status(400).send(pages);
      const dates: Record<string, number | null> = {};
      for (const name of ['after', 'before', 'modified_after', 'modified_before']) {
        const value = dateParam(request.query[name]);
        if (value === undefined) {
          return reply.status(400).send(invalidParam(name, `Invalid date.`));
        }
        dates[name] = value;
      }
      const statuses = (request.query.status ?? 'any').split(',');
      if (!statuses.every((s) => s === 'any' || ORDER_STATUSES.includes(s as OrderStatus))) {
        return reply
          .status(400)
          .send(invalidParam('status', 'status is not a valid order status.'));
      }
      const order = request.query.order ?? 'desc';
      if (order !== 'asc' && order !== 'desc') {
        return reply.status(400).send(invalidParam('order', 'order is not one of asc and desc.'));
      }
      const after = dates.after ?? null;
      const before = dates.before ?? null;
      const modifiedAfter = dates.modified_after ?? null;
      const modifiedBefore = dates.modified_before ?? null;
      // WooCommerce compares dates to the second, as it stores them.
      const second = (ms: number) => Math.floor(ms / 1000) * 1000;
      const list = ctx.commerce
        .orders()
        .filter(
          (o) =>
            (statuses.includes('any') ? o.status !== 'trash' : statuses.includes(o.status)) &&
            (after === null || second(o.created) > after) &&
            (before === null || second(o.created) < before) &&
            (modifiedAfter === null || second(o.modified) > modifiedAfter) &&
            (modifiedBefore === null || second(o.modified) < modifiedBefore),
        )
        .sort((a, b) => (order === 'asc' ? 1 : -1) * (a.created - b.created || a.id - b.id))
        .map((o) => orderView(o, ctx.home()));
      return sendPage(reply, list, pages.page, pages.perPage);
    }),
  );

  app.get<{ Params: { id: string } }>(
    '/wp-json/wc/v3/orders/:id',
    withKey(ctx, async (request, reply) => {
      const order = ctx.commerce.order(idOf(request));
      return order ? orderView(order, ctx.home()) : invalidOrder(reply);
    }),
  );

  app.put<{ Params: { id: string }; Body: Body }>(
    '/wp-json/wc/v3/orders/:id',
    withKey(ctx, async (request, reply) => {
      const status = request.body?.status as OrderStatus | undefined;
      if (status === undefined || !ORDER_STATUSES.includes(status)) {
        return reply
          .status(400)
          .send(invalidParam('status', 'status is not a valid order status.'));
      }
      const order = await ctx.commerce.updateOrderStatus(idOf(request), status);
      if (!order) return invalidOrder(reply);
      fireOrder(ctx, 'order.updated', order);
      return orderView(order, ctx.home());
    }),
  );

  app.delete<{ Params: { id: string }; Querystring: Query }>(
    '/wp-json/wc/v3/orders/:id',
    withKey(ctx, async (request, reply) => {
      const order = ctx.commerce.order(idOf(request));
      if (!order) return invalidOrder(reply);
      if (request.query.force === 'true' || request.query.force === '1') {
        await ctx.commerce.deleteOrder(order.id);
        fireOrder(ctx, 'order.deleted', order);
      } else {
        // To the trash: WooCommerce fires order.updated for the status change then.
        await ctx.commerce.updateOrderStatus(order.id, 'trash');
        fireOrder(ctx, 'order.updated', order);
      }
      return orderView(order, ctx.home());
    }),
  );

  app.post<{ Body: Body }>(
    '/wp-json/wc/v3/customers',
    withKey(ctx, async (request, reply) => {
      const body = request.body ?? {};
      const email = body.email;
      if (typeof email !== 'string' || !/^[^\s@]+@[^\s@]+$/.test(email) || email.length > 200) {
        return reply.status(400).send(invalidParam('email', 'Invalid email address.'));
      }
      const text = (v: unknown) => (typeof v === 'string' ? v.slice(0, 100) : '');
      const customer = await ctx.commerce.addCustomer({
        email,
        first_name: text(body.first_name),
        last_name: text(body.last_name),
      });
      const view = {
        id: customer.id,
        email,
        first_name: customer.first_name,
        last_name: customer.last_name,
        role: 'customer',
      };
      ctx.webhooks.fire('customer.created', customer.id, () => view);
      return reply.status(201).send(view);
    }),
  );

  app.post<{ Body: Body }>(
    '/wp-json/wc/v3/products',
    withKey(ctx, async (request, reply) => {
      const body = request.body ?? {};
      if (typeof body.name !== 'string' || body.name.trim() === '' || body.name.length > 200) {
        return reply.status(400).send(invalidParam('name', 'name is required.'));
      }
      const price = typeof body.regular_price === 'string' ? Number(body.regular_price) : 0;
      if (!Number.isFinite(price) || price < 0) {
        return reply
          .status(400)
          .send(invalidParam('regular_price', 'regular_price must be a decimal string.'));
      }
      const product = await ctx.commerce.addProduct({
        name: body.name.trim(),
        price: Math.round(price * 100),
        category: 'Uncategorized',
      });
      const view = {
        id: product.id,
        name: product.name,
        status: 'publish',
        regular_price: (product.price / 100).toFixed(2),
        price: (product.price / 100).toFixed(2),
      };
      ctx.webhooks.fire('product.created', product.id, () => view);
      return reply.status(201).send(view);
    }),
  );
}
