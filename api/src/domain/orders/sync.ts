import { randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationRow, OrderSyncRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import type { StoreCredentials } from '../../services/store-client';
import { verifiedCredentials } from '../applications/credentials';
import type { StoreAccess } from '../store-access';
import { storeFeed } from './feed';
import { orderFieldsOf } from './wire';

/** How long a processed delivery's id is kept to refuse its replay (then pruned). */
export const DELIVERY_IDS_KEPT_MS = 30 * 24 * 60 * 60 * 1000;

/** The WooCommerce topics every authorized application's store delivers. */
export const WEBHOOK_TOPICS = [
  'order.created',
  'order.updated',
  'order.deleted',
  'customer.created',
  'product.created',
] as const;

/** The name the store's webhook list shows. */
export const WEBHOOK_NAME = 'Cloud POS';

/** Most pages one backfill or reconcile reads (100 orders each). */
export const MAX_PAGES = 200;

/** Additional data context of the sealed webhook secret. */
export const webhookSecretContext = (applicationId: string) => `${applicationId}:webhook_secret`;

/** Where the store delivers an application's webhooks: on the POS host's public URL. */
export function deliveryUrl(access: Pick<StoreAccess, 'posPublicUrl'>, applicationId: string) {
  return `${access.posPublicUrl}/wc-webhooks/${encodeURIComponent(applicationId)}`;
}

/** The application's webhook secret in clear. Throws SecretBoxError. */
export function webhookSecretOf(sync: OrderSyncRow, access: Pick<StoreAccess, 'secrets'>): string {
  return access.secrets.open(sync.webhook_secret_enc, webhookSecretContext(sync.application_id));
}

function parseIds(json: string): number[] {
  try {
    const ids: unknown = JSON.parse(json);
    return Array.isArray(ids) ? ids.filter((id): id is number => Number.isInteger(id)) : [];
  } catch {
    return [];
  }
}

/**
 * Makes sure the store has an active webhook of each topic to this application's delivery URL
 * with its secret (a secret made and sealed on first use), creating the missing ones and
 * replacing paused or disabled ones (WooCommerce disables a webhook after repeated failed
 * deliveries). The ids are saved after each create, so a disconnect can remove them after a
 * partial failure.
 *
 * Making the sync row is the claim: of two callers at once for an application without one,
 * only the one that inserted it registers (the store would otherwise get every webhook twice).
 * A row that already existed is re-checked only by the reconcile (`claimed`, which claimed it
 * in the database), and only once its first registration finished or failed. The row is made, and the ids saved, only while the application is still
 * verified with the keys of `row`: a disconnect that ran after `row` was read leaves nothing,
 * and webhooks created meanwhile are deleted again. Returns whether it registered.
 */
export async function registerWebhooks(
  repos: Repositories,
  access: StoreAccess,
  row: ApplicationRow,
  credentials: StoreCredentials,
  { claimed = false }: { claimed?: boolean } = {},
): Promise<boolean> {
  const keyEnc = row.consumer_key_enc;
  if (!keyEnc) return false;
  const secret = randomBytes(32).toString('base64url');
  const { sync, inserted } = await repos.orders.claimSync(
    row.id,
    keyEnc,
    access.secrets.seal(secret, webhookSecretContext(row.id)),
  );
  // A row made by another caller that has neither registered nor failed yet: still theirs.
  const settled = Boolean(sync?.registered_at ?? sync?.reconciled_at);
  if (!sync || !(inserted || (claimed && settled))) return false;
  const clear = webhookSecretOf(sync, access);
  const url = deliveryUrl(access, row.id);
  const existing = (await access.store.webhooks(row.home_url, credentials)).filter(
    (w) => w.deliveryUrl === url,
  );
  const kept = parseIds(sync.webhook_ids);
  const ids: number[] = [];
  const save = (change: { registered_at?: string } = {}) =>
    repos.orders.saveWebhookIds(row.id, keyEnc, { webhook_ids: JSON.stringify(ids), ...change });
  for (const topic of WEBHOOK_TOPICS) {
    const mine = existing.filter((w) => w.topic === topic);
    const active = mine.find((w) => w.status === 'active' && kept.includes(w.id));
    for (const stale of mine.filter((w) => w !== active)) {
      await access.store.deleteWebhook(row.home_url, credentials, stale.id);
    }
    if (active) {
      ids.push(active.id);
      continue;
    }
    const id = await access.store.createWebhook(row.home_url, credentials, {
      name: WEBHOOK_NAME,
      topic,
      deliveryUrl: url,
      secret: clear,
    });
    ids.push(id);
    if (!(await save())) {
      // Disconnected meanwhile: its webhooks were removed with the ids read before this one.
      await access.store.deleteWebhook(row.home_url, credentials, id).catch(() => undefined);
      return false;
    }
  }
  return save({ registered_at: new Date().toISOString() });
}

/**
 * Reads the store's orders page by page (`after` the start of this month, or
 * ORDERS_BACKFILL_DAYS back, on the first run,
 * `modified_after` the newest modification seen later) and stores each; new orders found by a
 * later run add their orderProcessed entry. A first run that finds a POS order completes the
 * owner's 'process-first-order' task (it adds no entries). Returns how many orders were read.
 */
export async function pullOrders(
  repos: Repositories,
  access: StoreAccess,
  row: ApplicationRow,
  credentials: StoreCredentials,
  now = new Date(),
  { log, maxPages = MAX_PAGES }: { log?: FastifyBaseLogger; maxPages?: number } = {},
): Promise<number> {
  const sync = await repos.orders.sync(row.id);
  const backfill = !sync?.backfilled_at;
  const since = backfill
    ? backfillStart(now, access.ordersBackfillDays ?? null)
    : (sync?.last_modified_at ??
      (await repos.orders.newestModified(row.id)) ??
      sync?.backfilled_at ??
      now.toISOString());
  // WooCommerce takes these dates without a zone (UTC with dates_are_gmt).
  const wcSince = since.slice(0, 19);
  let newest = sync?.last_modified_at ?? null;
  let read = 0;
  let totalPages = 1;
  let complete = false;
  // A backfill writes no feed entries: a POS order among them proves the first-order task.
  let backfilledPos = false;
  for (let page = 1; page <= Math.min(totalPages, maxPages); page += 1) {
    const result = await access.store.ordersPage(
      row.home_url,
      credentials,
      // The first second is asked again: several orders may share it.
      backfill ? { after: wcSince } : { modifiedAfter: isoMinusSecond(since) },
      page,
    );
    totalPages = result.totalPages;
    for (const item of result.orders) {
      const fields = orderFieldsOf(item);
      if (!fields) continue;
      read += 1;
      if (backfill && fields.channel === 'pos') backfilledPos = true;
      await repos.orders.upsert(
        row.id,
        fields,
        backfill
          ? undefined
          : { userId: row.user_id, entry: storeFeed.orderProcessed(row, fields) },
        row.user_id,
      );
      if (!newest || fields.modifiedAt > newest) newest = fields.modifiedAt;
    }
    if (result.orders.length < 100 || page >= totalPages) {
      complete = true;
      break;
    }
  }
  if (!complete) {
    // Stopped at maxPages: the backfill is not done, the next run reads on.
    log?.warn(
      { applicationId: row.id, pages: maxPages, totalPages },
      'store orders truncated at the page limit',
    );
  }
  if (backfilledPos) {
    await repos.userTasks.complete(row.user_id, {
      task: 'process-first-order',
      applicationId: row.id,
      by: 'event',
      eventKind: 'ordersBackfilled',
    });
  }
  await repos.orders.updateSync(row.id, {
    last_modified_at: newest,
    ...(backfill && complete ? { backfilled_at: now.toISOString() } : {}),
  });
  return read;
}

/** Where a first backfill starts: this month's first day, or `days` back when that is earlier. */
export function backfillStart(now: Date, days: number | null): string {
  const month = Date.UTC(now.getUTCFullYear(), now.getUTCMonth(), 1);
  const back = days === null ? month : Math.min(month, now.getTime() - days * 86_400_000);
  return new Date(back).toISOString();
}

function isoMinusSecond(iso: string): string {
  return new Date(Date.parse(iso) - 1000).toISOString().slice(0, 19);
}

/**
 * Registration and orders after an application got keys: never throws (the authorization
 * stands; the reconcile job tries again later), logs what failed.
 */
export async function connectOrdersQuietly(
  repos: Repositories,
  access: StoreAccess,
  row: ApplicationRow,
  log: FastifyBaseLogger,
  credentials: StoreCredentials,
  { claimed = false }: { claimed?: boolean } = {},
): Promise<boolean> {
  try {
    if (!(await registerWebhooks(repos, access, row, credentials, { claimed }))) return false;
    await pullOrders(repos, access, row, credentials, new Date(), { log });
    return true;
  } catch (error) {
    log.warn(
      { applicationId: row.id, err: error instanceof Error ? error.message : String(error) },
      'store webhooks or orders not synced; reconcile tries again',
    );
    // Failed: the reconcile takes the registration over after its interval.
    await repos.orders
      .updateSync(row.id, { reconciled_at: new Date().toISOString() })
      .catch(() => undefined);
    return false;
  }
}

/** Reconciles one verified application: webhooks re-registered, missed orders pulled. */
export async function reconcileApplication(
  repos: Repositories,
  access: StoreAccess,
  applicationId: string,
  log: FastifyBaseLogger,
): Promise<boolean> {
  const row = await repos.applications.findById(applicationId);
  if (!row) return false;
  let credentials: StoreCredentials | null;
  try {
    credentials = verifiedCredentials(row, access);
  } catch {
    credentials = null;
  }
  if (!credentials) return false;
  const done = await connectOrdersQuietly(repos, access, row, log, credentials, { claimed: true });
  await repos.orders.updateSync(row.id, { reconciled_at: new Date().toISOString() });
  return done;
}

/**
 * Deletes the application's webhooks from the store (`DELETE wc/v3/webhooks/{id}?force=true`),
 * best effort: a store that fails keeps them (WooCommerce then disables them after failed
 * deliveries, which the api refuses with 401).
 */
export async function removeWebhooksQuietly(
  access: StoreAccess,
  homeUrl: string,
  credentials: StoreCredentials,
  webhookIds: number[],
  log: FastifyBaseLogger,
): Promise<void> {
  for (const id of webhookIds) {
    try {
      await access.store.deleteWebhook(homeUrl, credentials, id);
    } catch (error) {
      log.info(
        { homeUrl, webhookId: id, err: error instanceof Error ? error.message : String(error) },
        'a webhook of a disconnected store was not deleted there',
      );
    }
  }
}

/** The webhook ids of a sync row. */
export function storedIdsOf(sync: OrderSyncRow): number[] {
  return parseIds(sync.webhook_ids);
}

/** The webhook ids stored for an application (read before a disconnect or delete). */
export async function storedWebhookIds(
  repos: Repositories,
  applicationId: string,
): Promise<number[]> {
  const sync = await repos.orders.sync(applicationId);
  return sync ? parseIds(sync.webhook_ids) : [];
}

/** Reconciles the applications due (claimed in the database, so instances share the work). */
export async function reconcileDue(
  repos: Repositories,
  access: StoreAccess,
  log: FastifyBaseLogger,
  intervalMs: number,
  batch = 20,
): Promise<number> {
  const now = new Date();
  const before = new Date(now.getTime() - intervalMs).toISOString();
  const ids = await repos.orders.claimDue(before, now.toISOString(), batch);
  for (const id of ids) await reconcileApplication(repos, access, id, log);
  return ids.length;
}

/**
 * Runs {@link reconcileDue} now and every `intervalMs`, each time after forgetting the
 * deliveries processed more than {@link DELIVERY_IDS_KEPT_MS} ago; returns the stop function.
 */
export function startReconcileJob(
  repos: Repositories,
  access: StoreAccess,
  log: FastifyBaseLogger,
  intervalMs: number,
): () => void {
  let running = false;
  const tick = () => {
    if (running) return;
    running = true;
    // The record of processed deliveries is kept a while (a replay within it is refused).
    repos.orders
      .pruneDeliveries(new Date(Date.now() - DELIVERY_IDS_KEPT_MS).toISOString())
      .then(() => reconcileDue(repos, access, log, intervalMs))
      .catch((error: Error) => log.error({ err: error.message }, 'order reconcile failed'))
      .finally(() => {
        running = false;
      });
  };
  const timer = setInterval(tick, intervalMs);
  timer.unref();
  // At start too: applications seeded or authorized while no instance ran get their webhooks.
  setImmediate(tick);
  return () => clearInterval(timer);
}
