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

const GMT_DATE = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?(Z|[+-]00:?00)?$/;
const DECIMAL = /^-?\d{1,12}(\.\d{1,6})?$/;

/** WooCommerce's `*_gmt` date (UTC, no zone) as the api stores times; null when invalid. */
export function gmtToIso(value: unknown): string | null {
  if (typeof value !== 'string' || !GMT_DATE.test(value)) return null;
  const ms = Date.parse(/Z$|[+-]00:?00$/.test(value) ? value : `${value}Z`);
  return Number.isFinite(ms) ? new Date(ms).toISOString() : null;
}

/** The stored form of a decimal string (WooCommerce's `total`): integer cents, rounded. */
export function toCents(value: unknown): number | null {
  const text = typeof value === 'number' ? String(value) : value;
  if (typeof text !== 'string' || !DECIMAL.test(text)) return null;
  return Math.round(Number(text) * 100);
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

function positiveInt(value: string | null): number | null {
  return value !== null && /^\d{1,10}$/.test(value) && Number(value) > 0 ? Number(value) : null;
}

/**
 * What the api keeps of a WooCommerce REST v3 order (a delivery's body or a `GET orders`
 * item); null when it lacks what every order has (id, status, total, currency, dates). The
 * channel is 'pos' when `created_via` is a point of sale's or the Cloud POS meta names a
 * station, 'web' otherwise; station (id and name) and cashier come from that meta.
 */
export function orderFieldsOf(body: unknown): OrderFields | null {
  if (body == null || typeof body !== 'object' || Array.isArray(body)) return null;
  const o = body as Record<string, unknown>;
  const id = o.id;
  if (typeof id !== 'number' || !Number.isInteger(id) || id < 1) return null;
  if (typeof o.status !== 'string' || !/^[a-z0-9_-]{1,40}$/.test(o.status)) return null;
  if (typeof o.currency !== 'string' || !/^[A-Z]{3}$/.test(o.currency)) return null;
  const totalCents = toCents(o.total);
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
