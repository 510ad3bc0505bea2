import { sql, type Kysely, type RawBuilder, type Transaction } from 'kysely';
import { PREPARED, type DialectName } from '../db';
import { newId, nowIso } from '../db/ids';
import type { ApplicationRow, Database, OrderRow, OrderSyncRow } from '../db/types';
import { liveEventsWith, recordLiveEvent } from '../live/events';
import type { NewActivity } from './activities';
import { appendActivity, appendActivityWrites } from './activities';
import { recordUsage } from './usage';

/** What the api keeps of one store order. */
export interface OrderFields {
  storeOrderId: number;
  status: string;
  /** Integer cents of the order's currency. */
  totalCents: number;
  /** Integer cents refunded so far (WooCommerce's `refunds`), at most the total; absent: 0. */
  refundedCents?: number;
  currency: string;
  /** ISO 8601 UTC. */
  createdAt: string;
  modifiedAt: string;
  channel: 'pos' | 'web';
  stationPosId: number | null;
  /** The station's name as the store calls it (meta `cloud_pos_station_name`). */
  stationName: string | null;
  cashierWpUserId: number | null;
  cashierName: string | null;
}

/**
 * A WooCommerce delivery as processed once: its X-WC-Webhook-Delivery-ID and the SHA-256 hex
 * of its signed body (see migration 0027: the id alone is shared by two deliveries of one
 * webhook in one second).
 */
export interface DeliveryKey {
  deliveryId: string;
  bodyHash: string;
}

/** What a write given a {@link DeliveryKey} answers when that delivery was already processed. */
export const REPLAYED = 'replayed' as const;

/**
 * Records `delivery` as processed, in the caller's transaction `trx` (so only with the
 * delivery's effect); false when it already was. On PostgreSQL an insert racing another for
 * the same key waits for that transaction and then inserts nothing, so of a replay racing its
 * original exactly one goes on.
 */
async function claimDelivery(
  trx: Kysely<Database>,
  applicationId: string,
  delivery: DeliveryKey,
): Promise<boolean> {
  const result = await trx
    .insertInto('webhook_delivery_ids')
    .values({
      application_id: applicationId,
      delivery_id: delivery.deliveryId,
      body_hash: delivery.bodyHash,
      received_at: nowIso(),
    })
    .onConflict((oc) => oc.columns(['application_id', 'delivery_id', 'body_hash']).doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/**
 * Tells the owner's live streams that an application's orders changed (`orders` event), in
 * the transaction `trx` of the change. The owner is looked up unless the caller knows it.
 */
async function recordOrdersChanged(
  trx: Transaction<Database>,
  applicationId: string,
  ownerId?: string,
): Promise<void> {
  const userId =
    ownerId ??
    (
      await trx
        .selectFrom('applications')
        .select('user_id')
        .where('id', '=', applicationId)
        .executeTakeFirst()
    )?.user_id;
  if (userId) await recordLiveEvent(trx, userId, 'orders', { applicationId });
}

/**
 * The order's insert, or its update when the stored version is not newer ('stale': no row
 * returned); returns the row's id (`id` when it inserted).
 */
function orderWrite(
  db: Kysely<Database>,
  id: string,
  applicationId: string,
  order: OrderFields,
  onlyIf?: RawBuilder<boolean>,
) {
  const values = {
    status: order.status,
    total_cents: order.totalCents,
    refunded_cents: order.refundedCents ?? 0,
    currency: order.currency,
    created_at: order.createdAt,
    modified_at: order.modifiedAt,
    channel: order.channel,
    station_pos_id: order.stationPosId,
    station_name: order.stationName,
    cashier_wp_user_id: order.cashierWpUserId,
    cashier_name: order.cashierName,
    // A newer version of a deleted order (restored from the trash) is live again.
    deleted: 0,
  };
  const row = { id, application_id: applicationId, store_order_id: order.storeOrderId, ...values };
  const insert = onlyIf
    ? // PostgreSQL's one statement: the row's values selected only when the gate holds (typed
      // by casts, as a select list's parameters have no column to take a type from).
      db
        .insertInto('orders')
        .columns(ORDER_COLUMNS)
        .expression(
          sql`select ${sql.join(
            ORDER_COLUMNS.map(
              (column) => sql`cast(${row[column]} as ${sql.raw(ORDER_TYPES[column])})`,
            ),
          )} where ${onlyIf}`,
        )
    : db.insertInto('orders').values(row);
  return insert
    .onConflict((oc) =>
      oc
        .columns(['application_id', 'store_order_id'])
        .doUpdateSet(values)
        .where('orders.modified_at', '<=', order.modifiedAt),
    )
    .returning('id');
}

/** The columns of an order's insert and their PostgreSQL types (see {@link orderWrite}). */
const ORDER_TYPES = {
  id: 'text',
  application_id: 'text',
  store_order_id: 'integer',
  status: 'text',
  total_cents: 'integer',
  refunded_cents: 'integer',
  currency: 'text',
  created_at: 'text',
  modified_at: 'text',
  channel: 'text',
  station_pos_id: 'integer',
  station_name: 'text',
  cashier_wp_user_id: 'integer',
  cashier_name: 'text',
  deleted: 'integer',
} as const;
const ORDER_COLUMNS = Object.keys(ORDER_TYPES) as (keyof typeof ORDER_TYPES)[];

/** Every column of applications, for a prepared statement (see {@link PREPARED}). */
const APPLICATION_COLUMNS = [
  'id',
  'user_id',
  'name',
  'home_url',
  'home_url_key',
  'slug',
  'auth_type',
  'is_verified_auth',
  'key_id',
  'consumer_key_enc',
  'consumer_secret_enc',
  'wp_user',
  'auth_token_hash',
  'auth_token_expires_at',
  'auth_return_path',
  'created_at',
  'updated_at',
  'members_synced_at',
  'members_sync_attempted_at',
  'pos_plugin_active',
  'pos_plugin_checked_at',
  'wc_version',
  'last_auth_failure',
] as const satisfies readonly (keyof ApplicationRow)[];

/** What {@link OrdersRepository.upsert} did. */
export type UpsertOutcome = 'inserted' | 'updated' | 'stale';

/** The orders of applications and the state of their webhooks and reconcile. */
export class OrdersRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName = 'sqlite',
  ) {}

  /**
   * Stores an order once per (application, store order id): a redelivery or a newer version
   * updates the row, an older `modifiedAt` than the stored one changes nothing ('stale'). With
   * `feed`, a new row adds that entry to the owner's feed in the same transaction. The owner's
   * live streams are told (`orders` event) of a new or updated row. `ownerId`, the
   * application's owner when the caller knows it, saves looking it up. With `delivery` (a
   * webhook delivery, not the catch-up sync) the delivery is recorded with the change, and one
   * already processed changes nothing ({@link REPLAYED}).
   */
  upsert(
    applicationId: string,
    order: OrderFields,
    feed?: { userId: string; entry: NewActivity },
    ownerId: string | undefined = feed?.userId,
    delivery?: DeliveryKey,
  ): Promise<UpsertOutcome | typeof REPLAYED> {
    if (feed && feed.userId !== ownerId) {
      return Promise.reject(new Error('An order feed entry goes to the application owner’s feed'));
    }
    if (this.dialect === 'postgres')
      return this.upsertInOneStatement(applicationId, order, feed, ownerId, delivery);
    return this.db.transaction().execute(async (trx) => {
      if (delivery && !(await claimDelivery(trx, applicationId, delivery))) return REPLAYED;
      const id = newId();
      const row = await orderWrite(trx, id, applicationId, order).executeTakeFirst();
      if (!row) return 'stale';
      // The plan limits and the excess count the usage ledger, which outlives the application:
      // its line is written with the row (not for a stale version).
      await recordUsage(trx, applicationId, order.storeOrderId, {
        createdAt: order.createdAt,
        deleted: false,
      });
      const outcome = row.id === id ? 'inserted' : 'updated';
      if (outcome === 'inserted' && feed) {
        // The feed entry and the orders event of one delivery go in one write.
        await appendActivity(trx, feed.userId, feed.entry, [
          { kind: 'orders', data: { applicationId } },
        ]);
      } else {
        await recordOrdersChanged(trx, applicationId, ownerId);
      }
      return outcome;
    });
  }

  /**
   * {@link upsert} on PostgreSQL, in one statement (atomic on its own: no BEGIN and COMMIT
   * round trips, which the ingest's budget counts): the order's row, its usage line, the feed
   * entry when the row is new ({@link appendActivityWrites}, gated on that), the orders event
   * when the row changed, and their NOTIFY. A delivery's record is the statement's first
   * write, and the order's row is written only when it recorded one (every other write reads
   * the row's): a replay, or the loser of a replay racing its original, changes nothing.
   */
  private async upsertInOneStatement(
    applicationId: string,
    order: OrderFields,
    feed: { userId: string; entry: NewActivity } | undefined,
    knownOwner: string | undefined,
    delivery: DeliveryKey | undefined,
  ): Promise<UpsertOutcome | typeof REPLAYED> {
    const ownerId =
      knownOwner ??
      (
        await this.db
          .selectFrom('applications')
          .select('user_id')
          .where('id', '=', applicationId)
          .executeTakeFirst()
      )?.user_id;
    if (!ownerId) throw new Error(`Unknown application ${applicationId}`);
    const id = newId();
    const usage = sql`insert into usage_ledger (user_id, store_key, store_order_id, created_at, deleted)
      select a.user_id, a.home_url_key, ${order.storeOrderId}::integer, ${order.createdAt}, 0
      from order_row join applications a on a.id = ${applicationId}
      on conflict (user_id, store_key, store_order_id)
      do update set deleted = 0, created_at = excluded.created_at
      returning 1`;
    // The conditions read the usage line (which reads the order's row): the rows of the
    // change are locked before the live-feed lock, in markDeleted's order.
    const changed = sql<boolean>`exists (select 1 from usage_line)`;
    const inserted = sql<boolean>`exists (select 1 from usage_line)
      and exists (select 1 from order_row where order_row.id = ${id})`;
    const ordersEvent = { kind: 'orders' as const, data: { applicationId }, onlyIf: changed };
    const append = feed
      ? appendActivityWrites(ownerId, feed.entry, { onlyIf: inserted, alsoRecord: [ordersEvent] })
      : null;
    const claim = delivery
      ? sql`insert into webhook_delivery_ids (application_id, delivery_id, body_hash, received_at)
          values (${applicationId}, ${delivery.deliveryId}, ${delivery.bodyHash}, ${nowIso()})
          on conflict (application_id, delivery_id, body_hash) do nothing
          returning 1`
      : sql`select 1`;
    const claimed = sql<boolean>`exists (select 1 from delivery_claim)`;
    const statement = liveEventsWith(ownerId, append?.events ?? [ordersEvent], {
      writes: [
        { name: 'delivery_claim', write: claim },
        {
          name: 'order_row',
          write: sql`${orderWrite(this.db, id, applicationId, order, delivery ? claimed : undefined)}`,
        },
        { name: 'usage_line', write: usage },
        ...(append?.writes ?? []),
      ],
      ...(append?.derived ? { derived: append.derived } : {}),
    });
    const { rows } = await sql<{
      id: string | null;
      notified: number;
      claimed: number;
    }>`${PREPARED}${statement}
      select (select order_row.id from order_row) as id,
        (select count(*) from notified)::integer as notified,
        (select count(*) from delivery_claim)::integer as claimed`.execute(this.db);
    if (delivery && rows[0]?.claimed === 0) return REPLAYED;
    const stored = rows[0]?.id;
    if (!stored) return 'stale';
    return stored === id ? 'inserted' : 'updated';
  }

  /**
   * Marks a store order deleted at `now` (its modified time moves up to `now`, so a created or
   * updated version from before the delete, delivered late or again, stays stale). An order
   * the api never had gets a deleted stub row, so its late order.created does not bring it
   * back; a newer version (restored from the trash) does. False when the api never had it.
   * With `delivery`, recorded with the change; one already processed changes nothing.
   */
  markDeleted(
    applicationId: string,
    storeOrderId: number,
    now = new Date().toISOString(),
    delivery?: DeliveryKey,
  ): Promise<boolean | typeof REPLAYED> {
    return this.db.transaction().execute(async (trx) => {
      if (delivery && !(await claimDelivery(trx, applicationId, delivery))) return REPLAYED;
      const id = newId();
      const row = await trx
        .insertInto('orders')
        .values({
          id,
          application_id: applicationId,
          store_order_id: storeOrderId,
          status: 'trash',
          total_cents: 0,
          currency: '',
          created_at: now,
          modified_at: now,
          channel: 'web',
          station_pos_id: null,
          station_name: null,
          cashier_wp_user_id: null,
          cashier_name: null,
          deleted: 1,
        })
        .onConflict((oc) =>
          oc.columns(['application_id', 'store_order_id']).doUpdateSet({
            deleted: 1,
            modified_at: sql<string>`case when orders.modified_at < ${now} then ${now} else orders.modified_at end`,
          }),
        )
        .returning('id')
        .executeTakeFirst();
      await recordUsage(trx, applicationId, storeOrderId, { createdAt: now, deleted: true });
      const known = row?.id !== id;
      // A stub for an order the api never had changes no figure the dashboard shows.
      if (known) await recordOrdersChanged(trx, applicationId);
      return known;
    });
  }

  /**
   * Adds `entry` to the owner's feed once per (application, `deliveryKey`): a redelivery of
   * the same created topic changes nothing (without a key, every call adds it). Returns whether
   * the entry was added. With `delivery`, recorded with the change; one already processed
   * changes nothing.
   */
  feedOnce(
    applicationId: string,
    deliveryKey: string | null,
    feed: { userId: string; entry: NewActivity },
    delivery?: DeliveryKey,
  ): Promise<boolean | typeof REPLAYED> {
    return this.db.transaction().execute(async (trx) => {
      if (delivery && !(await claimDelivery(trx, applicationId, delivery))) return REPLAYED;
      if (deliveryKey === null) {
        await appendActivity(trx, feed.userId, feed.entry);
        return true;
      }
      const result = await trx
        .insertInto('webhook_deliveries')
        .values({ application_id: applicationId, delivery_key: deliveryKey, created_at: nowIso() })
        .onConflict((oc) => oc.columns(['application_id', 'delivery_key']).doNothing())
        .executeTakeFirst();
      if (Number(result.numInsertedOrUpdatedRows ?? 0) === 0) return false;
      await appendActivity(trx, feed.userId, feed.entry);
      return true;
    });
  }

  /**
   * Records a delivery that changes nothing else (a topic the api ignores); false when it was
   * already processed.
   */
  acknowledgeDelivery(applicationId: string, delivery: DeliveryKey): Promise<boolean> {
    return claimDelivery(this.db, applicationId, delivery);
  }

  /** Forgets the deliveries processed before `before` (ISO); returns how many. */
  async pruneDeliveries(before: string): Promise<number> {
    const result = await this.db
      .deleteFrom('webhook_delivery_ids')
      .where('received_at', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }

  /** An application's orders, oldest first (tests and the analytics to come). */
  list(applicationId: string): Promise<OrderRow[]> {
    return this.db
      .selectFrom('orders')
      .selectAll()
      .where('application_id', '=', applicationId)
      .orderBy('created_at')
      .orderBy('store_order_id')
      .execute();
  }

  /** The newest modified time of an application's stored orders, or null. */
  async newestModified(applicationId: string): Promise<string | null> {
    const row = await this.db
      .selectFrom('orders')
      .select((eb) => eb.fn.max('modified_at').as('m'))
      .where('application_id', '=', applicationId)
      .executeTakeFirst();
    return (row?.m as string | null | undefined) ?? null;
  }

  /**
   * An application and its sync row in one query (what each webhook delivery reads first);
   * undefined when either is missing.
   */
  async withSync(
    applicationId: string,
  ): Promise<{ application: ApplicationRow; sync: OrderSyncRow } | undefined> {
    const row = await this.db
      .selectFrom('applications')
      .innerJoin('order_sync', 'order_sync.application_id', 'applications.id')
      // Prepared (each delivery runs it first), so its columns are named, not `*`.
      .modifyFront(PREPARED)
      .select(APPLICATION_COLUMNS.map((column) => `applications.${column}` as const))
      .select([
        'order_sync.webhook_secret_enc as sync_webhook_secret_enc',
        'order_sync.webhook_ids as sync_webhook_ids',
        'order_sync.registered_at as sync_registered_at',
        'order_sync.backfilled_at as sync_backfilled_at',
        'order_sync.reconciled_at as sync_reconciled_at',
        'order_sync.last_modified_at as sync_last_modified_at',
      ])
      .where('applications.id', '=', applicationId)
      .executeTakeFirst();
    if (!row) return undefined;
    const {
      sync_webhook_secret_enc,
      sync_webhook_ids,
      sync_registered_at,
      sync_backfilled_at,
      sync_reconciled_at,
      sync_last_modified_at,
      ...application
    } = row;
    return {
      application,
      sync: {
        application_id: application.id,
        webhook_secret_enc: sync_webhook_secret_enc,
        webhook_ids: sync_webhook_ids,
        registered_at: sync_registered_at,
        backfilled_at: sync_backfilled_at,
        reconciled_at: sync_reconciled_at,
        last_modified_at: sync_last_modified_at,
      },
    };
  }

  sync(applicationId: string): Promise<OrderSyncRow | undefined> {
    return this.db
      .selectFrom('order_sync')
      .selectAll()
      .where('application_id', '=', applicationId)
      .executeTakeFirst();
  }

  /**
   * Claims an application's webhook registration by making its sync row with `secretEnc`, only
   * while the application is still verified with the keys `consumerKeyEnc` (a disconnect that
   * ran since they were read makes nothing). Two callers at once: one inserts and registers,
   * the other gets false. Returns the row and whether this call made it.
   */
  async claimSync(
    applicationId: string,
    consumerKeyEnc: string,
    secretEnc: string,
  ): Promise<{ sync: OrderSyncRow | undefined; inserted: boolean }> {
    const result = await this.db
      .insertInto('order_sync')
      .columns(['application_id', 'webhook_secret_enc'])
      .expression((eb) =>
        eb
          .selectFrom('applications')
          .select([
            sql<string>`cast(${applicationId} as text)`.as('application_id'),
            sql<string>`cast(${secretEnc} as text)`.as('webhook_secret_enc'),
          ])
          .where('id', '=', applicationId)
          .where('is_verified_auth', '=', 1)
          .where('consumer_key_enc', '=', consumerKeyEnc),
      )
      .onConflict((oc) => oc.column('application_id').doNothing())
      .executeTakeFirst();
    const inserted = Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
    return { sync: await this.sync(applicationId), inserted };
  }

  /**
   * Saves the webhook ids while the application is still verified with the keys
   * `consumerKeyEnc` and its sync row exists; false otherwise (disconnected meanwhile).
   */
  async saveWebhookIds(
    applicationId: string,
    consumerKeyEnc: string,
    change: Pick<OrderSyncRow, 'webhook_ids'> & Partial<Pick<OrderSyncRow, 'registered_at'>>,
  ): Promise<boolean> {
    const result = await this.db
      .updateTable('order_sync')
      .set(change)
      .where('application_id', '=', applicationId)
      .where((eb) =>
        eb.exists(
          eb
            .selectFrom('applications')
            .select('applications.id')
            .where('applications.id', '=', applicationId)
            .where('applications.is_verified_auth', '=', 1)
            .where('applications.consumer_key_enc', '=', consumerKeyEnc),
        ),
      )
      .executeTakeFirst();
    return Number(result.numUpdatedRows) > 0;
  }

  async updateSync(
    applicationId: string,
    change: Partial<Omit<OrderSyncRow, 'application_id'>>,
  ): Promise<void> {
    await this.db
      .updateTable('order_sync')
      .set(change)
      .where('application_id', '=', applicationId)
      .execute();
  }

  /** Forgets the webhooks and reconcile state (disconnect); the orders stay. */
  async dropSync(applicationId: string): Promise<void> {
    await this.db.deleteFrom('order_sync').where('application_id', '=', applicationId).execute();
  }

  /**
   * Verified applications whose reconcile is due (never run, or before `before`), oldest
   * first, and claims them by setting reconciled_at to `now` — so several api instances share
   * the work instead of repeating it.
   */
  async claimDue(before: string, now: string, limit: number): Promise<string[]> {
    const due = await this.db
      .selectFrom('applications')
      .leftJoin('order_sync', 'order_sync.application_id', 'applications.id')
      .select('applications.id')
      .where('applications.is_verified_auth', '=', 1)
      .where((eb) =>
        eb.or([
          // No row yet: whoever inserts it registers (claimSync), the others skip.
          eb('order_sync.application_id', 'is', null),
          // A row without registration or reconcile yet: its first registration runs.
          eb.and([
            eb('order_sync.reconciled_at', 'is', null),
            eb('order_sync.registered_at', 'is not', null),
          ]),
          eb('order_sync.reconciled_at', '<', before),
        ]),
      )
      .orderBy('order_sync.reconciled_at')
      .limit(limit)
      .execute();
    const claimed: string[] = [];
    for (const { id } of due) {
      const result = await this.db
        .updateTable('order_sync')
        .set({ reconciled_at: now })
        .where('application_id', '=', id)
        .where((eb) =>
          eb.or([
            eb.and([eb('reconciled_at', 'is', null), eb('registered_at', 'is not', null)]),
            eb('reconciled_at', '<', before),
          ]),
        )
        .executeTakeFirst();
      // Without a sync row yet (keys stored, registration never ran): reconcile makes it,
      // unless another caller inserts it first.
      const existing = Number(result.numUpdatedRows) > 0 || !(await this.sync(id));
      if (existing) claimed.push(id);
    }
    return claimed;
  }
}
