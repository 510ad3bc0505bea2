import { sql, type Kysely, type Transaction } from 'kysely';
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
function orderWrite(db: Kysely<Database>, id: string, applicationId: string, order: OrderFields) {
  const values = {
    status: order.status,
    total_cents: order.totalCents,
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
  return db
    .insertInto('orders')
    .values({ id, application_id: applicationId, store_order_id: order.storeOrderId, ...values })
    .onConflict((oc) =>
      oc
        .columns(['application_id', 'store_order_id'])
        .doUpdateSet(values)
        .where('orders.modified_at', '<=', order.modifiedAt),
    )
    .returning('id');
}

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
   * application's owner when the caller knows it, saves looking it up.
   */
  upsert(
    applicationId: string,
    order: OrderFields,
    feed?: { userId: string; entry: NewActivity },
    ownerId: string | undefined = feed?.userId,
  ): Promise<UpsertOutcome> {
    if (feed && feed.userId !== ownerId) {
      return Promise.reject(new Error('An order feed entry goes to the application owner’s feed'));
    }
    if (this.dialect === 'postgres')
      return this.upsertInOneStatement(applicationId, order, feed, ownerId);
    return this.db.transaction().execute(async (trx) => {
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
   * when the row changed, and their NOTIFY.
   */
  private async upsertInOneStatement(
    applicationId: string,
    order: OrderFields,
    feed: { userId: string; entry: NewActivity } | undefined,
    knownOwner: string | undefined,
  ): Promise<UpsertOutcome> {
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
    const statement = liveEventsWith(ownerId, append?.events ?? [ordersEvent], {
      writes: [
        { name: 'order_row', write: sql`${orderWrite(this.db, id, applicationId, order)}` },
        { name: 'usage_line', write: usage },
        ...(append?.writes ?? []),
      ],
      ...(append?.derived ? { derived: append.derived } : {}),
    });
    const { rows } = await sql<{ id: string | null; notified: number }>`${PREPARED}${statement}
      select (select order_row.id from order_row) as id,
        (select count(*) from notified)::integer as notified`.execute(this.db);
    const stored = rows[0]?.id;
    if (!stored) return 'stale';
    return stored === id ? 'inserted' : 'updated';
  }

  /**
   * Marks a store order deleted at `now` (its modified time moves up to `now`, so a created or
   * updated version from before the delete, delivered late or again, stays stale). An order
   * the api never had gets a deleted stub row, so its late order.created does not bring it
   * back; a newer version (restored from the trash) does. False when the api never had it.
   */
  markDeleted(
    applicationId: string,
    storeOrderId: number,
    now = new Date().toISOString(),
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
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
   * the same created topic changes nothing. Returns whether the entry was added.
   */
  feedOnce(
    applicationId: string,
    deliveryKey: string,
    feed: { userId: string; entry: NewActivity },
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
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
