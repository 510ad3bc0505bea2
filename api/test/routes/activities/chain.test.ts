import { createHash } from 'node:crypto';
import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';
import { BASE, call, createApplication } from '../../helpers/applications';
import { activityHash, GENESIS_HASH } from '../../../src/db/activity-chain';

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

/** Lets the user's next verification run now (as if the pacing interval had passed). */
const allowVerifyNow = (userId: string) =>
  ctx.database.db
    .updateTable('activity_verify_checkpoints')
    .set({ last_run_at: '2000-01-01T00:00:00.000Z' })
    .where('user_id', '=', userId)
    .execute();

type Verification = {
  ok: boolean;
  checked: number;
  read: number;
  fromSeq: number;
  firstBroken: { id: string; createdAt: string } | null;
};

const verify = async (sub: string, query = '') => {
  await ctx.database.db
    .selectFrom('users')
    .select('id')
    .where('sub', '=', sub)
    .executeTakeFirst()
    .then((user) => user && allowVerifyNow(user.id));
  const response = await call(ctx, 'GET', `/activities/verify${query}`, undefined, sub);
  expect(response.statusCode).toBe(200);
  return response.json() as Verification;
};

/** An intact chain read whole: every entry read, from the start. */
const whole = (count: number) => ({
  ok: true,
  checked: count,
  read: count,
  fromSeq: 0,
  firstBroken: null,
});

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
    expect(await verify(sub)).toEqual(whole(5));
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
      read: 3,
      fromSeq: 0,
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
    expect(await verify(sub)).toEqual({
      ok: false,
      checked: 3,
      read: 3,
      fromSeq: 0,
      firstBroken: null,
    });
    await ctx.database.db.deleteFrom('activities').where('id', '=', rows[1]!.id).execute();
    expect(await verify(sub)).toEqual({
      ok: false,
      checked: 2,
      read: 2,
      fromSeq: 0,
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
    expect(await verify('usr_c1')).toEqual(whole(1));
    expect((await verify('usr_c2')).ok).toBe(false);
    expect(await verify('usr_c_empty')).toEqual(whole(0));
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
    expect(await verify(sub)).toEqual(whole(32));
  });
});

describe('someone who can write the database but holds no key', () => {
  /**
   * The attack of issue 25: change an entry, then recompute its hash and every later one and
   * the head with the formula the README gives (SHA-256 of the JSON array): an unkeyed chain
   * verifies again afterwards.
   */
  async function rewriteHistory(userId: string, seq: number, name: string) {
    const rows = await chainOf(userId);
    let prev = GENESIS_HASH;
    for (const row of rows) {
      const edited = Number(row.seq) === seq ? name : row.name;
      const hash = createHash('sha256')
        .update(
          JSON.stringify([
            userId,
            Number(row.seq),
            prev,
            edited,
            row.feed_type,
            row.link,
            row.link_name,
            row.created_at,
          ]),
          'utf8',
        )
        .digest('hex');
      await ctx.database.db
        .updateTable('activities')
        .set({ name: edited, prev_hash: prev, hash })
        .where('id', '=', row.id)
        .execute();
      prev = hash;
    }
    await ctx.database.db
      .updateTable('activity_heads')
      .set({ hash: prev })
      .where('user_id', '=', userId)
      .execute();
  }

  it('cannot rewrite the history and recompute the chain unnoticed', async () => {
    const sub = 'usr_chain_rewritten';
    for (const name of ['Order #1 was processed', 'Refund of $500 to card 4242', 'Order #3']) {
      await call(ctx, 'POST', '/activities', { name, feedType: 'orderProcessed' }, sub);
    }
    const userId = await userIdOf(sub);
    expect(await verify(sub, '?full=true')).toEqual(whole(3));
    await rewriteHistory(userId, 2, 'Refund of $5 to card 4242');
    const rows = await chainOf(userId);
    expect(await verify(sub, '?full=true')).toMatchObject({
      ok: false,
      firstBroken: { id: rows[0]!.id },
    });
    // Nor with any key but the api's: a guessed key gives other hashes.
    expect(rows[1]!.hash).not.toBe(
      activityHash(
        {
          owner: userId,
          seq: 2,
          prevHash: rows[0]!.hash,
          name: 'Refund of $5 to card 4242',
          feedType: 'orderProcessed',
          link: null,
          linkName: null,
          createdAt: rows[1]!.created_at,
        },
        Buffer.alloc(32),
      ),
    );
  });
});

describe('the verified checkpoint', () => {
  const post = (sub: string, name: string) =>
    call(ctx, 'POST', '/activities', { name, feedType: 'stationOpened' }, sub);

  it('lets a later run read only the entries added since the last intact one', async () => {
    const sub = 'usr_chain_checkpoint';
    for (let i = 1; i <= 4; i += 1) await post(sub, `Entry ${i}`);
    expect(await verify(sub)).toEqual(whole(4));
    await post(sub, 'Entry 5');
    await post(sub, 'Entry 6');
    expect(await verify(sub)).toEqual({
      ok: true,
      checked: 6,
      read: 2,
      fromSeq: 4,
      firstBroken: null,
    });
    expect(await verify(sub)).toMatchObject({ ok: true, checked: 6, read: 0, fromSeq: 6 });
  });

  it('finds an entry changed before the checkpoint with full=true, and reads whole after that', async () => {
    const sub = 'usr_chain_full';
    for (let i = 1; i <= 4; i += 1) await post(sub, `Entry ${i}`);
    expect(await verify(sub)).toEqual(whole(4));
    const userId = await userIdOf(sub);
    const second = (await chainOf(userId))[1]!;
    await ctx.database.db
      .updateTable('activities')
      .set({ name: 'Entry 2, quietly changed' })
      .where('id', '=', second.id)
      .execute();
    // From the checkpoint the change is not read (the trade-off a checkpoint makes)…
    expect(await verify(sub)).toMatchObject({ ok: true, fromSeq: 4, read: 0 });
    // …a full run reads it, and sets the checkpoint back to the start.
    const broken = { id: second.id, createdAt: second.created_at };
    expect(await verify(sub, '?full=true')).toEqual({
      ok: false,
      checked: 2,
      read: 2,
      fromSeq: 0,
      firstBroken: broken,
    });
    expect(await verify(sub)).toMatchObject({ ok: false, fromSeq: 0, firstBroken: broken });
  });

  it('starts from the first entry when the checkpoint entry itself was changed or deleted', async () => {
    const sub = 'usr_chain_moved';
    for (let i = 1; i <= 3; i += 1) await post(sub, `Entry ${i}`);
    expect(await verify(sub)).toEqual(whole(3));
    const userId = await userIdOf(sub);
    const rows = await chainOf(userId);
    await ctx.database.db.deleteFrom('activities').where('id', '=', rows[2]!.id).execute();
    expect(await verify(sub)).toEqual({
      ok: false,
      checked: 2,
      read: 2,
      fromSeq: 0,
      firstBroken: null,
    });
  });

  it('answers 400 to a full that is not a boolean', async () => {
    const response = await call(ctx, 'GET', '/activities/verify?full=maybe', undefined, 'usr_cf');
    expect(response.statusCode).toBe(400);
  });
});

describe('who may verify, and how often', () => {
  it('runs once per user every 10 s (429 with Retry-After), another user not held up', async () => {
    await call(ctx, 'POST', '/activities', { name: 'One', feedType: 'stationOpened' }, 'usr_rl');
    const first = await call(ctx, 'GET', '/activities/verify', undefined, 'usr_rl');
    expect(first.statusCode).toBe(200);
    const again = await call(ctx, 'GET', '/activities/verify?full=true', undefined, 'usr_rl');
    expect(again.statusCode).toBe(429);
    expect(again.json()).toMatchObject({ code: 'ERR_RATE_LIMITED' });
    const retryAfter = Number(again.headers['retry-after']);
    expect(retryAfter).toBeGreaterThanOrEqual(1);
    expect(retryAfter).toBeLessThanOrEqual(10);
    const other = await call(ctx, 'GET', '/activities/verify', undefined, 'usr_rl_other');
    expect(other.statusCode).toBe(200);
  });

  it('lets exactly one of concurrent claims run (the database decides, for every instance)', async () => {
    await call(ctx, 'GET', '/activities-list', undefined, 'usr_rl_race');
    const userId = await userIdOf('usr_rl_race');
    const waits = await Promise.all(
      Array.from({ length: 6 }, () => ctx.app.repos.activities.claimVerifyRun(userId)),
    );
    expect(waits.filter((ms) => ms === 0)).toHaveLength(1);
    expect(waits.filter((ms) => ms > 0)).toHaveLength(5);
    // Once the interval passed it may run again.
    const later = await ctx.app.repos.activities.claimVerifyRun(
      userId,
      10_000,
      Date.now() + 10_001,
    );
    expect(later).toBe(0);
  });

  it('is for managers: a cashier gets 403, a banned manager 402', async () => {
    await call(ctx, 'GET', '/activities-list', undefined, 'usr_verify_cashier');
    await ctx.database.db
      .updateTable('users')
      .set({ user_role: 'other' })
      .where('sub', '=', 'usr_verify_cashier')
      .execute();
    const cashier = await call(ctx, 'GET', '/activities/verify', undefined, 'usr_verify_cashier');
    expect(cashier.statusCode).toBe(403);
    await call(ctx, 'GET', '/activities-list', undefined, 'usr_verify_banned');
    await ctx.database.db
      .updateTable('users')
      .set({ block: 'block' })
      .where('sub', '=', 'usr_verify_banned')
      .execute();
    const banned = await call(ctx, 'GET', '/activities/verify', undefined, 'usr_verify_banned');
    expect(banned.statusCode).toBe(402);
  });
});
