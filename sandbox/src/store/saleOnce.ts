import type { FastifyReply, FastifyRequest } from 'fastify';
import type { OrderRecord } from './commerce';
import { POS_META } from './commerce';
import type { StoreContext } from './context';
import { invalidParam } from './restApi';

/** The header that carries a sale's idempotency key (or the body's `idempotency_key`). */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** The order meta that keeps the key of the sale that made the order; the plugin's is the same. */
export const IDEMPOTENCY_META = 'cloud_pos_idempotency_key';

/** The refusal of a malformed key; the plugin answers the same. */
export const IDEMPOTENCY_KEY_INVALID =
  'idempotency_key must be a UUID such as 3f2b8c1e-6d4a-4f8e-9b1c-2a7d5e0f9c31.';

/** The order meta that keeps the provisional total a register showed for a sale it queued. */
export const OFFLINE_TOTAL_META = 'cloud_pos_offline_shown_total';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * The sale's idempotency key (lower case), null when the register sent none, or the reason it
 * is refused: the header and the body may both carry it, but then the same one.
 */
export function idempotencyKeyOf(request: FastifyRequest): string | null | { error: string } {
  const header = request.headers[IDEMPOTENCY_HEADER];
  const field = ((request.body ?? {}) as { idempotency_key?: unknown }).idempotency_key;
  const given = [header, field].filter((value) => value !== undefined);
  if (given.length === 0) return null;
  const keys = given.map((value) =>
    typeof value === 'string' && UUID.test(value.trim()) ? value.trim().toLowerCase() : null,
  );
  const [first] = keys;
  if (!first || keys.some((key) => key !== first)) return { error: IDEMPOTENCY_KEY_INVALID };
  return first;
}

/**
 * Makes each keyed sale of a station at most once. A sale whose key already made an order is
 * answered with that order (200); one whose key is being made by another request right now
 * waits for it first, so two racing requests make one order.
 */
export class SaleOnce {
  /** The sales being made, by `pos_id:key`; each settles when its answer has been sent. */
  private readonly making = new Map<string, Promise<void>>();

  constructor(private readonly ctx: StoreContext) {}

  /** The order a station's sale with `key` made, if any. */
  find(posId: number, key: string): OrderRecord | undefined {
    const meta = (order: OrderRecord, name: string) =>
      order.meta_data.find((m) => m.key === name)?.value;
    return this.ctx.commerce
      .orders()
      .find(
        (order) =>
          meta(order, IDEMPOTENCY_META) === key && meta(order, POS_META.station) === String(posId),
      );
  }

  /**
   * Starts the sale of `request`: undefined when the answer has already been sent (a bad key
   * refused, or the order its key made answered by `replay`); else the meta the new order
   * carries (none without a key). The key is held until this request's answer has been sent.
   */
  async begin(
    request: FastifyRequest,
    reply: FastifyReply,
    posId: number,
    replay: (order: OrderRecord) => unknown,
  ): Promise<Record<string, string> | undefined> {
    const key = idempotencyKeyOf(request);
    if (key === null) return {};
    if (typeof key === 'object') {
      await reply.status(400).send(invalidParam('idempotency_key', key.error));
      return undefined;
    }
    const slot = `${posId}:${key}`;
    for (let making = this.making.get(slot); making; making = this.making.get(slot)) {
      await making;
    }
    const made = this.find(posId, key);
    if (made) {
      await reply.status(200).send(replay(made));
      return undefined;
    }
    let settle: () => void = () => undefined;
    this.making.set(
      slot,
      new Promise<void>((resolve) => {
        settle = resolve;
      }),
    );
    // Whatever the answer (an order, a refusal, a dropped connection), the key is free again.
    reply.raw.once('close', () => {
      this.making.delete(slot);
      settle();
    });
    return { [IDEMPOTENCY_META]: key };
  }
}

/**
 * A sale the register took while the store did not answer (the body's `offline`, with the
 * provisional `shown_total` it showed from its last known prices): null for a sale made online;
 * else the meta its order keeps, or the reason it is refused. The goods and the money have
 * changed hands already, so the store records such a sale as it settles it: cash short of its
 * own total and stock below zero do not refuse it, and the register shows the difference.
 */
export function offlineSaleOf(body: unknown): Record<string, string> | null | { error: string } {
  const offline = ((body ?? {}) as { offline?: unknown }).offline;
  if (offline === undefined) return null;
  const shown = ((offline ?? {}) as { shown_total?: unknown }).shown_total;
  if (typeof shown !== 'string' || !/^\d{1,7}(\.\d{1,2})?$/.test(shown)) {
    return { error: 'offline.shown_total must be an amount such as 20.00.' };
  }
  return { [OFFLINE_TOTAL_META]: Number(shown).toFixed(2) };
}
