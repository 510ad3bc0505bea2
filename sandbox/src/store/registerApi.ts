import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { userCan } from './auth';
import type { NewOrder } from './commerce';
import { POS_CREATED_VIA, POS_META, posStationName } from './commerce';
import type { StoreContext } from './context';
import { findUser, mayOpenStation } from './context';
import type { StationSession } from './handoff';
import { REGISTER_SESSION_COOKIE } from './handoff';
import { restError } from './oauth';
import { fireOrder } from './ordersApi';
import {
  customerPermissions,
  orderDetails,
  receiptSettings,
  registerSaleRoutes,
  saleDetails,
} from './registerSales';
import type { CartTotalsCents, PricedLine } from './registerCart';
import { backordersOf, cartRequest, hasDiscount, priceCart } from './registerCart';
import { invalidParam, positiveInt, restNotFound } from './restApi';
import { registerAfterSaleRoutes, saleView } from './registerAfterSale';
import { paymentMethodOf, tenderMeta, tendersOf } from './registerTenders';
import type { ProductSeed, StationSeed, VariationSeed } from './seed';
import { OFFLINE_TOTAL_META, SaleOnce, offlineSaleOf } from './saleOnce';

/** The header that carries the register's per-session CSRF token. */
export const REGISTER_TOKEN_HEADER = 'x-pos-token';

/** The texts of the register routes' refusals; the plugin answers the same. */
export const REGISTER_ERRORS = {
  signedOut: 'The station session has ended. Open the station again from its cloud POS address.',
  token: 'The register could not be verified. Reload the register.',
  cannotCreate: 'Sorry, you are not allowed to create resources.',
  cannotDiscount:
    'Sorry, you are not allowed to give discounts: it takes a store manager (WooCommerce’s edit_shop_orders capability).',
} as const;

/** The capability a register's line and cart discounts need (the plugin checks the same). */
export const DISCOUNT_CAPABILITY = 'edit_shop_orders';

type Station = StationSeed;
type Route = { Params: { id: string } };

function money(cents: number): string {
  return (cents / 100).toFixed(2);
}

function stationSettings(station: Station) {
  const currency = String(station.settings.currency ?? 'USD');
  return {
    currency,
    taxRate: Number(station.settings.tax_rate ?? 0),
    pricesIncludeTax: station.settings.tax_display === 'incl',
  };
}

/** The price, SKU, barcode and stock of an item as the register lists it. */
function itemView(ctx: StoreContext, item: ProductSeed | VariationSeed) {
  const stock = ctx.commerce.stockOf(item);
  const backorders = backordersOf(item);
  return {
    id: item.id,
    name: item.name,
    sku: item.sku ?? '',
    barcode: item.barcode ?? '',
    price: money(item.price),
    manage_stock: stock !== null,
    stock_quantity: stock,
    stock_status:
      stock === null || stock > 0 ? 'instock' : backorders === 'no' ? 'outofstock' : 'onbackorder',
    backorders,
  };
}

/**
 * A product as the register lists it (`register/{pos_id}/products`): a variable product once,
 * with its attributes and its variations (each with its own price, SKU, barcode and stock).
 */
function productView(ctx: StoreContext, product: ProductSeed) {
  const { id, name, sku, barcode, price, manage_stock, stock_quantity, stock_status, backorders } =
    itemView(ctx, product);
  const variations = product.variations ?? [];
  const anyInStock = variations.some((v) => itemView(ctx, v).stock_status !== 'outofstock');
  return {
    id,
    name,
    type: product.variations ? 'variable' : 'simple',
    sku,
    barcode,
    category: product.category,
    price,
    manage_stock,
    stock_quantity,
    stock_status: product.variations ? (anyInStock ? 'instock' : 'outofstock') : stock_status,
    backorders,
    attributes: product.attributes ?? [],
    variations: variations.map((variation) => ({
      ...itemView(ctx, variation),
      attributes: variation.options,
    })),
  };
}

/** The store's category slug of a category name (WordPress's sanitize_title, for ASCII names). */
function slugOf(name: string): string {
  return name
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-|-$/g, '');
}

/** The store's totals of a cart, as WooCommerce's calculate_totals gives them. */
function totalsView(station: Station, lines: PricedLine[], cents: CartTotalsCents) {
  const { currency, pricesIncludeTax } = stationSettings(station);
  return {
    currency,
    prices_include_tax: pricesIncludeTax,
    lines: lines.map(({ product, parentId, variationId, quantity }) => ({
      product_id: parentId,
      variation_id: variationId,
      name: product.name,
      quantity,
      price: money(product.price),
      total: money(product.price * quantity),
    })),
    ...adjustmentsView(cents),
  };
}

/** The coupons, discounts and totals of a priced cart, as the register shows them. */
function adjustmentsView(cents: CartTotalsCents) {
  return {
    coupons: cents.coupons.map(({ code, discount }) => ({ code, discount: money(discount) })),
    fees: cents.fees.map(({ key, name, total }) => ({ key, name, total: money(total) })),
    subtotal: money(cents.subtotal),
    discount_total: money(cents.discount_total),
    total_tax: money(cents.total_tax),
    total: money(cents.total),
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

  /**
   * The posted cart (lines, coupons, discounts) priced as the store prices it, or the refusal
   * already sent: a malformed cart, a discount the store user may not give, a coupon
   * WooCommerce refuses (with its own text).
   */
  function pricedCart(
    request: FastifyRequest<Route>,
    reply: FastifyReply,
    found: { station: Station; session: StationSession },
  ): { lines: PricedLine[]; cents: CartTotalsCents } | undefined {
    const asked = cartRequest(
      ctx.commerce.products(ctx.seed),
      (request.body ?? {}) as Record<string, unknown>,
    );
    if ('param' in asked) {
      reply.status(400).send(invalidParam(asked.param, asked.reason));
      return undefined;
    }
    const user = findUser(ctx, found.session.wpUserId);
    if (hasDiscount(asked) && !(user && userCan(user, DISCOUNT_CAPABILITY))) {
      reply
        .status(403)
        .send(restError(403, 'cloud_pos_register_cannot_discount', REGISTER_ERRORS.cannotDiscount));
      return undefined;
    }
    const { taxRate, pricesIncludeTax } = stationSettings(found.station);
    const cents = priceCart(asked, ctx.seed.coupons ?? [], taxRate, pricesIncludeTax, Date.now());
    if ('couponError' in cents) {
      reply.status(400).send(restError(400, 'woocommerce_rest_invalid_coupon', cents.couponError));
      return undefined;
    }
    return { lines: asked.lines, cents };
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
      ...customerPermissions(user),
      receipt: receiptSettings(station),
      may_discount: user !== undefined && userCan(user, DISCOUNT_CAPABILITY),
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
    const priced = pricedCart(request, reply, found);
    if (!priced) return reply;
    return totalsView(found.station, priced.lines, priced.cents);
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
    const body = (request.body ?? {}) as Record<string, unknown>;
    const priced = pricedCart(request, reply, found);
    if (!priced) return reply;
    const { lines, cents } = priced;
    const details = saleDetails(ctx, body);
    if ('param' in details) {
      return reply.status(400).send(invalidParam(details.param, details.reason));
    }
    const offline = offlineSaleOf(request.body);
    if (offline && 'error' in offline) {
      return reply.status(400).send(invalidParam('offline', String(offline.error)));
    }
    const { currency, taxRate, pricesIncludeTax } = stationSettings(station);
    // A sale the register took while the store did not answer was paid for the total it showed
    // then: its tenders add up to that, and the store's own total is what it settles.
    const due = offline ? Math.round(Number(offline[OFFLINE_TOTAL_META]) * 100) : cents.total;
    const tenders = tendersOf(body, due);
    if (!Array.isArray(tenders)) {
      return reply
        .status(400)
        .send(
          'param' in tenders
            ? invalidParam(tenders.param, tenders.message)
            : restError(400, tenders.code, tenders.message),
        );
    }
    const cashier = findUser(ctx, session.wpUserId);
    const method = paymentMethodOf(tenders);
    const order: NewOrder = {
      created_via: POS_CREATED_VIA,
      payment_method: method.id,
      payment_method_title: method.title,
      currency,
      taxRate,
      taxIncluded: pricesIncludeTax,
      lines,
      ...orderDetails(details),
      adjustments: cents,
      meta: {
        [POS_META.station]: String(station.pos_id),
        [POS_META.stationName]: posStationName(station.name),
        [POS_META.cashierId]: String(session.wpUserId),
        [POS_META.cashierName]: cashier?.name ?? session.name,
        ...tenderMeta(tenders),
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
    return reply.status(201).send(saleView(result.order, station));
  });
  registerSaleRoutes(app, ctx, { authorize, authorizeWrite }, (raw) => {
    const asked = cartRequest(ctx.commerce.products(ctx.seed), { lines: raw });
    return 'reason' in asked ? asked.reason : asked.lines;
  });
  registerAfterSaleRoutes(app, ctx, base, authorize);
}
