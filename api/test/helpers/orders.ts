import { newId } from '../../src/db/ids';
import type { TestContext } from './app';
import { asUser } from './app';
import { BASE } from './applications';

/** Makes `sub` known to the api (its first request) and returns its user id. */
export async function userIdOf(ctx: TestContext, sub: string): Promise<string> {
  await ctx.app.inject({
    method: 'GET',
    url: `${BASE}/user-data`,
    headers: await ctx.bearer(asUser(sub)),
  });
  const row = await ctx.database.db
    .selectFrom('users')
    .select('id')
    .where('sub', '=', sub)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** What a test may fix of an inserted application; the rest is derived from its id. */
export interface TestApplication {
  id?: string;
  /** The store's address (two applications of one store share it). */
  host?: string;
  slug?: string;
}

/** Stores an application of `userId` without a store behind it (analytics read only the rows). */
export async function insertApplication(
  ctx: TestContext,
  userId: string,
  name: string,
  fixed: TestApplication = {},
): Promise<string> {
  const id = fixed.id ?? newId();
  const host = fixed.host ?? `${id}.shop.test`;
  const now = new Date().toISOString();
  await ctx.database.db
    .insertInto('applications')
    .values({
      id,
      user_id: userId,
      name,
      home_url: `https://${host}`,
      home_url_key: host,
      slug: fixed.slug ?? `app-${id}`.toLowerCase(),
      auth_type: 'keys',
      is_verified_auth: 0,
      key_id: null,
      consumer_key_enc: null,
      consumer_secret_enc: null,
      wp_user: null,
      auth_token_hash: null,
      auth_token_expires_at: null,
      auth_return_path: null,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

/** What a test says of an order; the rest gets plain values. */
export interface TestOrder {
  createdAt: string;
  channel?: 'pos' | 'web';
  totalCents?: number;
  currency?: string;
  stationPosId?: number | null;
  stationName?: string | null;
  cashierId?: number | null;
  cashierName?: string | null;
  deleted?: boolean;
}

let storeOrderId = 1;

/** Stores orders of an application as the ingest would have; answers their store order ids. */
export async function insertOrders(
  ctx: TestContext,
  applicationId: string,
  orders: TestOrder[],
): Promise<number[]> {
  if (orders.length === 0) return [];
  const rows = orders.map((o) => ({
    id: newId(),
    application_id: applicationId,
    store_order_id: (storeOrderId += 1),
    status: o.deleted ? 'trash' : 'completed',
    total_cents: o.totalCents ?? 100,
    currency: o.currency ?? 'USD',
    created_at: o.createdAt,
    modified_at: o.createdAt,
    channel: o.channel ?? 'web',
    station_pos_id: o.stationPosId ?? null,
    station_name: o.stationName ?? null,
    cashier_wp_user_id: o.cashierId ?? null,
    cashier_name: o.cashierName ?? null,
    deleted: o.deleted ? 1 : 0,
  }));
  await ctx.database.db.insertInto('orders').values(rows).execute();
  return rows.map((row) => row.store_order_id);
}

/**
 * Stores `count` live orders of an application in bulk, a millisecond apart from `at` (by
 * default now), 500 a statement (a month of orders one by one would be slow on a busy test
 * database), with their usage ledger lines as the order upsert writes them; answers their store
 * order ids. `order` fixes what the orders share (channel, total, station, cashier).
 */
export async function insertBulkOrders(
  ctx: TestContext,
  applicationId: string,
  count: number,
  {
    at = new Date(),
    ...order
  }: Partial<Omit<TestOrder, 'createdAt' | 'deleted'>> & {
    at?: Date;
  } = {},
): Promise<number[]> {
  const orders = Array.from({ length: count }, (_, i) => ({
    ...order,
    createdAt: new Date(at.getTime() + i).toISOString(),
  }));
  const ids: number[] = [];
  for (let start = 0; start < orders.length; start += 500) {
    ids.push(...(await insertOrders(ctx, applicationId, orders.slice(start, start + 500))));
  }
  await recordLedgerOf(ctx.database.db, applicationId);
  return ids;
}

/**
 * Writes the usage ledger lines of an application's stored orders, as the order upsert does
 * for each order it stores: for tests that insert orders in bulk, straight into the table.
 */
export async function recordLedgerOf(
  db: TestContext['database']['db'],
  applicationId: string,
): Promise<void> {
  await db
    .insertInto('usage_ledger')
    .columns(['user_id', 'store_key', 'store_order_id', 'created_at', 'deleted'])
    .expression(
      db
        .selectFrom('orders as o')
        .innerJoin('applications as a', 'a.id', 'o.application_id')
        .select(['a.user_id', 'a.home_url_key', 'o.store_order_id', 'o.created_at', 'o.deleted'])
        .where('o.application_id', '=', applicationId),
    )
    .onConflict((oc) =>
      oc
        .columns(['user_id', 'store_key', 'store_order_id'])
        .doUpdateSet({ deleted: (eb) => eb.ref('excluded.deleted') }),
    )
    .execute();
}
