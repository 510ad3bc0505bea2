import { createHash, createHmac, timingSafeEqual } from 'node:crypto';
import type { Repositories } from '../../repositories';
import type { NewActivity } from '../../repositories/activities';
import { REPLAYED, type DeliveryKey } from '../../repositories/orders';
import type { StoreAccess } from '../store-access';
import { storeFeed } from './feed';
import { storedIdsOf, webhookSecretOf } from './sync';
import { isStoreOrderId, MAX_STORE_ORDER_ID, orderFieldsOf, orderRefusalOf } from './wire';

/** Largest delivery body read (WooCommerce orders with many lines stay far below). */
export const MAX_DELIVERY_BYTES = 1024 * 1024;

/** The X-WC-Webhook-* headers of a delivery. */
export interface DeliveryHeaders {
  source?: string;
  topic?: string;
  resource?: string;
  event?: string;
  signature?: string;
  webhookId?: string;
  deliveryId?: string;
}

/** How a delivery was answered: the status code and a short message. */
export interface DeliveryOutcome {
  status: 200 | 400 | 401 | 409;
  message: string;
  /**
   * Refused because it is not signed with a verified application's secret (or names no such
   * application): what a guesser gets, so the POS host counts it against the sender.
   */
  badSignature?: true;
}

/**
 * X-WC-Webhook-ID as WooCommerce sends it, a webhook's post id: decimal digits only, a
 * positive safe integer; null for anything else ('1e3', '0x10', ' 12', '12abc', '-1', huge).
 */
export function webhookIdOf(header: string | undefined): number | null {
  if (header === undefined || !/^[1-9][0-9]{0,15}$/.test(header)) return null;
  const id = Number(header);
  return Number.isSafeInteger(id) ? id : null;
}

/**
 * X-WC-Webhook-Delivery-ID when it is one WooCommerce could send (its `wp_hash`, 32 hex
 * digits; other senders' ids of letters, digits, '-' and '_', at most 128), else null.
 */
export function deliveryIdOf(header: string | undefined): string | null {
  return header !== undefined && /^[A-Za-z0-9_-]{1,128}$/.test(header) ? header : null;
}

const replayed: DeliveryOutcome = { status: 409, message: 'Delivery already received' };

/** The X-WC-Webhook-Signature of `raw`: base64 HMAC-SHA256 with the webhook's secret. */
export function signatureOf(raw: Buffer, secret: string): string {
  return createHmac('sha256', secret).update(raw).digest('base64');
}

/** Constant-time comparison of a received signature with the expected one. */
export function signatureMatches(
  received: string | undefined,
  raw: Buffer,
  secret: string,
): boolean {
  if (!received) return false;
  const expected = Buffer.from(signatureOf(raw, secret), 'utf8');
  const given = Buffer.from(received, 'utf8');
  return given.length === expected.length && timingSafeEqual(given, expected);
}

/** Whether a body is WooCommerce's activation ping (form-encoded `webhook_id`). */
export function isPing(contentType: string | undefined, raw: Buffer): boolean {
  if (!contentType?.startsWith('application/x-www-form-urlencoded')) return false;
  const params = new URLSearchParams(raw.toString('utf8'));
  return /^\d{1,20}$/.test(params.get('webhook_id') ?? '');
}

function text(value: unknown, max: number): string | null {
  return typeof value === 'string' && value.trim() !== '' ? value.trim().slice(0, max) : null;
}

/**
 * One signed delivery for application `applicationId`: the signature is checked against that
 * application's secret before anything is read (unknown applications, unsigned or badly signed
 * bodies: 401, nothing changes). A delivery already processed (the same
 * X-WC-Webhook-Delivery-ID and body) is refused with 409, one without a well-formed delivery
 * id with 400. order.created/updated store the order (idempotent, an older version never
 * overwrites a newer one; a new order adds orderProcessed), order.deleted marks it deleted,
 * customer.created and product.created add their feed entries. Other topics are acknowledged
 * and ignored. Each delivery taken is recorded in the transaction of its effect.
 */
export async function acceptDelivery(
  repos: Repositories,
  access: Pick<StoreAccess, 'secrets'>,
  applicationId: string,
  headers: DeliveryHeaders,
  raw: Buffer,
): Promise<DeliveryOutcome> {
  const unauthorized: DeliveryOutcome = {
    status: 401,
    message: 'Invalid webhook signature',
    badSignature: true,
  };
  // One query for both: every delivery reads them before anything else.
  const found = await repos.orders.withSync(applicationId);
  if (!found || found.application.is_verified_auth !== 1) return unauthorized;
  const { application: row, sync } = found;
  let secret: string;
  try {
    secret = webhookSecretOf(sync, access);
  } catch {
    return unauthorized;
  }
  if (!signatureMatches(headers.signature, raw, secret)) return unauthorized;
  // Signed with this application's secret, from one of its webhooks (a webhook left on the
  // store by a registration that lost a race is refused, so WooCommerce disables it).
  const webhookId = webhookIdOf(headers.webhookId);
  if (webhookId === null || !storedIdsOf(sync).includes(webhookId)) {
    return { status: 401, message: 'Unknown webhook' };
  }
  // The signature covers the body only: an exact replay (the same delivery id and bytes) is
  // refused by the record of the deliveries processed, written with each one's effect, so a
  // delivery refused or failed here is taken when it comes again.
  const deliveryId = deliveryIdOf(headers.deliveryId);
  if (deliveryId === null) {
    return { status: 400, message: 'X-WC-Webhook-Delivery-ID is missing or malformed' };
  }
  const delivery: DeliveryKey = {
    deliveryId,
    bodyHash: createHash('sha256').update(raw).digest('hex'),
  };

  let body: unknown;
  try {
    body = JSON.parse(raw.toString('utf8'));
  } catch {
    return { status: 400, message: 'The delivery body is not JSON' };
  }
  if (body == null || typeof body !== 'object' || Array.isArray(body)) {
    return { status: 400, message: 'The delivery body must be a JSON object' };
  }
  const fields = body as Record<string, unknown>;
  // A created topic adds its feed entry once per resource (WooCommerce redelivers after a
  // failed or slow answer, each time with a new delivery id); one without an id just adds it.
  const feedOnce = (resource: Record<string, unknown>, entry: NewActivity) => {
    const id = resource.id;
    const key = typeof id === 'number' && Number.isInteger(id) ? `${headers.topic}:${id}` : null;
    return repos.orders.feedOnce(row.id, key, { userId: row.user_id, entry }, delivery);
  };
  switch (headers.topic) {
    case 'order.created':
    case 'order.updated': {
      const order = orderFieldsOf(body);
      if (!order) return { status: 400, message: orderRefusalOf(body) ?? 'Invalid order' };
      const feed =
        headers.topic === 'order.created'
          ? { userId: row.user_id, entry: storeFeed.orderProcessed(row, order) }
          : undefined;
      const outcome = await repos.orders.upsert(row.id, order, feed, row.user_id, delivery);
      return outcome === REPLAYED ? replayed : { status: 200, message: `Order ${outcome}` };
    }
    case 'order.deleted': {
      const id = fields.id;
      if (!isStoreOrderId(id)) {
        return {
          status: 400,
          message: `The deleted order's id must be a whole number from 1 to ${MAX_STORE_ORDER_ID}`,
        };
      }
      const known = await repos.orders.markDeleted(row.id, id, undefined, delivery);
      if (known === REPLAYED) return replayed;
      return { status: 200, message: known ? 'Order deleted' : 'Order unknown' };
    }
    case 'customer.created': {
      const name =
        [text(fields.first_name, 100), text(fields.last_name, 100)].filter(Boolean).join(' ') ||
        text(fields.email, 200) ||
        (typeof fields.id === 'number' ? `#${fields.id}` : null);
      if (!name) return { status: 400, message: 'The customer has no name, email or id' };
      const added = await feedOnce(fields, storeFeed.customerAdded(row, name));
      if (added === REPLAYED) return replayed;
      return { status: 200, message: added ? 'Customer added' : 'Customer already added' };
    }
    case 'product.created': {
      const name = text(fields.name, 200);
      if (!name) return { status: 400, message: 'The product has no name' };
      const added = await feedOnce(fields, storeFeed.productAdded(row, name));
      if (added === REPLAYED) return replayed;
      return { status: 200, message: added ? 'Product added' : 'Product already added' };
    }
    default:
      return (await repos.orders.acknowledgeDelivery(row.id, delivery))
        ? { status: 200, message: 'Topic ignored' }
        : replayed;
  }
}

/**
 * Whether a refused delivery is logged: at most once a minute per application (a store that
 * keeps retrying, or a caller guessing, must not flood the log). Returns the count of refusals
 * not logged since the last logged one, or null to stay silent.
 */
export class RefusalLog {
  private readonly last = new Map<string, { at: number; skipped: number }>();
  constructor(
    private readonly intervalMs = 60_000,
    private readonly maxKeys = 10_000,
  ) {}

  shouldLog(applicationId: string, now = Date.now()): { skipped: number } | null {
    const seen = this.last.get(applicationId);
    if (seen && now - seen.at < this.intervalMs) {
      seen.skipped += 1;
      return null;
    }
    if (!seen && this.last.size >= this.maxKeys) this.last.clear();
    this.last.set(applicationId, { at: now, skipped: 0 });
    return { skipped: seen?.skipped ?? 0 };
  }
}
