import { withoutHiddenCharacters } from '@pos/shared/rules';
import type { OrderFields } from '../../repositories/orders';

/**
 * `created_via` values of orders rung up on a point of sale: the Cloud POS register's own
 * ('cloud-pos', which the plugin must set too), and WooCommerce's POS ('pos-rest-api').
 */
export const POS_CREATED_VIA: readonly string[] = ['cloud-pos', 'pos-rest-api', 'pos'];

/** Order meta the Cloud POS register adds (the plugin must use the same keys). */
export const POS_META = {
  station: 'cloud_pos_station_id',
  stationName: 'cloud_pos_station_name',
  cashierId: 'cloud_pos_cashier_id',
  cashierName: 'cloud_pos_cashier_name',
} as const;

/**
 * Largest store order id kept: `orders.store_order_id` (and the usage ledger's) is a 32-bit
 * integer on PostgreSQL, so a larger id could not be stored.
 */
export const MAX_STORE_ORDER_ID = 2_147_483_647;

/**
 * Largest order total kept, in cents either way: `orders.total_cents` is a 32-bit integer on
 * PostgreSQL (21 474 836.47 in the order's currency).
 */
export const MAX_TOTAL_CENTS = 2_147_483_647;

/** Whether `value` is a store order id the api keeps: a whole number from 1 to the maximum. */
export function isStoreOrderId(value: unknown): value is number {
  return (
    typeof value === 'number' &&
    Number.isInteger(value) &&
    value >= 1 &&
    value <= MAX_STORE_ORDER_ID
  );
}

const minorUnits = new Map<string, number>();

/** The decimals of a currency (ISO 4217, as Intl knows them: USD 2, JPY 0, KWD 3). */
export function currencyDecimals(currency: string): number {
  let digits = minorUnits.get(currency);
  if (digits === undefined) {
    try {
      digits = new Intl.NumberFormat('en', { style: 'currency', currency }).resolvedOptions()
        .maximumFractionDigits;
    } catch {
      digits = 2;
    }
    // At most 26^3 codes pass the currency check, so the cache stays small.
    minorUnits.set(currency, digits ?? 2);
  }
  return digits ?? 2;
}

const GMT_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]00:?00)?$/;
const DECIMAL = /^-?\d{1,12}(\.\d{1,6})?$/;

/** WooCommerce's `*_gmt` date (UTC, no zone) as the api stores times; null when invalid. */
export function gmtToIso(value: unknown): string | null {
  if (typeof value !== 'string' || !GMT_DATE.test(value)) return null;
  const ms = Date.parse(/Z$|[+-]00:?00$/.test(value) ? value : `${value}Z`);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/**
 * The stored form of a decimal string (WooCommerce's `total`): integer cents, rounded. With
 * `currency`, null too when it has more decimals than the currency's (trailing zeros aside:
 * WooCommerce writes a yen total '1500.00' under its default of two price decimals) or its
 * cents exceed {@link MAX_TOTAL_CENTS}.
 */
export function toCents(value: unknown, currency?: string): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !DECIMAL.test(text)) return null;
  const cents = Math.round(Number(text) * 100);
  if (currency === undefined) return cents;
  const decimals = (text.split('.')[1] ?? '').replace(/0+$/, '').length;
  if (decimals > currencyDecimals(currency) || Math.abs(cents) > MAX_TOTAL_CENTS) return null;
  return cents;
}

/**
 * Why an order of a delivery's body or a `GET orders` item is not kept (the delivery's 400
 * text), or null when {@link orderFieldsOf} keeps it.
 */
export function orderRefusalOf(body: unknown): string | null {
  if (body == null || typeof body !== 'object' || Array.isArray(body)) {
    return 'The order must be a JSON object';
  }
  const o = body as Record<string, unknown>;
  if (typeof o.id === 'number' && !isStoreOrderId(o.id)) {
    return `The order id must be a whole number from 1 to ${MAX_STORE_ORDER_ID}`;
  }
  if (typeof o.currency === 'string' && /^[A-Z]{3}$/.test(o.currency)) {
    if (toCents(o.total) !== null && toCents(o.total, o.currency) === null) {
      const decimals = currencyDecimals(o.currency);
      return (
        `The order total must be at most ${MAX_TOTAL_CENTS / 100} either way, with at most ` +
        `${decimals} decimal${decimals === 1 ? '' : 's'} for ${o.currency}`
      );
    }
  }
  return orderFieldsOf(body) ? null : 'The order lacks id, status, total, currency or dates';
}

function metaValue(meta: unknown, key: string): string | null {
  if (!Array.isArray(meta)) return null;
  for (const item of meta) {
    const entry = item as { key?: unknown; value?: unknown } | null;
    if (
      entry?.key === key &&
      (typeof entry.value === 'string' || typeof entry.value === 'number')
    ) {
      return String(entry.value);
    }
  }
  return null;
}

/** The first string value of meta `key` (a number is not a name), else null. */
function metaString(meta: unknown, key: string): string | null {
  if (!Array.isArray(meta)) return null;
  for (const item of meta) {
    const entry = item as { key?: unknown; value?: unknown } | null;
    if (entry?.key === key && typeof entry.value === 'string') return entry.value;
  }
  return null;
}

/**
 * A station's name from its meta: without hidden characters (see `withoutHiddenCharacters`),
 * trimmed, 1 to 200 characters (the plugin's limit), else null, so a name the plugin would
 * never send is not shown in the charts.
 */
function stationNameOf(value: string | null): string | null {
  const name = withoutHiddenCharacters(value ?? '').trim();
  return name !== '' && Array.from(name).length <= 200 ? name : null;
}

/**
 * Cents refunded of an order: the sum of its `refunds` (WooCommerce REST v3 lists each with a
 * negative `total`), at most `totalCents`; a refund without a readable total counts nothing.
 */
function refundedCentsOf(refunds: unknown, currency: string, totalCents: number): number {
  if (!Array.isArray(refunds)) return 0;
  let cents = 0;
  for (const refund of refunds) {
    const total = toCents((refund as { total?: unknown } | null)?.total, currency);
    if (total !== null) cents += Math.abs(total);
  }
  return Math.min(cents, Math.max(totalCents, 0));
}

function positiveInt(value: string | null): number | null {
  return value !== null && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/**
 * What the api keeps of a WooCommerce REST v3 order (a delivery's body or a `GET orders`
 * item); null when it lacks what every order has (id, status, total, currency, dates) or
 * they are out of bounds (see {@link orderRefusalOf}). The
 * channel is 'pos' when `created_via` is a point of sale's or the Cloud POS meta names a
 * station, 'web' otherwise; station (id and name) and cashier come from that meta.
 */
export function orderFieldsOf(body: unknown): OrderFields | null {
  if (body == null || typeof body !== 'object' || Array.isArray(body)) return null;
  const o = body as Record<string, unknown>;
  const id = o.id;
  if (!isStoreOrderId(id)) return null;
  if (typeof o.status !== 'string' || !/^[a-z0-9_-]{1,40}$/.test(o.status)) return null;
  if (typeof o.currency !== 'string' || !/^[A-Z]{3}$/.test(o.currency)) return null;
  const totalCents = toCents(o.total, o.currency);
  const createdAt = gmtToIso(o.date_created_gmt);
  const modifiedAt = gmtToIso(o.date_modified_gmt) ?? createdAt;
  if (totalCents === null || createdAt === null || modifiedAt === null) return null;
  const station = positiveInt(metaValue(o.meta_data, POS_META.station));
  const createdVia = typeof o.created_via === 'string' ? o.created_via : '';
  const pos = POS_CREATED_VIA.includes(createdVia) || station !== null;
  const cashierName = metaValue(o.meta_data, POS_META.cashierName);
  return {
    storeOrderId: id,
    status: o.status,
    totalCents,
    refundedCents: refundedCentsOf(o.refunds, o.currency, totalCents),
    currency: o.currency,
    createdAt,
    modifiedAt,
    channel: pos ? 'pos' : 'web',
    stationPosId: pos ? station : null,
    cashierWpUserId: pos ? positiveInt(metaValue(o.meta_data, POS_META.cashierId)) : null,
    cashierName: pos && cashierName ? cashierName.slice(0, 200) : null,
    // Only a station's name: without the id there is no station to name.
    stationName:
      pos && station !== null ? stationNameOf(metaString(o.meta_data, POS_META.stationName)) : null,
  };
}
