import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { escapeHtml } from '../html';
import { userCan } from './auth';
import type { NewOrder, OrderRecord, ParkedRecord } from './commerce';
import type { PricedLine } from './registerCart';
import { POS_CREATED_VIA, POS_META, wcDate } from './commerce';
import type { StoreContext } from './context';
import { findUser } from './context';
import type { StationSession } from './handoff';
import { restError } from './oauth';
import { invalidParam, positiveInt } from './restApi';
import type { ProductSeed, StationSeed, WpUser } from './seed';

/** Most sales one station keeps parked. */
export const MAX_PARKED = 50;
/** Longest order note, in characters. */
export const MAX_NOTE = 1000;

/**
 * The texts of the customer, parked-sale and receipt routes' refusals: WooCommerce's own where
 * it has one (its REST customers routes, wc_create_new_customer); the plugin answers the same.
 */
export const SALE_ERRORS = {
  cannotList: 'Sorry, you cannot list resources.',
  cannotCreate: 'Sorry, you are not allowed to create resources.',
  invalidEmail: 'Please provide a valid email address.',
  emailExists: (email: string) =>
    `An account is already registered with ${email}. Please log in or use a different email address.`,
  firstName: 'first_name is required (at most 100 characters).',
  lastName: 'last_name must be at most 100 characters.',
  customer: 'customer_id must be 0 (a guest) or a customer of this store.',
  note: `note must be a text of at most ${MAX_NOTE} characters.`,
  parkedGone: 'This parked sale was already resumed or discarded.',
  parkedFull: `This station already holds ${MAX_PARKED} parked sales. Resume or discard one first.`,
  orderId: 'Invalid ID.',
  noEmail: "The order has no email address: enter the customer's email.",
  mailFailed: 'The store could not send the email. Try again.',
} as const;

type Station = StationSeed;
type Found = { station: Station; session: StationSession };
type Route = { Params: { id: string } };

/** The register routes' checks, from registerApiRoutes (the refusal is sent when undefined). */
export interface RegisterAuth {
  authorize(request: FastifyRequest<Route>, reply: FastifyReply): Found | undefined;
  authorizeWrite(request: FastifyRequest<Route>, reply: FastifyReply): Found | undefined;
}

/** A store customer as the register shows it. */
export interface CustomerView {
  id: number;
  first_name: string;
  last_name: string;
  email: string;
}

/** WordPress's display name split the way the register shows a customer's two names. */
function customerView(user: WpUser): CustomerView {
  const [first = '', ...rest] = user.name.trim().split(/\s+/);
  return { id: user.id, first_name: first, last_name: rest.join(' '), email: user.email };
}

const isCustomer = (user: WpUser) => user.roles.includes('customer');

/** WordPress's is_email, as far as a register's form needs it. */
const isEmail = (value: string) =>
  value.length <= 100 && /^[^\s@<>"',;]+@[A-Za-z0-9-]+(\.[A-Za-z0-9-]+)+$/.test(value);

/** A text field without control characters but new lines and tabs. */
const plainText = (value: string) => !/[\p{Cc}]/u.test(value.replace(/[\n\t]/g, ''));

/**
 * The customer and the note a sale or a parked sale carries (`customer_id`, `note`), or the
 * parameter that is not valid. A customer id of 0 (or none) is a guest.
 */
export function saleDetails(
  ctx: StoreContext,
  body: Record<string, unknown>,
): { customer: CustomerView | null; note: string } | { param: string; reason: string } {
  const id = body.customer_id ?? 0;
  let customer: CustomerView | null = null;
  if (id !== 0) {
    const user = typeof id === 'number' && Number.isInteger(id) ? findUser(ctx, id) : undefined;
    if (!user || !isCustomer(user)) return { param: 'customer_id', reason: SALE_ERRORS.customer };
    customer = customerView(user);
  }
  const raw = body.note ?? '';
  if (typeof raw !== 'string' || raw.length > MAX_NOTE * 2 || !plainText(raw)) {
    return { param: 'note', reason: SALE_ERRORS.note };
  }
  const note = raw.trim();
  if (Array.from(note).length > MAX_NOTE) return { param: 'note', reason: SALE_ERRORS.note };
  return { customer, note };
}

/** What saleDetails gives, as the order keeps it (billing name and email, customer note). */
export function orderDetails(details: {
  customer: CustomerView | null;
  note: string;
}): Pick<NewOrder, 'customer' | 'customer_note'> {
  return {
    ...(details.customer ? { customer: details.customer } : {}),
    ...(details.note ? { customer_note: details.note } : {}),
  };
}

/** The customer and note of a sale, as the register's receipt shows them. */
export function saleDetailsView(order: OrderRecord) {
  const { first_name, last_name, email } = order.billing;
  return {
    customer:
      order.customer_id > 0 ? { id: order.customer_id, first_name, last_name, email } : null,
    note: order.customer_note ?? '',
  };
}

/** The station's receipt settings (its header, footer, and whether to print each sale). */
export function receiptSettings(station: Station) {
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  return {
    header: text(station.settings.receipt_header),
    footer: text(station.settings.receipt_footer),
    print: station.settings.print_receipt === true,
  };
}

/** What the store user may do with customers (WooCommerce's REST customers checks). */
export function customerPermissions(user: WpUser | undefined) {
  return {
    may_find_customers: user !== undefined && userCan(user, 'list_users'),
    may_create_customers: user !== undefined && userCan(user, 'create_customers'),
  };
}

function parkedView(ctx: StoreContext, products: ProductSeed[], parked: ParkedRecord) {
  const user = parked.customer_id > 0 ? findUser(ctx, parked.customer_id) : undefined;
  return {
    id: parked.id,
    parked_at_gmt: wcDate(parked.parked),
    cashier: parked.cashier,
    lines: parked.lines.map((line) => {
      const product = products.find((p) => p.id === line.product_id);
      const variation = product?.variations?.find((v) => v.id === line.variation_id);
      return {
        ...line,
        variation_id: line.variation_id ?? null,
        name: variation?.name ?? product?.name ?? '',
      };
    }),
    customer: user ? customerView(user) : null,
    note: parked.note,
  };
}

/** The mail of WooCommerce's customer invoice ("Order details") for a register's sale. */
function invoiceMail(ctx: StoreContext, order: OrderRecord, to: string) {
  const money = (cents: number) => `${(cents / 100).toFixed(2)} ${order.currency}`;
  const subject = `Details for order #${order.id} on ${ctx.seed.name}`;
  const lines = order.line_items.map(
    (line) => `${line.name} × ${line.quantity}: ${money(line.price * line.quantity)}`,
  );
  const name = [order.billing.first_name, order.billing.last_name].join(' ').trim();
  const text = [
    `Hi ${name || to},`,
    '',
    `Here are the details of your order placed on ${wcDate(order.created).slice(0, 10)}:`,
    '',
    `[Order #${order.id}]`,
    ...lines,
    `Tax: ${money(order.total_tax)}`,
    `Total: ${money(order.total)}`,
    ...(order.customer_note ? ['', `Note: ${order.customer_note}`] : []),
    '',
    'Thanks again! If you need any help with your order, please contact us.',
  ].join('\n');
  const html =
    `<p>${escapeHtml(text.split('\n')[0] ?? '')}</p><h2>[Order #${order.id}]</h2><ul>` +
    lines.map((line) => `<li>${escapeHtml(line)}</li>`).join('') +
    `</ul><p>Total: ${escapeHtml(money(order.total))}</p>` +
    (order.customer_note ? `<p>Note: ${escapeHtml(order.customer_note)}</p>` : '');
  return { to: { name: name || to, email: to }, subject, text, html };
}

type ParsedLines = PricedLine[] | string;

/**
 * The register's customer, parked-sale and receipt routes under
 * `pos-connect/v1/register/{pos_id}/`, with the register's own checks (`auth`) and the cart
 * check of its sales (`lines`). The plugin answers the same with WooCommerce's PHP API.
 */
export function registerSaleRoutes(
  app: FastifyInstance,
  ctx: StoreContext,
  auth: RegisterAuth,
  lines: (raw: unknown) => ParsedLines,
): void {
  const base = '/wp-json/pos-connect/v1/register/:id';

  /** As auth.authorize, and the store user has `capability` (WooCommerce's refusal else). */
  function authorizeTo(
    request: FastifyRequest<Route>,
    reply: FastifyReply,
    capability: 'list_users' | 'create_customers',
  ): Found | undefined {
    const found = auth.authorize(request, reply);
    if (!found) return undefined;
    const user = findUser(ctx, found.session.wpUserId);
    if (user && userCan(user, capability)) return found;
    reply
      .status(403)
      .send(
        capability === 'list_users'
          ? restError(403, 'woocommerce_rest_cannot_view', SALE_ERRORS.cannotList)
          : restError(403, 'woocommerce_rest_cannot_create', SALE_ERRORS.cannotCreate),
      );
    return undefined;
  }

  app.get<Route & { Querystring: { search?: string; page?: string; per_page?: string } }>(
    `${base}/customers`,
    async (request, reply) => {
      if (!authorizeTo(request, reply, 'list_users')) return reply;
      const page = positiveInt(request.query.page, 1);
      if (page === undefined) {
        return reply.status(400).send(invalidParam('page', 'page must be at least 1.'));
      }
      const perPage = positiveInt(request.query.per_page, 10);
      if (perPage === undefined || perPage > 100) {
        return reply
          .status(400)
          .send(
            invalidParam('per_page', 'per_page must be between 1 (inclusive) and 100 (inclusive)'),
          );
      }
      const search = (request.query.search ?? '').trim().toLowerCase();
      const found = ctx.state
        .users()
        .filter(isCustomer)
        .filter(
          (user) =>
            search === '' ||
            user.name.toLowerCase().includes(search) ||
            user.email.toLowerCase().includes(search) ||
            user.username.toLowerCase().includes(search),
        )
        .sort((a, b) => a.name.localeCompare(b.name) || a.id - b.id);
      return reply
        .header('x-wp-total', String(found.length))
        .header('x-wp-totalpages', String(Math.ceil(found.length / perPage)))
        .send(found.slice((page - 1) * perPage, page * perPage).map(customerView));
    },
  );

  app.post<Route>(`${base}/customers`, async (request, reply) => {
    if (!authorizeTo(request, reply, 'create_customers')) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const text = (value: unknown) => (typeof value === 'string' ? value.trim() : undefined);
    const first = text(body.first_name);
    if (!first || first.length > 100 || !plainText(first)) {
      return reply.status(400).send(invalidParam('first_name', SALE_ERRORS.firstName));
    }
    const last = text(body.last_name ?? '');
    if (last === undefined || last.length > 100 || !plainText(last)) {
      return reply.status(400).send(invalidParam('last_name', SALE_ERRORS.lastName));
    }
    const email = text(body.email) ?? '';
    if (!isEmail(email)) {
      return reply
        .status(400)
        .send(restError(400, 'registration-error-invalid-email', SALE_ERRORS.invalidEmail));
    }
    const created = await ctx.state.createUser({
      email,
      name: [first, last].filter(Boolean).join(' '),
      role: 'customer',
    });
    if (created === 'existing_user_email') {
      return reply
        .status(400)
        .send(restError(400, 'registration-error-email-exists', SALE_ERRORS.emailExists(email)));
    }
    const view = { id: created.id, first_name: first, last_name: last, email };
    ctx.webhooks.fire('customer.created', created.id, () => ({ ...view, role: 'customer' }));
    return reply.status(201).send(view);
  });

  app.get<Route>(`${base}/parked`, async (request, reply) => {
    const found = auth.authorize(request, reply);
    if (!found) return reply;
    const products = ctx.commerce.products(ctx.seed);
    return ctx.commerce
      .parkedAt(found.station.pos_id)
      .map((parked) => parkedView(ctx, products, parked));
  });

  app.post<Route>(`${base}/parked`, async (request, reply) => {
    const found = auth.authorizeWrite(request, reply);
    if (!found) return reply;
    const body = (request.body ?? {}) as Record<string, unknown>;
    const cart = lines(body.lines);
    if (typeof cart === 'string') return reply.status(400).send(invalidParam('lines', cart));
    const details = saleDetails(ctx, body);
    if ('param' in details) {
      return reply.status(400).send(invalidParam(details.param, details.reason));
    }
    if (ctx.commerce.parkedAt(found.station.pos_id).length >= MAX_PARKED) {
      return reply
        .status(409)
        .send(restError(409, 'cloud_pos_register_parked_full', SALE_ERRORS.parkedFull));
    }
    const cashier = findUser(ctx, found.session.wpUserId);
    const parked = await ctx.commerce.park({
      pos_id: found.station.pos_id,
      // A variation is parked as its product and variation, as the register sends it.
      lines: cart.map(({ parentId, variationId, quantity }) => ({
        product_id: parentId,
        ...(variationId ? { variation_id: variationId } : {}),
        quantity,
      })),
      customer_id: details.customer?.id ?? 0,
      note: details.note,
      cashier: cashier?.name ?? found.session.name,
    });
    return reply.status(201).send(parkedView(ctx, ctx.commerce.products(ctx.seed), parked));
  });

  app.delete<{ Params: { id: string; parked: string } }>(
    `${base}/parked/:parked`,
    async (request, reply) => {
      const found = auth.authorizeWrite(request, reply);
      if (!found) return reply;
      const id = /^\d{1,10}$/.test(request.params.parked) ? Number(request.params.parked) : 0;
      const parked = await ctx.commerce.takeParked(found.station.pos_id, id);
      if (!parked) {
        return reply
          .status(404)
          .send(restError(404, 'cloud_pos_register_parked_missing', SALE_ERRORS.parkedGone));
      }
      return parkedView(ctx, ctx.commerce.products(ctx.seed), parked);
    },
  );

  app.post<{ Params: { id: string; order: string } }>(
    `${base}/orders/:order/email`,
    async (request, reply) => {
      const found = auth.authorizeWrite(request, reply);
      if (!found) return reply;
      const id = /^\d{1,10}$/.test(request.params.order) ? Number(request.params.order) : 0;
      const order = ctx.commerce.order(id);
      const meta = (key: string) => order?.meta_data.find((m) => m.key === key)?.value;
      // Only this station's register sales: a register may not mail the store's other orders.
      if (
        !order ||
        order.created_via !== POS_CREATED_VIA ||
        meta(POS_META.station) !== String(found.station.pos_id)
      ) {
        return reply
          .status(404)
          .send(restError(404, 'woocommerce_rest_shop_order_invalid_id', SALE_ERRORS.orderId));
      }
      const given = (request.body as { email?: unknown } | undefined)?.email;
      if (given !== undefined && (typeof given !== 'string' || !isEmail(given.trim()))) {
        return reply.status(400).send(invalidParam('email', SALE_ERRORS.invalidEmail));
      }
      const to = typeof given === 'string' ? given.trim() : order.billing.email;
      if (to === '') {
        return reply
          .status(400)
          .send(restError(400, 'cloud_pos_register_no_email', SALE_ERRORS.noEmail));
      }
      try {
        await ctx.mailer.sendMessage(invoiceMail(ctx, order, to));
      } catch {
        return reply
          .status(502)
          .send(restError(502, 'cloud_pos_register_mail_failed', SALE_ERRORS.mailFailed));
      }
      return { sent_to: to };
    },
  );
}
