import { sql } from 'kysely';
import type { DatabaseHandle } from '../../src/db';
import { PREPARED } from '../../src/db';
import { storeFeed } from '../../src/domain/orders/feed';
import { ActivitiesRepository } from '../../src/repositories/activities';
import { activityHash, activityHashSql } from '../../src/db/activity-chain';
import { ApplicationsRepository } from '../../src/repositories/applications';
import type { OrderFields } from '../../src/repositories/orders';
import { OrdersRepository } from '../../src/repositories/orders';
import { completeTask } from '../../src/repositories/user-tasks';
import { UsersRepository } from '../../src/repositories/users';
import { createTestDatabase } from '../helpers/app';

// The order upsert of every webhook delivery and reconcile (on PostgreSQL one statement:
// the row, its usage line, the feed entry chained in SQL, the task, the live events), on
// SQLite, and on PostgreSQL when DATABASE_URL is set.

let database: DatabaseHandle;
let drop: () => Promise<void>;
let orders: OrdersRepository;
let activities: ActivitiesRepository;
let ownerId: string;
let application: { id: string; name: string; user_id: string };
const onPostgres = process.env.DATABASE_URL ? it : it.skip;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  orders = new OrdersRepository(database.db, database.dialect);
  activities = new ActivitiesRepository(database.db);
  const user = await new UsersRepository(database.db).ensureFromClaims({
    sub: 'usr_orders_upsert',
    email: 'owner@upsert.example',
    name: 'Owner',
    isAdmin: false,
    isVerified: true,
  });
  ownerId = user.id;
  application = await new ApplicationsRepository(database.db).create(
    { userId: ownerId, name: 'Corner Café', homeUrl: 'https://cafe.example', homeUrlKey: 'cafe' },
    () => ({ name: 'added', feedType: 'applicationAdded' }),
  );
});
afterAll(() => drop());

function order(storeOrderId: number, fields: Partial<OrderFields> = {}): OrderFields {
  return {
    storeOrderId,
    status: 'completed',
    totalCents: 2490,
    currency: 'EUR',
    createdAt: '2026-11-02T10:00:00.000Z',
    modifiedAt: '2026-11-02T10:00:00.000Z',
    channel: 'web',
    stationPosId: null,
    stationName: null,
    cashierWpUserId: null,
    cashierName: null,
    ...fields,
  };
}

const created = (fields: OrderFields) => ({
  userId: ownerId,
  entry: storeFeed.orderProcessed(application, fields),
});

/** The owner's live events after `afterId`: kind and data, oldest first. */
async function eventsAfter(afterId: number) {
  const rows = await database.db
    .selectFrom('live_events')
    .select(['id', 'kind', 'data'])
    .where('user_id', '=', ownerId)
    .where('id', '>', afterId)
    .orderBy('id')
    .execute();
  return rows.map((row) => ({ kind: row.kind, data: JSON.parse(row.data) as unknown }));
}

async function newestEventId(): Promise<number> {
  const row = await database.db
    .selectFrom('live_events')
    .select((eb) => eb.fn.max('id').as('id'))
    .executeTakeFirst();
  return Number(row?.id ?? 0);
}

function headOf(userId: string) {
  return database.db
    .selectFrom('activity_heads')
    .selectAll()
    .where('user_id', '=', userId)
    .executeTakeFirst();
}

function usageOf(storeOrderId: number) {
  return database.db
    .selectFrom('usage_ledger')
    .selectAll()
    .where('user_id', '=', ownerId)
    .where('store_order_id', '=', storeOrderId)
    .execute();
}

async function entriesOf(name: string) {
  return database.db
    .selectFrom('activities')
    .selectAll()
    .where('user_id', '=', ownerId)
    .where('name', '=', name)
    .execute();
}

describe('OrdersRepository.upsert', () => {
  it('inserts a new order with its usage line, its chained feed entry and both live events', async () => {
    const before = await newestEventId();
    const fields = order(501);
    expect(await orders.upsert(application.id, fields, created(fields))).toBe('inserted');
    const entries = await entriesOf('Order #501 was processed in Corner Café');
    expect(entries).toHaveLength(1);
    const [entry] = entries;
    const head = await database.db
      .selectFrom('activity_heads')
      .selectAll()
      .where('user_id', '=', ownerId)
      .executeTakeFirstOrThrow();
    expect(head).toMatchObject({ seq: entry!.seq, hash: entry!.hash, prev_hash: entry!.prev_hash });
    expect(
      activityHash({
        owner: ownerId,
        seq: entry!.seq,
        prevHash: entry!.prev_hash,
        name: entry!.name,
        feedType: entry!.feed_type,
        link: entry!.link,
        linkName: entry!.link_name,
        createdAt: entry!.created_at,
      }),
    ).toBe(entry!.hash);
    expect(await eventsAfter(before)).toEqual([
      {
        kind: 'activity',
        data: expect.objectContaining({ id: entry!.id, feedType: 'orderProcessed' }),
      },
      { kind: 'orders', data: { applicationId: application.id } },
    ]);
    const usage = await database.db
      .selectFrom('usage_ledger')
      .select(['store_order_id', 'deleted'])
      .where('user_id', '=', ownerId)
      .where('store_order_id', '=', 501)
      .execute();
    expect(usage).toEqual([{ store_order_id: 501, deleted: 0 }]);
    expect((await activities.verify(ownerId, { full: true })).ok).toBe(true);
  });

  it('updates a newer version with the orders event only, and leaves a stale one alone', async () => {
    const first = order(502);
    await orders.upsert(application.id, first, created(first));
    const before = await newestEventId();
    const newer = order(502, { status: 'refunded', modifiedAt: '2026-11-03T10:00:00.000Z' });
    expect(await orders.upsert(application.id, newer, created(newer))).toBe('updated');
    expect(await eventsAfter(before)).toEqual([
      { kind: 'orders', data: { applicationId: application.id } },
    ]);
    expect(await entriesOf('Order #502 was processed in Corner Café')).toHaveLength(1);

    const afterUpdate = await newestEventId();
    const headBefore = await headOf(ownerId);
    const usageBefore = await usageOf(502);
    const older = order(502, { status: 'processing', modifiedAt: '2026-11-02T12:00:00.000Z' });
    expect(await orders.upsert(application.id, older, created(older))).toBe('stale');
    expect(await eventsAfter(afterUpdate)).toEqual([]);
    expect(await headOf(ownerId)).toEqual(headBefore);
    expect(await usageOf(502)).toEqual(usageBefore);
    const row = await database.db
      .selectFrom('orders')
      .select('status')
      .where('application_id', '=', application.id)
      .where('store_order_id', '=', 502)
      .executeTakeFirstOrThrow();
    expect(row.status).toBe('refunded');
  });

  it("completes the owner's first-order task with a point-of-sale order, once", async () => {
    const before = await newestEventId();
    const pos = order(503, { channel: 'pos' });
    expect(await orders.upsert(application.id, pos, created(pos))).toBe('inserted');
    const events = await eventsAfter(before);
    expect(events.map((event) => event.kind)).toEqual(['activity', 'orders', 'tasks']);
    expect(events[2]!.data).toMatchObject({
      assistantTaskId: 'process-first-order',
      applicationId: application.id,
      completedBy: 'event',
    });
    const again = order(504, { channel: 'pos' });
    const beforeAgain = await newestEventId();
    await orders.upsert(application.id, again, created(again));
    expect((await eventsAfter(beforeAgain)).map((event) => event.kind)).toEqual([
      'activity',
      'orders',
    ]);
  });

  it('keeps one gapless chain, and events in the order of their entries, under concurrent deliveries', async () => {
    const before = await newestEventId();
    const fields = Array.from({ length: 24 }, (_, i) => order(600 + i));
    const outcomes = await Promise.all(
      fields.map((f) => orders.upsert(application.id, f, created(f))),
    );
    expect(outcomes.every((outcome) => outcome === 'inserted')).toBe(true);
    const verification = await activities.verify(ownerId, { full: true });
    expect(verification.ok).toBe(true);
    // The activity events' ids rise with the entries' seq: a stream never skips one.
    const events = (await eventsAfter(before)).filter((event) => event.kind === 'activity');
    const seqOf = new Map(
      (
        await database.db
          .selectFrom('activities')
          .select(['id', 'seq'])
          .where('user_id', '=', ownerId)
          .execute()
      ).map((row) => [row.id, row.seq]),
    );
    const seqs = events.map((event) => seqOf.get((event.data as { id: string }).id)!);
    expect(seqs).toHaveLength(24);
    expect([...seqs].sort((x, y) => x - y)).toEqual(seqs);
  });

  it('stores an order delivered twice at once once, with one feed entry', async () => {
    const fields = order(650);
    const outcomes = await Promise.all([
      orders.upsert(application.id, fields, created(fields)),
      orders.upsert(application.id, fields, created(fields)),
    ]);
    expect([...outcomes].sort()).toEqual(['inserted', 'updated']);
    expect(await entriesOf('Order #650 was processed in Corner Café')).toHaveLength(1);
  });

  it("records a delivery with its order: the same delivery again, or racing, is 'replayed' and writes nothing", async () => {
    const fields = order(680);
    const delivery = { deliveryId: 'dlv-680', bodyHash: 'h680' };
    const outcomes = await Promise.all(
      [1, 2, 3].map(() =>
        orders.upsert(application.id, fields, created(fields), ownerId, delivery),
      ),
    );
    expect([...outcomes].sort()).toEqual(['inserted', 'replayed', 'replayed']);
    expect(await entriesOf('Order #680 was processed in Corner Café')).toHaveLength(1);
    const before = await newestEventId();
    const newer = { ...fields, status: 'refunded', modifiedAt: '2026-11-03T10:00:00.000Z' };
    expect(await orders.upsert(application.id, newer, undefined, ownerId, delivery)).toBe(
      'replayed',
    );
    expect((await orders.list(application.id)).find((o) => o.store_order_id === 680)?.status).toBe(
      'completed',
    );
    expect(await newestEventId()).toBe(before);
    // Without a delivery (the catch-up sync) nothing is recorded or refused.
    expect(await orders.upsert(application.id, newer)).toBe('updated');
    expect(await orders.upsert(application.id, newer)).toBe('updated');
    expect(await orders.markDeleted(application.id, 680, undefined, delivery)).toBe('replayed');
  });

  it('forgets a delivery whose effect failed (one transaction), so its re-send is taken', async () => {
    const delivery = { deliveryId: 'dlv-fail', bodyHash: 'hfail' };
    const entry = {
      name: 'Customer Eve was added in Corner Café',
      feedType: 'customerAdded' as const,
    };
    const failure = await orders
      .feedOnce(application.id, null, { userId: 'no-such-user', entry }, delivery)
      .then(
        () => null,
        (error: unknown) => error,
      );
    expect(failure).not.toBeNull();
    expect(await orders.feedOnce(application.id, null, { userId: ownerId, entry }, delivery)).toBe(
      true,
    );
    expect(await orders.feedOnce(application.id, null, { userId: ownerId, entry }, delivery)).toBe(
      'replayed',
    );
    expect(await entriesOf(entry.name)).toHaveLength(1);
    // Pruned after a while: forgotten.
    expect(await orders.pruneDeliveries(new Date(Date.now() + 1000).toISOString())).toBeGreaterThan(
      0,
    );
    expect(await orders.acknowledgeDelivery(application.id, delivery)).toBe(true);
  });

  it('waits, never deadlocks, beside every other writer of the owner', async () => {
    // Orders to delete, written first.
    for (const id of [660, 661, 662]) await orders.upsert(application.id, order(id));
    const before = await newestEventId();
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < 6; i += 1) {
      const fields = order(670 + i, { channel: i % 2 ? 'pos' : 'web' });
      writes.push(orders.upsert(application.id, fields, created(fields)));
      writes.push(activities.create(ownerId, { name: `Entry ${i}`, feedType: 'stationOpened' }));
      if (i < 3) writes.push(orders.markDeleted(application.id, 660 + i));
    }
    writes.push(completeTask(database.db, ownerId, { task: 'add-card', by: 'event' }));
    await Promise.all(writes);
    expect((await activities.verify(ownerId, { full: true })).ok).toBe(true);
    const kinds = (await eventsAfter(before)).map((event) => event.kind);
    expect(kinds.filter((kind) => kind === 'activity')).toHaveLength(12);
    expect(kinds.filter((kind) => kind === 'orders')).toHaveLength(9);
  });

  it('chains a name with an unpaired surrogate as it is stored (U+FFFD)', async () => {
    const id = await activities.create(ownerId, {
      name: 'Product Bad \ud800 name was added',
      feedType: 'productAdded',
    });
    const row = await database.db
      .selectFrom('activities')
      .select('name')
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.name).toBe('Product Bad \ufffd name was added');
    expect((await activities.verify(ownerId, { full: true })).ok).toBe(true);
  });

  it("refuses a feed entry for anyone but the application's owner, writing nothing", async () => {
    const before = await newestEventId();
    const fields = order(710);
    await expect(
      orders.upsert(application.id, fields, created(fields), 'someone-else'),
    ).rejects.toMatchObject({
      message: 'An order feed entry goes to the application owner’s feed',
    });
    expect(await newestEventId()).toBe(before);
    expect(await usageOf(710)).toEqual([]);
  });

  it('refuses an application that does not exist, writing nothing', async () => {
    const before = await newestEventId();
    // (No toThrow: better-sqlite3's error may come from another realm than the test's Error.)
    const failure = await orders.upsert('no-such-application', order(700)).then(
      () => null,
      (error: unknown) => error,
    );
    expect(failure).toMatchObject(
      database.dialect === 'sqlite'
        ? { code: 'SQLITE_CONSTRAINT_FOREIGNKEY' }
        : { message: 'Unknown application no-such-application' },
    );
    expect(await newestEventId()).toBe(before);
  });
});

describe('the chain hash in SQL (PostgreSQL)', () => {
  onPostgres('gives the bytes activityHash gives, escapes and all', async () => {
    const cases = [
      { name: 'Order #1 was processed in Shop', link: null, linkName: null },
      { name: 'Quote " and \\ backslash, tab\t, new\nline', link: '/a?b=1&c="2"', linkName: null },
      { name: 'Café ☕ 東京 𝄞 \u0001 control', link: '/applications/x', linkName: 'Ünïcode' },
    ];
    for (const [i, c] of cases.entries()) {
      const fields = {
        owner: `owner-${i}`,
        name: c.name,
        feedType: 'orderProcessed',
        link: c.link,
        linkName: c.linkName,
        createdAt: '2026-11-27T10:00:00.000Z',
      };
      const prevHash = activityHash({ ...fields, seq: 41, prevHash: '0'.repeat(64) });
      const { rows } = await sql<{ hash: string }>`select ${activityHashSql(
        fields,
        sql<number>`${42}::integer`,
        sql<string>`cast(${prevHash} as text)`,
      )} as hash`.execute(database.db);
      expect(rows[0]!.hash).toBe(activityHash({ ...fields, seq: 42, prevHash }));
    }
  });
});

describe('prepared statements (PostgreSQL)', () => {
  onPostgres('prepares a marked statement once per connection, and no other', async () => {
    await database.db.transaction().execute(async (trx) => {
      const names = async () =>
        (
          await sql<{ name: string; statement: string }>`select name, statement
            from pg_prepared_statements`.execute(trx)
        ).rows;
      const before = await names();
      for (let i = 0; i < 3; i += 1) {
        await sql`${PREPARED}select ${i}::integer as marked_probe`.execute(trx);
      }
      await sql`select 1 as unmarked_probe`.execute(trx);
      const added = (await names()).filter((row) => !before.some((b) => b.name === row.name));
      expect(added).toHaveLength(1);
      expect(added[0]!.name).toMatch(/^pos_/);
      expect(added[0]!.statement).toContain('marked_probe');
    });
  });

  onPostgres('runs a statement unprepared once a migration changed what it returns', async () => {
    await sql`create table prepared_probe (id integer)`.execute(database.db);
    await sql`insert into prepared_probe values (1)`.execute(database.db);
    await database.db.connection().execute(async (connection) => {
      const read = () => sql`${PREPARED}select * from prepared_probe`.execute(connection);
      expect((await read()).rows).toEqual([{ id: 1 }]);
      await sql`alter table prepared_probe add column name text`.execute(connection);
      // The prepared plan returns other columns now: that run fails, the next ones do not.
      await expect(read()).rejects.toMatchObject({ code: '0A000' });
      expect((await read()).rows).toEqual([{ id: 1, name: null }]);
    });
  });
});
