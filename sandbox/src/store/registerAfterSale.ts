import { saleDetailsView } from './registerSales';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { userCan } from './auth';
import type { OrderRecord } from './commerce';
import { POS_META, refundedCents, refundedUnits, wcDate } from './commerce';
import type { StoreContext } from './context';
import { findUser } from './context';
import type { StationSession } from './handoff';
import { restError } from './oauth';
import { fireOrder } from './ordersApi';
import { invalidParam } from './restApi';
import { recordedTenders } from './registerTenders';
import type { StationSeed } from './seed';

type Station = StationSeed;
type Route = { Params: { id: string } };
type OrderRoute = { Params: { id: string; order: string } };

/** The station and session a register call acts in, or undefined when it was refused. */
export type Authorize = (
  request: FastifyRequest<Route>,
  reply: FastifyReply,
) => { station: Station; session: StationSession } | undefined;

/** The texts of the after-sale routes' refusals; the plugin answers the same. */
export const SALES_ERRORS = {
  invalidOrder: 'Invalid ID.',
  cannotRefund: 'Sorry, you are not allowed to create resources.',
  reason: 'reason must say why, in 1 to 200 characters.',
  nothingLeft: 'Nothing is left to refund on this order.',
  invalidAmount: 'Invalid refund amount.',
  date: 'date must be a day such as 2026-11-28.',
} as const;

/** Most refund lines of one refund (an order has at most 100 lines). */
const MAX_REFUND_LINES = 100;

/** Order statuses a day's sales and summary leave out: never paid, or thrown away. */
const UNPAID = new Set(['pending', 'failed', 'cancelled', 'trash', 'checkout-draft']);

function money(cents: number): string {
  return (cents / 100).toFixed(2);
}

function metaOf(order: OrderRecord) {
  return (key: string) => order.meta_data.find((m) => m.key === key)?.value;
}

function subtotalCents(order: OrderRecord): number {
  return order.line_items.reduce((sum, line) => sum + line.price * line.quantity, 0);
}

/** The tenders of `order` as the register shows them. */
function tendersOfOrder(order: OrderRecord) {
  return recordedTenders(metaOf(order), order.payment_method, money(order.total));
}

/** A sale as the register shows its receipt, with its tenders and refunds. */
export function saleView(order: OrderRecord, station: Station) {
  const meta = metaOf(order);
  return {
    id: order.id,
    number: String(order.id),
    status: order.status,
    created_via: order.created_via,
    currency: order.currency,
    date_created_gmt: wcDate(order.created),
    payment_method: order.payment_method ?? 'pos_cash',
    payment_method_title: order.payment_method_title ?? '',
    station: { pos_id: station.pos_id, name: station.name },
    cashier: meta(POS_META.cashierName) ?? '',
    line_items: order.line_items.map((line) => ({
      id: line.id,
      product_id: line.product_id,
      variation_id: line.variation_id ?? 0,
      name: line.name,
      quantity: line.quantity,
      total: money(line.price * line.quantity),
      refunded_quantity: refundedUnits(order, line.id),
    })),
    // The register's coupons and discounts, as the order keeps them (WooCommerce's coupon and
    // fee lines; a fee's key says which discount it is).
    coupons: (order.coupon_lines ?? []).map(({ code, discount }) => ({
      code,
      discount: money(discount),
    })),
    fees: (order.fee_lines ?? []).map(({ id, key, name, total }) => ({
      key: key ?? `fee:${id}`,
      name,
      total: money(total),
    })),
    subtotal: money(subtotalCents(order)),
    discount_total: money(order.discount_total ?? 0),
    total_tax: money(order.total_tax),
    total: money(order.total),
    tendered: meta('cloud_pos_cash_tendered') ?? null,
    change: meta('cloud_pos_change_due') ?? null,
    reference: meta('cloud_pos_card_reference') ?? null,
    tenders: tendersOfOrder(order),
    refunded: money(refundedCents(order)),
    refunds: (order.refunds ?? []).map((refund) => ({
      id: refund.id,
      reason: refund.reason,
      amount: money(refund.amount),
      date_created_gmt: wcDate(refund.created),
    })),
    ...saleDetailsView(order),
  };
}

/** The [start, end) of day `date` (YYYY-MM-DD) in the store's time zone (the sandbox's is UTC). */
function dayRange(date: string): { start: number; end: number } {
  const start = Date.parse(`${date}T00:00:00Z`);
  return { start, end: start + 86_400_000 };
}

/** The day a request asks for (`?date=`), today in the store's time zone when absent. */
function dayOf(raw: unknown, now: number): string | undefined {
  if (raw === undefined || raw === '') return new Date(now).toISOString().slice(0, 10);
  if (typeof raw !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(raw)) return undefined;
  // Date.parse rolls 2026-02-30 over to March: the day must read back as given.
  const ms = Date.parse(`${raw}T00:00:00Z`);
  return !Number.isNaN(ms) && new Date(ms).toISOString().slice(0, 10) === raw ? raw : undefined;
}

/** Whether `order` was rung up at `station` (its station meta). */
function atStation(order: OrderRecord, station: Station): boolean {
  return metaOf(order)(POS_META.station) === String(station.pos_id);
}

/** The posted refund lines, or the refund of everything not yet refunded when there are none. */
function refundLines(
  order: OrderRecord,
  raw: unknown,
): Array<{ line_id: number; quantity: number }> | string {
  const left = (lineId: number) =>
    (order.line_items.find((l) => l.id === lineId)?.quantity ?? 0) - refundedUnits(order, lineId);
  if (raw === undefined || (Array.isArray(raw) && raw.length === 0)) {
    return order.line_items
      .map((line) => ({ line_id: line.id, quantity: left(line.id) }))
      .filter((line) => line.quantity > 0);
  }
  if (!Array.isArray(raw) || raw.length > MAX_REFUND_LINES) {
    return `lines must list at most ${MAX_REFUND_LINES} lines of the order.`;
  }
  const lines: Array<{ line_id: number; quantity: number }> = [];
  for (const item of raw as unknown[]) {
    const { line_id: id, quantity } = (item ?? {}) as Record<string, unknown>;
    const line = order.line_items.find((l) => l.id === id);
    if (!line) return `lines[].line_id ${String(id)} is not a line of this order.`;
    if (typeof quantity !== 'number' || !Number.isInteger(quantity) || quantity < 1) {
      return 'lines[].quantity must be a whole number of at least 1.';
    }
    const same = lines.find((l) => l.line_id === line.id);
    const asked = quantity + (same?.quantity ?? 0);
    if (asked > left(line.id)) {
      return `lines[].quantity must be at most the ${left(line.id)} of ${line.name} not yet refunded.`;
    }
    if (same) same.quantity = asked;
    else lines.push({ line_id: line.id, quantity });
  }
  return lines;
}

/**
 * The amount of refunding `lines`: each unit's share of the order's total (tax included), and
 * what is left of the total when the refund takes every unit left, so rounding leaves nothing.
 */
function refundAmount(order: OrderRecord, lines: Array<{ line_id: number; quantity: number }>) {
  const remaining = order.total - refundedCents(order);
  const unitsLeft = order.line_items.reduce(
    (sum, line) => sum + line.quantity - refundedUnits(order, line.id),
    0,
  );
  const units = lines.reduce((sum, line) => sum + line.quantity, 0);
  if (units === unitsLeft) return remaining;
  const subtotal = subtotalCents(order);
  const cents = lines.reduce((sum, { line_id, quantity }) => {
    const line = order.line_items.find((l) => l.id === line_id)!;
    return sum + line.price * quantity;
  }, 0);
  return subtotal === 0 ? 0 : Math.round((order.total * cents) / subtotal);
}

/**
 * The register's after-sale routes: the station's sales of a day, one sale's receipt, refunds
 * (restocking, the money given back at the counter) and the end-of-day summary.
 */
export function registerAfterSaleRoutes(
  app: FastifyInstance,
  ctx: StoreContext,
  base: string,
  authorize: Authorize,
): void {
  const invalidOrder = (reply: FastifyReply) =>
    reply
      .status(404)
      .send(restError(404, 'woocommerce_rest_shop_order_invalid_id', SALES_ERRORS.invalidOrder));

  /** The station's order `:order`, or the 404 already sent. */
  function stationOrder(
    request: FastifyRequest<OrderRoute>,
    reply: FastifyReply,
    station: Station,
  ) {
    const id = /^\d{1,10}$/.test(request.params.order) ? Number(request.params.order) : 0;
    const order = ctx.commerce.order(id);
    if (!order || !atStation(order, station) || order.status === 'trash') {
      invalidOrder(reply);
      return undefined;
    }
    return order;
  }

  /** The station's paid orders created on `date`, newest first. */
  function salesOf(station: Station, date: string): OrderRecord[] {
    const { start, end } = dayRange(date);
    return ctx.commerce
      .orders()
      .filter((o) => atStation(o, station) && o.created >= start && o.created < end)
      .filter((o) => !UNPAID.has(o.status))
      .sort((a, b) => b.created - a.created || b.id - a.id);
  }

  app.get<Route & { Querystring: { date?: string } }>(`${base}/sales`, async (request, reply) => {
    const found = authorize(request, reply);
    if (!found) return reply;
    const date = dayOf(request.query.date, Date.now());
    if (date === undefined) return reply.status(400).send(invalidParam('date', SALES_ERRORS.date));
    return salesOf(found.station, date).map((order) => ({
      id: order.id,
      number: String(order.id),
      date_created_gmt: wcDate(order.created),
      status: order.status,
      currency: order.currency,
      total: money(order.total),
      refunded: money(refundedCents(order)),
      cashier: metaOf(order)(POS_META.cashierName) ?? '',
      tenders: tendersOfOrder(order),
    }));
  });

  app.get<OrderRoute>(`${base}/orders/:order`, async (request, reply) => {
    const found = authorize(request, reply);
    if (!found) return reply;
    const order = stationOrder(request, reply, found.station);
    if (!order) return reply;
    return saleView(order, found.station);
  });

  app.post<OrderRoute>(`${base}/orders/:order/refunds`, async (request, reply) => {
    const found = authorize(request, reply);
    if (!found) return reply;
    // WooCommerce's permission to refund: edit_shop_orders (its REST refunds check the same).
    const user = findUser(ctx, found.session.wpUserId);
    if (!user || !userCan(user, 'edit_shop_orders')) {
      return reply
        .status(403)
        .send(restError(403, 'woocommerce_rest_cannot_create', SALES_ERRORS.cannotRefund));
    }
    const order = stationOrder(request, reply, found.station);
    if (!order) return reply;
    const body = (request.body ?? {}) as { reason?: unknown; lines?: unknown };
    const reason = typeof body.reason === 'string' ? body.reason.trim() : '';
    if (reason === '' || reason.length > 200 || /[\p{C}]/u.test(reason)) {
      return reply.status(400).send(invalidParam('reason', SALES_ERRORS.reason));
    }
    const lines = refundLines(order, body.lines);
    if (typeof lines === 'string') return reply.status(400).send(invalidParam('lines', lines));
    if (lines.length === 0) {
      return reply
        .status(400)
        .send(restError(400, 'cloud_pos_register_nothing_to_refund', SALES_ERRORS.nothingLeft));
    }
    const amount = refundAmount(order, lines);
    if (amount <= 0 || amount > order.total - refundedCents(order)) {
      // wc_create_refund's own check, as WooCommerce's REST refunds answer it.
      return reply
        .status(400)
        .send(
          restError(400, 'woocommerce_rest_cannot_create_order_refund', SALES_ERRORS.invalidAmount),
        );
    }
    await ctx.commerce.refundOrder(order, ctx.commerce.products(ctx.seed), {
      reason,
      amount,
      lines,
    });
    // wc_create_refund saves the order (and its status when fully refunded): order.updated.
    fireOrder(ctx, 'order.updated', order);
    return reply.status(201).send(saleView(order, found.station));
  });

  app.get<Route & { Querystring: { date?: string } }>(`${base}/summary`, async (request, reply) => {
    const found = authorize(request, reply);
    if (!found) return reply;
    const date = dayOf(request.query.date, Date.now());
    if (date === undefined) return reply.status(400).send(invalidParam('date', SALES_ERRORS.date));
    const { start, end } = dayRange(date);
    const sales = salesOf(found.station, date);
    const byTender = { cash: 0, card: 0 };
    type Figures = { name: string; orders: number; gross: number; refunds: number };
    const cashiers = new Map<string, Figures>();
    const cashierOf = (order: OrderRecord) => {
      const name = metaOf(order)(POS_META.cashierName) ?? '';
      const figures = cashiers.get(name) ?? { name, orders: 0, gross: 0, refunds: 0 };
      cashiers.set(name, figures);
      return figures;
    };
    for (const order of sales) {
      const figures = cashierOf(order);
      figures.orders += 1;
      figures.gross += order.total;
      for (const tender of tendersOfOrder(order)) {
        byTender[tender.method] += Math.round(Number(tender.amount) * 100);
      }
    }
    // Refunds made that day, of the station's orders of any day.
    let refunds = 0;
    for (const order of ctx.commerce.orders()) {
      if (!atStation(order, found.station)) continue;
      for (const refund of order.refunds ?? []) {
        if (refund.created < start || refund.created >= end) continue;
        refunds += refund.amount;
        cashierOf(order).refunds += refund.amount;
      }
    }
    const gross = sales.reduce((sum, order) => sum + order.total, 0);
    const currency = sales[0]?.currency ?? String(found.station.settings.currency ?? 'USD');
    return {
      date,
      currency,
      orders: sales.length,
      gross: money(gross),
      refunds: money(refunds),
      net: money(gross - refunds),
      tenders: (['cash', 'card'] as const).map((method) => ({
        method,
        amount: money(byTender[method]),
      })),
      cashiers: [...cashiers.values()]
        .sort((a, b) => a.name.localeCompare(b.name))
        .map((c) => ({
          name: c.name,
          orders: c.orders,
          gross: money(c.gross),
          refunds: money(c.refunds),
          net: money(c.gross - c.refunds),
        })),
    };
  });
}
