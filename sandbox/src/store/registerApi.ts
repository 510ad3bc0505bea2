import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { userCan } from './auth';
import type { NewOrder, OrderRecord } from './commerce';
import { POS_CREATED_VIA, POS_META, orderTotals, posStationName, wcDate } from './commerce';
import type { StoreContext } from './context';
import { findUser, mayOpenStation } from './context';
import type { StationSession } from './handoff';
import { REGISTER_SESSION_COOKIE } from './handoff';
import { restError } from './oauth';
import { fireOrder } from './ordersApi';
import { invalidParam, positiveInt, restNotFound } from './restApi';
import { SaleOnce, offlineSaleOf } from './saleOnce';
import type { ProductSeed, StationSeed } from './seed';

/** The header that carries the register's per-session CSRF token. */
export const REGISTER_TOKEN_HEADER = 'x-pos-token';

/** Order meta of the register's tenders (beside the station and cashier of POS_META). */
export const TENDER_META = {
  tendered: 'cloud_pos_cash_tendered',
  change: 'cloud_pos_change_due',
  reference: 'cloud_pos_card_reference',
} as const;

/** The texts of the register routes' refusals; the plugin answers the same. */
export const REGISTER_ERRORS = {
  signedOut: 'The station session has ended. Open the station again from its cloud POS address.',
  token: 'The register could not be verified. Reload the register.',
  cannotCreate: 'Sorry, you are not allowed to create resources.',
  tenderedShort: 'The cash tendered is less than the total.',
} as const;

const MAX_LINES = 100;
const MAX_QUANTITY = 999;

type Station = StationSeed;
type Route = { Params: { id: string } };

interface Cents {
  subtotal: number;
  total_tax: number;
  total: number;
}

function money(cents: number): string {
  return (cents / 100).toFixed(2);
}

/** A decimal amount of money as the register sends it ("20", "20.5", "20.50"), in cents. */
function centsOf(raw: unknown): number | undefined {
  if (typeof raw !== 'string' || !/^\d{1,7}(\.\d{1,2})?$/.test(raw)) return undefined;
  return Math.round(Number(raw) * 100);
}

function stationSettings(station: Station) {
  const currency = String(station.settings.currency ?? 'USD');
  return {
    currency,
    taxRate: Number(station.settings.tax_rate ?? 0),
    pricesIncludeTax: station.settings.tax_display === 'incl',
  };
}

/** A product as the register lists it (`register/{pos_id}/products`). */
function productView(ctx: StoreContext, product: ProductSeed) {
  const stock = ctx.commerce.stockOf(product);
  return {
    id: product.id,
    name: product.name,
    sku: product.sku ?? '',
    barcode: product.barcode ?? '',
    category: product.category,
    price: money(product.price),
    manage_stock: stock !== null,
    stock_quantity: stock,
    stock_status: stock === null || stock > 0 ? 'instock' : 'outofstock',
  };
}

/** The store's category slug of a category name (WordPress's sanitize_title, for ASCII names). */
function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The posted cart (`[{product_id, quantity}]`), or the reason it is not valid. */
function cartLines(
  products: ProductSeed[],
  raw: unknown,
): Array<{ product: ProductSeed; quantity: number }> | string {
  if (!Array.isArray(raw) || raw.length === 0) return 'lines must list at least one item.';
  if (raw.length > MAX_LINES) return `lines must list at most ${MAX_LINES} items.`;
  const lines: Array<{ product: ProductSeed; quantity: number }> = [];
  for (const item of raw as unknown[]) {
    const { product_id: id, quantity } = (item ?? {}) as Record<string, unknown>;
    const product = products.find((p) => p.id === id);
    if (!product) return `lines[].product_id ${String(id)} is not a product of this store.`;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
      return 'lines[].quantity must be a whole number of at least 1.';
    }
    if (quantity > MAX_QUANTITY) return `lines[].quantity must be at most ${MAX_QUANTITY}.`;
    const same = lines.find((line) => line.product.id === product.id);
    if (same) same.quantity += quantity;
    else lines.push({ product, quantity });
  }
  return lines;
}

/** The store's totals of a cart, as WooCommerce's calculate_totals gives them. */
function totalsView(
  station: Station,
  lines: Array<{ product: ProductSeed; quantity: number }>,
  cents: Cents,
) {
  const { currency, pricesIncludeTax } = stationSettings(station);
  return {
    currency,
    prices_include_tax: pricesIncludeTax,
    lines: lines.map(({ product, quantity }) => ({
      product_id: product.id,
      name: product.name,
      quantity,
      price: money(product.price),
      total: money(product.price * quantity),
    })),
    subtotal: money(cents.subtotal),
    total_tax: money(cents.total_tax),
    total: money(cents.total),
  };
}

type Payment =
  { method: 'cash'; tendered: number } | { method: 'card'; reference: string } | { error: string };

function paymentOf(raw: unknown): Payment {
  const body = (raw ?? {}) as Record<string, unknown>;
  if (body.method === 'cash') {
    const tendered = centsOf(body.tendered);
    return tendered === undefined
      ? { error: 'payment.tendered must be an amount such as 20.00.' }
      : { method: 'cash', tendered };
  }
  if (body.method === 'card') {
    const reference = typeof body.reference === 'string' ? body.reference.trim() : '';
    if (reference === '' || reference.length > 64 || /[\p{C}]/u.test(reference)) {
      return {
        error: "payment.reference must be the card terminal's reference (1 to 64 characters).",
      };
    }
    return { method: 'card', reference };
  }
  return { error: 'payment.method must be cash or card.' };
}

/** The totals of a stored order, as its receipt shows them again. */
function storedCents(order: OrderRecord): Cents {
  const subtotal = order.line_items.reduce((sum, line) => sum + line.price * line.quantity, 0);
  return { subtotal, total_tax: order.total_tax, total: order.total };
}

/** A sale as the register shows its receipt. */
function saleView(order: OrderRecord, station: Station, cents: Cents = storedCents(order)) {
  const meta = (key: string) => order.meta_data.find((m) => m.key === key)?.value;
  return {
    id: order.id,
    number: String(order.id),
    status: order.status,
    created_via: order.created_via,
    currency: order.currency,
    date_created_gmt: wcDate(order.created),
    payment_method: order.payment_method,
    station: { pos_id: station.pos_id, name: station.name },
    cashier: meta(POS_META.cashierName) ?? '',
    line_items: order.line_items.map((line) => ({
      product_id: line.product_id,
      name: line.name,
      quantity: line.quantity,
      total: money(line.price * line.quantity),
    })),
    subtotal: money(cents.subtotal),
    total_tax: money(cents.total_tax),
    total: money(order.total),
    tendered: meta(TENDER_META.tendered) ?? null,
    change: meta(TENDER_META.change) ?? null,
    reference: meta(TENDER_META.reference) ?? null,
  };
}

/**
 * The register's routes, `pos-connect/v1/register/{pos_id}/*`: the station session's cookie
 * and its CSRF token (`X-POS-Token`) authenticate every call, which acts as the station's store
 * user; writes check that user's WooCommerce capability. The Cloud POS plugin answers the
 * same routes with WooCommerce's PHP API.
 */
export function registerApiRoutes(app: FastifyInstance, ctx: StoreContext): void {
  const base = '/wp-json/pos-connect/v1/register/:id';
  const saleOnce = new SaleOnce(ctx);

  /** The station and session a call acts in, or the refusal already sent. */
  function authorize(
    request: FastifyRequest<Route>,
    reply: FastifyReply,
  ): { station: Station; session: StationSession } | undefined {
    const { id } = request.params;
    const station = /^\d+$/.test(id)
      ? ctx.state.stations().find((s) => s.pos_id === Number(id))
      : undefined;
    if (!station) {
      restNotFound(reply);
      return undefined;
    }
    const session = ctx.handoff.session(
      request.headers.cookie,
      station.pos_id,
      REGISTER_SESSION_COOKIE,
    );
    if (!session) {
      reply
        .status(401)
        .send(restError(401, 'cloud_pos_register_signed_out', REGISTER_ERRORS.signedOut));
      return undefined;
    }
    const token = request.headers[REGISTER_TOKEN_HEADER];
    if (!ctx.handoff.checkRegisterToken(session, typeof token === 'string' ? token : undefined)) {
      reply.status(403).send(restError(403, 'cloud_pos_register_bad_token', REGISTER_ERRORS.token));
      return undefined;
    }
    // Access can be taken away while a register is open (Station access in wp-admin).
    if (!mayOpenStation(ctx, station, session.wpUserId)) {
      reply
        .status(403)
        .send(
          restError(
            403,
            'cloud_pos_register_no_access',
            `You do not have access to the ${station.name} station.`,
          ),
        );
      return undefined;
    }
    reply.header('cache-control', 'no-store');
    return { station, session };
  }

  /** As authorize, and the store user may create orders (WooCommerce's publish_shop_orders). */
  function authorizeWrite(request: FastifyRequest<Route>, reply: FastifyReply) {
    const found = authorize(request, reply);
    if (!found) return undefined;
    const user = findUser(ctx, found.session.wpUserId);
    if (!user || !userCan(user, 'publish_shop_orders')) {
      reply
        .status(403)
        .send(restError(403, 'woocommerce_rest_cannot_create', REGISTER_ERRORS.cannotCreate));
      return undefined;
    }
    return found;
  }

  app.get<Route>(`${base}/session`, async (request, reply) => {
    const found = authorize(request, reply);
    if (!found) return reply;
    const { station, session } = found;
    const user = findUser(ctx, session.wpUserId);
    const { currency, pricesIncludeTax, taxRate } = stationSettings(station);
    return {
      station: { pos_id: station.pos_id, name: station.name },
      store: {
        name: ctx.seed.name,
        currency,
        locale: 'en-US',
        prices_include_tax: pricesIncludeTax,
      },
      tax_rate: taxRate,
      person: { name: session.name, email: session.email },
      store_user: { id: session.wpUserId, name: user?.name ?? '' },
      may_sell: user !== undefined && userCan(user, 'publish_shop_orders'),
      // The owner's Assistant progress, from the hand-off, when they show it in POS.
      assistant: session.assistant,
    };
  });

  app.get<Route>(`${base}/categories`, async (request, reply) => {
    if (!authorize(request, reply)) return reply;
    const counts = new Map<string, number>();
    for (const product of ctx.commerce.products(ctx.seed)) {
      counts.set(product.category, (counts.get(product.category) ?? 0) + 1);
    }
    return [...counts].map(([name, count]) => ({ slug: slugOf(name), name, count }));
  });

  app.get<
    Route & {
      Querystring: { page?: string; per_page?: string; category?: string; search?: string };
    }
  >(`${base}/products`, async (request, reply) => {
    if (!authorize(request, reply)) return reply;
    const page = positiveInt(request.query.page, 1);
    if (page === undefined) {
      return reply.status(400).send(invalidParam('page', 'page must be at least 1.'));
    }
    const perPage = positiveInt(request.query.per_page, 100);
    if (perPage === undefined || perPage > 100) {
      return reply
        .status(400)
        .send(
          invalidParam('per_page', 'per_page must be between 1 (inclusive) and 100 (inclusive)'),
        );
    }
    const category = request.query.category ?? '';
    const search = (request.query.search ?? '').trim().toLowerCase();
    const products = ctx.commerce
      .products(ctx.seed)
      .filter((p) => category === '' || slugOf(p.category) === category)
      .filter(
        (p) =>
          search === '' ||
          p.name.toLowerCase().includes(search) ||
          p.sku?.toLowerCase() === search ||
          p.barcode === search,
      )
      .sort((a, b) => a.id - b.id);
    return reply
      .header('x-wp-total', String(products.length))
      .header('x-wp-totalpages', String(Math.ceil(products.length / perPage)))
      .send(products.slice((page - 1) * perPage, page * perPage).map((p) => productView(ctx, p)));
  });

  app.post<Route>(`${base}/totals`, async (request, reply) => {
    const found = authorize(request, reply);
    if (!found) return reply;
    const lines = cartLines(
      ctx.commerce.products(ctx.seed),
      (request.body as { lines?: unknown })?.lines,
    );
    if (typeof lines === 'string') return reply.status(400).send(invalidParam('lines', lines));
    const { taxRate, pricesIncludeTax } = stationSettings(found.station);
    return totalsView(found.station, lines, orderTotals(lines, taxRate, pricesIncludeTax));
  });

  app.post<Route>(`${base}/orders`, async (request, reply) => {
    const found = authorizeWrite(request, reply);
    if (!found) return reply;
    const { station, session } = found;
    // A sale sent again (the register's offline queue, a retry) answers the order it made.
    const once = await saleOnce.begin(request, reply, station.pos_id, (made) =>
      saleView(made, station),
    );
    if (!once) return reply;
    const body = (request.body ?? {}) as { lines?: unknown; payment?: unknown };
    const lines = cartLines(ctx.commerce.products(ctx.seed), body.lines);
    if (typeof lines === 'string') return reply.status(400).send(invalidParam('lines', lines));
    const payment = paymentOf(body.payment);
    if ('error' in payment) return reply.status(400).send(invalidParam('payment', payment.error));
    const offline = offlineSaleOf(request.body);
    if (offline && 'error' in offline) {
      return reply.status(400).send(invalidParam('offline', String(offline.error)));
    }
    const { currency, taxRate, pricesIncludeTax } = stationSettings(station);
    const cents = orderTotals(lines, taxRate, pricesIncludeTax);
    const cashier = findUser(ctx, session.wpUserId);
    const tender: Record<string, string> = {};
    if (payment.method === 'cash') {
      if (payment.tendered < cents.total && !offline) {
        return reply
          .status(400)
          .send(restError(400, 'cloud_pos_register_tendered_short', REGISTER_ERRORS.tenderedShort));
      }
      tender[TENDER_META.tendered] = money(payment.tendered);
      tender[TENDER_META.change] = money(Math.max(0, payment.tendered - cents.total));
    } else {
      tender[TENDER_META.reference] = payment.reference;
    }
    const order: NewOrder = {
      created_via: POS_CREATED_VIA,
      payment_method: payment.method === 'cash' ? 'pos_cash' : 'pos_card',
      currency,
      taxRate,
      taxIncluded: pricesIncludeTax,
      lines,
      meta: {
        [POS_META.station]: String(station.pos_id),
        [POS_META.stationName]: posStationName(station.name),
        [POS_META.cashierId]: String(session.wpUserId),
        [POS_META.cashierName]: cashier?.name ?? session.name,
        ...tender,
        ...once,
        ...offline,
      },
    };
    const result = await ctx.commerce.addOrderReducingStock(order, { evenIfShort: !!offline });
    if ('shortOf' in result) {
      // WooCommerce's own text (wc_reduce_stock_levels' check in the checkout).
      return reply
        .status(400)
        .send(
          restError(
            400,
            'woocommerce_rest_product_out_of_stock',
            `Not enough units of ${result.shortOf[0]} are available in stock to fulfil this order.`,
          ),
        );
    }
    fireOrder(ctx, 'order.created', result.order);
    return reply.status(201).send(saleView(result.order, station, cents));
  });
}
