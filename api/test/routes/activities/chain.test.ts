import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';
import { BASE, call, createApplication } from '../../helpers/applications';
import { activityHash, GENESIS_HASH } from '../../../src/repositories/activity-chain';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const userIdOf = async (sub: string) =>
  (
    await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('sub', '=', sub)
      .executeTakeFirstOrThrow()
  ).id;

const verify = async (sub: string) => {
  const response = await call(ctx, 'GET', '/activities/verify', undefined, sub);
  expect(response.statusCode).toBe(200);
  return response.json() as {
    ok: boolean;
    checked: number;
    firstBroken: { id: string; createdAt: string } | null;
  };
};

const chainOf = (userId: string) =>
  ctx.database.db
    .selectFrom('activities')
    .selectAll()
    .where('user_id', '=', userId)
    .orderBy('seq')
    .execute();

const order = (storeOrderId: number, modifiedAt = '2026-01-02T10:00:00.000Z') => ({
  storeOrderId,
  status: 'completed',
  totalCents: 1250,
  currency: 'EUR',
  createdAt: '2026-01-02T10:00:00.000Z',
  modifiedAt,
  channel: 'pos' as const,
  stationPosId: 1,
  stationName: 'Front Counter',
  cashierWpUserId: 1,
  cashierName: 'Ann',
});

describe('the activity hash chain', () => {
  it('chains the entries of every writer, one seq after the other', async () => {
    const sub = 'usr_chain_writers';
    // The application route (its applicationAdded entry), the POST route, the webhooks'
    // order upsert and created-topic feed, and the repository's thinned-out create.
    const appId = await createApplication(ctx, 'https://chain.example', 'Chain Coffee', sub);
    const posted = await call(
      ctx,
      'POST',
      '/activities',
      { name: 'Bubble said no', feedType: 'errorNotification' },
      sub,
    );
    expect(posted.statusCode).toBe(201);
    const userId = await userIdOf(sub);
    const feed = { userId, entry: { name: 'Order #7', feedType: 'orderProcessed' as const } };
    expect(await ctx.app.repos.orders.upsert(appId, order(7), feed)).toBe('inserted');
    expect(
      await ctx.app.repos.orders.feedOnce(appId, 'customer.created:3', {
        userId,
        entry: { name: 'Customer Ann was added', feedType: 'customerAdded' },
      }),
    ).toBe(true);
    await ctx.app.repos.activities.createUnlessRecent(
      userId,
      { name: 'Station opened', feedType: 'stationOpened' },
      60_000,
    );

    const rows = await chainOf(userId);
    expect(rows.map((r) => r.feed_type)).toEqual([
      'applicationAdded',
      'errorNotification',
      'orderProcessed',
      'customerAdded',
      'stationOpened',
    ]);
    expect(rows.map((r) => Number(r.seq))).toEqual([1, 2, 3, 4, 5]);
    let prev = GENESIS_HASH;
    for (const row of rows) {
      expect(row.prev_hash).toBe(prev);
      expect(row.hash).toBe(
        activityHash({
          owner: userId,
          seq: Number(row.seq),
          prevHash: prev,
          name: row.name,
          feedType: row.feed_type,
          link: row.link,
          linkName: row.link_name,
          createdAt: row.created_at,
        }),
      );
      prev = row.hash;
    }
    expect(await verify(sub)).toEqual({ ok: true, checked: 5, firstBroken: null });
    // The list's total is the chain's length.
    const list = await call(ctx, 'GET', '/activities-list', undefined, sub);
    expect(list.json().totalAll).toBe(5);
  });

  it('finds an entry edited in the database', async () => {
    const sub = 'usr_chain_edited';
    for (let i = 1; i <= 4; i += 1) {
      await call(
        ctx,
        'POST',
        '/activities',
        { name: `Entry ${i}`, feedType: 'stationOpened' },
        sub,
      );
    }
    const userId = await userIdOf(sub);
    const third = (await chainOf(userId))[2]!;
    await ctx.database.db
      .updateTable('activities')
      .set({ name: 'Entry 3, quietly changed' })
      .where('id', '=', third.id)
      .execute();
    expect(await verify(sub)).toEqual({
      ok: false,
      checked: 3,
      firstBroken: { id: third.id, createdAt: third.created_at },
    });
  });

  it('finds an entry deleted from the middle, and one deleted from the end', async () => {
    const sub = 'usr_chain_deleted';
    for (let i = 1; i <= 4; i += 1) {
      await call(
        ctx,
        'POST',
        '/activities',
        { name: `Entry ${i}`, feedType: 'stationOpened' },
        sub,
      );
    }
    const userId = await userIdOf(sub);
    const rows = await chainOf(userId);
    await ctx.database.db.deleteFrom('activities').where('id', '=', rows[3]!.id).execute();
    // The entries left match each other, not the head.
    expect(await verify(sub)).toEqual({ ok: false, checked: 3, firstBroken: null });
    await ctx.database.db.deleteFrom('activities').where('id', '=', rows[1]!.id).execute();
    expect(await verify(sub)).toEqual({
      ok: false,
      checked: 2,
      firstBroken: { id: rows[2]!.id, createdAt: rows[2]!.created_at },
    });
  });

  it("checks the caller's own chain only", async () => {
    await call(ctx, 'POST', '/activities', { name: 'Mine', feedType: 'stationOpened' }, 'usr_c1');
    await call(ctx, 'POST', '/activities', { name: 'Theirs', feedType: 'stationOpened' }, 'usr_c2');
    const other = await userIdOf('usr_c2');
    await ctx.database.db
      .updateTable('activities')
      .set({ name: 'Tampered' })
      .where('user_id', '=', other)
      .execute();
    expect(await verify('usr_c1')).toEqual({ ok: true, checked: 1, firstBroken: null });
    expect((await verify('usr_c2')).ok).toBe(false);
    expect(await verify('usr_c_empty')).toEqual({ ok: true, checked: 0, firstBroken: null });
  });

  it('keeps one chain under concurrent appends for one owner', async () => {
    const sub = 'usr_chain_race';
    const headers = await ctx.bearer(asUser(sub));
    await call(ctx, 'POST', '/activities', { name: 'First', feedType: 'stationOpened' }, sub);
    const userId = await userIdOf(sub);
    const appId = await createApplication(ctx, 'https://race.example', 'Race Coffee', sub);
    // Routes and order upserts at once: on PostgreSQL these run on separate connections.
    const writes = await Promise.all([
      ...Array.from({ length: 15 }, (_, i) =>
        ctx.app.inject({
          method: 'POST',
          url: `${BASE}/activities`,
          headers,
          payload: { name: `Parallel ${i}`, feedType: 'errorNotification' },
        }),
      ),
      ...Array.from({ length: 15 }, (_, i) =>
        ctx.app.repos.orders.upsert(appId, order(100 + i), {
          userId,
          entry: { name: `Order #${100 + i}`, feedType: 'orderProcessed' },
        }),
      ),
    ]);
    expect(writes).toHaveLength(30);
    const rows = await chainOf(userId);
    expect(rows.map((r) => Number(r.seq))).toEqual(Array.from({ length: 32 }, (_, i) => i + 1));
    expect(await verify(sub)).toEqual({ ok: true, checked: 32, firstBroken: null });
  });
});
