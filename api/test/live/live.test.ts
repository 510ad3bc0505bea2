import { EventEmitter } from 'node:events';
import { mkdtempSync, rmSync } from 'node:fs';
import type { ServerResponse } from 'node:http';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { sql } from 'kysely';
import type { Client } from 'pg';
import { buildApp, redactUrl } from '../../src/app';
import type { DatabaseHandle } from '../../src/db';
import { openDatabase } from '../../src/db';
import { LIVE_EVENT_TTL_MS, pruneLiveEvents } from '../../src/live/events';
import { LiveHub } from '../../src/live/hub';
import { coalesceEvents, serveLiveStream } from '../../src/live/stream';
import { issueLiveTicket, pruneLiveTicketUses } from '../../src/live/ticket';
import { loadOrCreateSigningKey, signHandOffToken } from '../../src/services/signing-key';
import type { TestContext } from '../helpers/app';
import { asUser, createTestContext } from '../helpers/app';
import { BASE, call, createApplication } from '../helpers/applications';
import { acceptDeliveries, baseUrlOf, openStream } from '../helpers/live';

let ctx: TestContext;
let base: string;
let tmp: string;
const streams: Array<{ close(): void }> = [];
beforeAll(async () => {
  tmp = mkdtempSync(path.join(os.tmpdir(), 'pos-live-test-'));
  ctx = await createTestContext();
  await ctx.app.listen({ port: 0, host: '127.0.0.1' });
  base = baseUrlOf(ctx.app);
});
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
afterAll(async () => {
  await ctx.close();
  rmSync(tmp, { recursive: true, force: true });
});

/** Polls `check` until it holds; throws after `ms`. */
async function eventually(check: () => boolean | Promise<boolean>, ms = 5000) {
  const until = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > until) throw new Error('the condition did not hold in time');
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

const ticketOf = async (sub: string, exp?: number) => {
  const response = await ctx.app.inject({
    method: 'POST',
    url: `${BASE}/live/ticket`,
    headers: await ctx.bearer(asUser(sub, exp ? { exp } : {})),
  });
  expect(response.statusCode).toBe(200);
  return response.json() as { ticket: string; expiresAt: string };
};

const userIdOf = async (sub: string) =>
  (
    await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('sub', '=', sub)
      .executeTakeFirstOrThrow()
  ).id;

async function streamOf(sub: string, query = '', headers: Record<string, string> = {}, at = base) {
  const { ticket } = await ticketOf(sub);
  const stream = await openStream(
    `${at}${BASE}/live/stream?ticket=${encodeURIComponent(ticket)}${query}`,
    headers,
  );
  streams.push(stream);
  expect(stream.status).toBe(200);
  // The stream is subscribed once its first bytes (the retry hint) came.
  await stream.until(() => stream.text().includes('retry:'));
  return stream;
}

const post = (sub: string, name: string) =>
  call(ctx, 'POST', '/activities', { name, feedType: 'errorNotification' }, sub);

describe('POST /live/ticket', () => {
  it('gives a signed-in user a ticket for one minute', async () => {
    const before = Date.now();
    const { ticket, expiresAt } = await ticketOf('usr_live_ticket');
    expect(ticket.split('.')).toHaveLength(3);
    const ttl = Date.parse(expiresAt) - before;
    expect(ttl).toBeGreaterThan(55_000);
    expect(ttl).toBeLessThanOrEqual(61_000);
  });

  it('needs a bearer token', async () => {
    const response = await ctx.app.inject({ method: 'POST', url: `${BASE}/live/ticket` });
    expect(response.statusCode).toBe(401);
  });
});

describe('GET /live/stream', () => {
  it('answers an event stream that is neither cached nor buffered', async () => {
    const stream = await streamOf('usr_live_headers');
    expect(stream.headers.get('content-type')).toBe('text/event-stream; charset=utf-8');
    expect(stream.headers.get('cache-control')).toBe('no-store, no-transform');
    expect(stream.headers.get('x-accel-buffering')).toBe('no');
    expect(stream.headers.get('content-encoding')).toBeNull();
    expect(stream.text()).toMatch(/^retry: \d+\n\n/);
  });

  it('refuses a missing, forged, altered, expired or foreign ticket', async () => {
    const open = async (ticket: string) =>
      (await fetch(`${base}${BASE}/live/stream?ticket=${encodeURIComponent(ticket)}`)).status;
    expect((await fetch(`${base}${BASE}/live/stream`)).status).toBe(400);
    await call(ctx, 'GET', '/activities-list', undefined, 'usr_live_refused');
    const userId = await userIdOf('usr_live_refused');
    const inAnHour = { endsAt: Date.now() + 3_600_000, key: 'a-session-key' };
    // Signed with another key.
    const otherKey = await loadOrCreateSigningKey(path.join(tmp, 'other-key.json'));
    expect(
      await open((await issueLiveTicket(otherKey, 'cloud-pos-api', userId, inAnHour)).ticket),
    ).toBe(401);
    // A valid ticket with its payload swapped for another user's.
    const { ticket } = await ticketOf('usr_live_refused');
    const [header, , signature] = ticket.split('.');
    const payload = Buffer.from(
      JSON.stringify({
        sub: 'someone-else',
        sx: inAnHour.endsAt / 1000,
        exp: inAnHour.endsAt / 1000,
      }),
    ).toString('base64url');
    expect(await open(`${header}.${payload}.${signature}`)).toBe(401);
    // Expired: issued two minutes ago.
    const expired = await issueLiveTicket(
      ctx.signingKey,
      'cloud-pos-api',
      userId,
      inAnHour,
      Date.now() - 120_000,
    );
    expect(await open(expired.ticket)).toBe(401);
    // Another token of the same key (a POS hand-off token) is no ticket.
    const handOff = await signHandOffToken(ctx.signingKey, {
      audience: 'http://127.0.0.1:3001',
      userId,
      email: 'someone@demo.test',
      name: 'Some One',
      posId: '1',
      wpUserId: 1,
    });
    expect(await open(handOff)).toBe(401);
    // A ticket naming a user that does not exist.
    expect(
      await open(
        (await issueLiveTicket(ctx.signingKey, 'cloud-pos-api', 'nobody', inAnHour)).ticket,
      ),
    ).toBe(401);
    // A session that already ended.
    expect(
      await open(
        (
          await issueLiveTicket(ctx.signingKey, 'cloud-pos-api', userId, {
            ...inAnHour,
            endsAt: Date.now() - 1000,
          })
        ).ticket,
      ),
    ).toBe(401);
    const bad = await fetch(`${base}${BASE}/live/stream?ticket=${encodeURIComponent(ticket)}`, {
      headers: { 'last-event-id': 'abc' },
    });
    expect(bad.status).toBe(400);
  });

  it("sends the user's own activity entries, in the list's shape, and nobody else's", async () => {
    const mine = await streamOf('usr_live_a');
    await post('usr_live_b', 'Not for A');
    await post('usr_live_a', 'For A');
    const [event] = await mine.until((events) => events.length >= 1);
    await post('usr_live_a', 'For A again');
    await mine.until((events) => events.length >= 2);
    expect(mine.events.map((e) => e.event)).toEqual(['activity', 'activity']);
    expect(mine.text()).not.toContain('Not for A');
    const list = await call(ctx, 'GET', '/activities-list', undefined, 'usr_live_a');
    const newest = (list.json() as { data: unknown[] }).data;
    expect(JSON.parse(event!.data)).toEqual(newest[1]);
    expect(JSON.parse(mine.events[1]!.data)).toEqual(newest[0]);
    expect(Number(mine.events[1]!.id)).toBeGreaterThan(Number(event!.id));
  });

  it('tells about orders delivered to the POS host, a burst as one event', async () => {
    const appId = await createApplication(ctx, 'https://live-orders.example', 'Live', 'usr_live_o');
    const delivery = await acceptDeliveries(ctx, appId);
    const stream = await streamOf('usr_live_o');
    const other = await streamOf('usr_live_other');
    const deliver = async (id: number) => {
      const d = delivery(id);
      const response = await ctx.posHost.inject({
        method: 'POST',
        url: d.url,
        headers: d.headers,
        payload: d.body,
      });
      expect(response.json()).toEqual({ message: 'Order inserted' });
    };
    await Promise.all([1, 2, 3, 4, 5].map(deliver));
    const events = await stream.until(
      (e) =>
        e.filter((x) => x.event === 'activity').length === 5 && e.some((x) => x.event === 'orders'),
    );
    const orders = events.filter((e) => e.event === 'orders');
    expect(JSON.parse(orders[0]!.data)).toEqual({ applicationId: appId });
    // Five deliveries within the coalescing window: fewer refreshes than orders.
    expect(orders.length).toBeLessThan(5);
    const names = events
      .filter((e) => e.event === 'activity')
      .map((e) => (JSON.parse(e.data) as { name: string }).name)
      .sort();
    expect(names).toEqual([1, 2, 3, 4, 5].map((i) => `Order #${i} was processed in Live`));
    // A deleted order changes the figures too.
    const d = delivery(3, 'order.deleted');
    await ctx.posHost.inject({ method: 'POST', url: d.url, headers: d.headers, payload: d.body });
    const after = events.length;
    await stream.until((e) => e.length > after && e[e.length - 1]!.event === 'orders');
    expect(other.events).toEqual([]);
  });

  it('replays the events after Last-Event-ID (the header, or lastEventId for a new ticket)', async () => {
    const first = await streamOf('usr_live_replay');
    for (const name of ['One', 'Two', 'Three']) await post('usr_live_replay', name);
    const seen = await first.until((e) => e.length === 3);
    first.close();
    await post('usr_live_replay', 'Four, while away');
    const byHeader = await streamOf('usr_live_replay', '', { 'last-event-id': seen[0]!.id });
    const replayed = await byHeader.until((e) => e.length === 3);
    expect(replayed.map((e) => (JSON.parse(e.data) as { name: string }).name)).toEqual([
      'Two',
      'Three',
      'Four, while away',
    ]);
    const byQuery = await streamOf('usr_live_replay', `&lastEventId=${seen[2]!.id}`);
    const again = await byQuery.until((e) => e.length === 1);
    expect(JSON.parse(again[0]!.data)).toMatchObject({ name: 'Four, while away' });
    // Without one, a stream starts with what comes next.
    const fresh = await streamOf('usr_live_replay');
    await post('usr_live_replay', 'Five');
    const next = await fresh.until((e) => e.length === 1);
    expect(JSON.parse(next[0]!.data)).toMatchObject({ name: 'Five' });
  });

  it("ends when the ticket's session ends", async () => {
    const exp = Math.floor(Date.now() / 1000) + 2;
    const { ticket } = await ticketOf('usr_live_short', exp);
    const stream = await openStream(
      `${base}${BASE}/live/stream?ticket=${encodeURIComponent(ticket)}`,
    );
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.ended;
    expect(Date.now()).toBeGreaterThanOrEqual(exp * 1000 - 50);
  }, 10_000);

  it("ends at the session's nra when that comes before its exp", async () => {
    const nra = Math.floor(Date.now() / 1000) + 2;
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${BASE}/live/ticket`,
      headers: await ctx.bearer(
        asUser('usr_live_nra', { exp: Math.floor(Date.now() / 1000) + 3600, nra }),
      ),
    });
    const { ticket } = response.json() as { ticket: string };
    const stream = await openStream(
      `${base}${BASE}/live/stream?ticket=${encodeURIComponent(ticket)}`,
    );
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.ended;
    expect(Date.now()).toBeGreaterThanOrEqual(nra * 1000 - 50);
    expect(Date.now()).toBeLessThan(nra * 1000 + 3000);
  }, 10_000);

  it('opens one stream per ticket, on any instance', async () => {
    const { ticket } = await ticketOf('usr_live_once');
    const url = `${base}${BASE}/live/stream?ticket=${encodeURIComponent(ticket)}`;
    const first = await openStream(url);
    streams.push(first);
    expect(first.status).toBe(200);
    first.close();
    const again = await openStream(url);
    streams.push(again);
    expect(again.status).toBe(401);
    // Spent tickets are forgotten once expired (they open nothing then anyway).
    expect(await pruneLiveTicketUses(ctx.database.db, Date.now() + 120_000)).toBeGreaterThan(0);
  });

  it('refuses a banned user a stream (402)', async () => {
    const { ticket } = await ticketOf('usr_live_banned');
    await ctx.database.db
      .updateTable('users')
      .set({ block: 'block' })
      .where('sub', '=', 'usr_live_banned')
      .execute();
    const response = await fetch(`${base}${BASE}/live/stream?ticket=${encodeURIComponent(ticket)}`);
    expect(response.status).toBe(402);
  });

  it('lets go of the hub subscription when the client leaves', async () => {
    await call(ctx, 'GET', '/activities-list', undefined, 'usr_live_leave');
    const userId = await userIdOf('usr_live_leave');
    const stream = await streamOf('usr_live_leave');
    expect(ctx.app.live.subscriptionsOf(userId)).toBe(1);
    stream.close();
    await eventually(() => ctx.app.live.subscriptionsOf(userId) === 0);
  });

  it('lets go of everything when the client leaves during the first query', async () => {
    await call(ctx, 'GET', '/activities-list', undefined, 'usr_live_early');
    const userId = await userIdOf('usr_live_early');
    // A response whose client is gone by the time the first query answers.
    const res = Object.assign(new EventEmitter(), {
      destroyed: false,
      writeHead: jest.fn(),
      write: jest.fn(),
      end: jest.fn(),
    });
    const served = serveLiveStream(res as unknown as ServerResponse, {
      db: ctx.database.db,
      hub: ctx.app.live,
      userId,
      lastEventId: null,
      endsAt: Date.now() + 60_000,
      heartbeatMs: 10,
    });
    res.destroyed = true;
    res.emit('close');
    await served;
    expect(res.writeHead).not.toHaveBeenCalled();
    expect(ctx.app.live.subscriptionsOf(userId)).toBe(0);
    await new Promise((resolve) => setTimeout(resolve, 50));
    // No heartbeat was started.
    expect(res.write).not.toHaveBeenCalled();
  });

  it('tells the client to reload (event: reset) when Last-Event-ID is no longer kept', async () => {
    const first = await streamOf('usr_live_reset');
    await post('usr_live_reset', 'Old');
    const [old] = await first.until((e) => e.length === 1);
    first.close();
    const userId = await userIdOf('usr_live_reset');
    // The event's hour passed: it was pruned.
    await ctx.database.db
      .updateTable('live_events')
      .set({ created_at: new Date(Date.now() - LIVE_EVENT_TTL_MS - 1000).toISOString() })
      .where('id', '=', Number(old!.id))
      .execute();
    await pruneLiveEvents(ctx.database.db);
    await post('usr_live_reset', 'Newer, while away');
    const back = await streamOf('usr_live_reset', '', { 'last-event-id': old!.id });
    const [reset] = await back.until((e) => e.length >= 1);
    expect(reset!.event).toBe('reset');
    // The reset carries the newest id, so the next reconnect replays from there.
    const newest = await ctx.database.db
      .selectFrom('live_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('user_id', '=', userId)
      .executeTakeFirstOrThrow();
    expect(Number(reset!.id)).toBe(Number(newest.id));
    // What came while away is not replayed one by one (the reload shows it); what comes next is.
    await post('usr_live_reset', 'Next');
    const events = await back.until((e) => e.length === 2);
    expect(JSON.parse(events[1]!.data)).toMatchObject({ name: 'Next' });
    // An id that was never the user's resets too.
    const unknown = await streamOf('usr_live_reset', '&lastEventId=999999999999');
    const [again] = await unknown.until((e) => e.length >= 1);
    expect(again!.event).toBe('reset');
  });
});

describe('a stream whose user is banned while it is open', () => {
  let quick: FastifyInstance;
  beforeAll(async () => {
    quick = await buildApp(ctx.config, {
      database: ctx.database,
      signingKeys: ctx.signingKeys,
      storeAccess: ctx.access,
      live: { heartbeatMs: 100 },
    });
    await quick.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => quick.close());

  it('is cut off at the next heartbeat', async () => {
    const stream = await streamOf('usr_live_ban_later', '', {}, baseUrlOf(quick));
    await post('usr_live_ban_later', 'Before the ban');
    await stream.until((e) => e.length === 1);
    const userId = await userIdOf('usr_live_ban_later');
    expect(quick.live.subscriptionsOf(userId)).toBe(1);
    await quick.repos.users.setBlock(userId, 'block');
    await stream.ended;
    expect(quick.live.subscriptionsOf(userId)).toBe(0);
  });
});

describe('a stream whose session is signed out', () => {
  let quick: FastifyInstance;
  beforeAll(async () => {
    quick = await buildApp(ctx.config, {
      database: ctx.database,
      signingKeys: ctx.signingKeys,
      storeAccess: ctx.access,
      live: { heartbeatMs: 100 },
    });
    await quick.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(() => quick.close());

  const ticketFor = async (token: string) => {
    const response = await quick.inject({
      method: 'POST',
      url: `${BASE}/live/ticket`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(200);
    return (response.json() as { ticket: string }).ticket;
  };
  const logout = (token: string) =>
    ctx.app.inject({
      method: 'POST',
      url: `${BASE}/logout`,
      headers: { authorization: `Bearer ${token}` },
    });
  const streamUrl = (ticket: string) =>
    `${baseUrlOf(quick)}${BASE}/live/stream?ticket=${encodeURIComponent(ticket)}`;

  it('is cut off at the next heartbeat after the logout', async () => {
    const token = await ctx.provider.sign(asUser('usr_live_logout'));
    const stream = await openStream(streamUrl(await ticketFor(token)));
    streams.push(stream);
    expect(stream.status).toBe(200);
    await stream.until(() => stream.text().includes('retry:'));
    const userId = await userIdOf('usr_live_logout');
    expect(quick.live.subscriptionsOf(userId)).toBe(1);
    expect((await logout(token)).statusCode).toBe(204);
    await stream.ended;
    expect(quick.live.subscriptionsOf(userId)).toBe(0);
  });

  it('does not open with a ticket asked for before the logout', async () => {
    const token = await ctx.provider.sign(asUser('usr_live_logout_ticket'));
    const ticket = await ticketFor(token);
    expect((await logout(token)).statusCode).toBe(204);
    expect((await fetch(streamUrl(ticket))).status).toBe(401);
  });
});

describe('two api instances on one database', () => {
  let second: FastifyInstance;
  let secondDb: DatabaseHandle | null = null;
  beforeAll(async () => {
    // On PostgreSQL the second instance has its own pool and LISTEN connection; on SQLite
    // (one process's file) it shares the handle, as the POS host and the api do.
    if (ctx.database.dialect === 'postgres') {
      secondDb = openDatabase({
        databaseUrl: ctx.config.databaseUrl,
        databaseSchema: ctx.config.databaseSchema,
        sqlitePath: '',
      });
    }
    second = await buildApp(ctx.config, {
      database: secondDb ?? ctx.database,
      signingKeys: ctx.signingKeys,
      storeAccess: ctx.access,
    });
    await second.listen({ port: 0, host: '127.0.0.1' });
  });
  afterAll(async () => {
    await second.close();
    await secondDb?.close();
  });

  it('an event written through instance A reaches a stream opened on instance B', async () => {
    const onB = await streamOf('usr_live_two', '', {}, baseUrlOf(second));
    await post('usr_live_two', 'Through A');
    const [event] = await onB.until((e) => e.length === 1);
    expect(JSON.parse(event!.data)).toMatchObject({
      name: 'Through A',
      feedType: 'errorNotification',
    });
    // And a ticket of A opens a stream on B (no state of A needed).
    expect(onB.status).toBe(200);
  });

  it('a ticket spent on instance A opens nothing on instance B', async () => {
    const { ticket } = await ticketOf('usr_live_two_once');
    const query = `${BASE}/live/stream?ticket=${encodeURIComponent(ticket)}`;
    const onA = await openStream(`${base}${query}`);
    streams.push(onA);
    expect(onA.status).toBe(200);
    const onB = await openStream(`${baseUrlOf(second)}${query}`);
    streams.push(onB);
    expect(onB.status).toBe(401);
  });

  it('after its LISTEN connection is killed, B listens again and streams on', async () => {
    if (ctx.database.dialect !== 'postgres') return;
    const onB = await streamOf('usr_live_relisten', '', {}, baseUrlOf(second));
    const killed = second.live.listenerPid;
    expect(killed).not.toBeNull();
    await sql`select pg_terminate_backend(${killed})`.execute(ctx.database.db);
    await eventually(() => second.live.listenerPid !== null && second.live.listenerPid !== killed);
    await post('usr_live_relisten', 'After the break');
    const [event] = await onB.until((e) => e.length === 1);
    expect(JSON.parse(event!.data)).toMatchObject({ name: 'After the break' });
  });
});

describe("the LISTEN connection's health check", () => {
  it('makes the connection again (and LISTENs) when select 1 fails, and wakes streams after', async () => {
    if (ctx.database.dialect !== 'postgres') return;
    const clients: Client[] = [];
    const handle: DatabaseHandle = {
      ...ctx.database,
      newListenClient: () => {
        const client = ctx.database.newListenClient!();
        clients.push(client);
        return client;
      },
    };
    const hub = new LiveHub(handle, ctx.app.log, { healthCheckMs: 50 });
    await hub.start(0);
    try {
      const first = clients[0]!;
      const firstPid = hub.listenerPid;
      // A half-open connection: the server never answers; here the check's query fails.
      first.query = (() => Promise.reject(new Error('no answer'))) as unknown as Client['query'];
      await eventually(() => clients.length === 2 && hub.listenerPid !== null);
      expect(hub.listenerPid).not.toBe(firstPid);
      await call(ctx, 'GET', '/activities-list', undefined, 'usr_live_health');
      const userId = await userIdOf('usr_live_health');
      let woken = 0;
      const unsubscribe = hub.subscribe(userId, () => (woken += 1));
      await post('usr_live_health', 'Heard on the new connection');
      await eventually(() => woken > 0);
      unsubscribe();
    } finally {
      await hub.close();
    }
  });
});

describe('the request log', () => {
  it("never shows a live ticket: the url's ticket value is redacted, the rest kept", () => {
    expect(redactUrl(`${BASE}/live/stream?ticket=eyJ.abc.def&lastEventId=12`)).toBe(
      `${BASE}/live/stream?ticket=[redacted]&lastEventId=12`,
    );
    expect(redactUrl(`${BASE}/live/stream?lastEventId=1&ticket=x&ticket=y`)).toBe(
      `${BASE}/live/stream?lastEventId=1&ticket=[redacted]&ticket=[redacted]`,
    );
    expect(redactUrl(`${BASE}/live/stream?%74icket=x`)).toBe(
      `${BASE}/live/stream?%74icket=[redacted]`,
    );
    expect(redactUrl(`${BASE}/activities-list?page=2`)).toBe(`${BASE}/activities-list?page=2`);
    expect(redactUrl('/health')).toBe('/health');
  });

  it("is what the api's logger writes for a request", async () => {
    const logged = await buildApp(
      { ...ctx.config, logLevel: 'error' },
      { database: ctx.database, signingKeys: ctx.signingKeys, storeAccess: ctx.access },
    );
    try {
      // pino keeps its serializers under a symbol of its own.
      const symbol = Object.getOwnPropertySymbols(logged.log).find(
        (s) => s.description === 'pino.serializers',
      )!;
      const serializers = (logged.log as unknown as Record<symbol, Record<string, unknown>>)[
        symbol
      ]!;
      const serializeReq = serializers.req as (request: unknown) => { url: string };
      const request = {
        method: 'GET',
        url: `${BASE}/live/stream?ticket=eyJ.secret.sig`,
        host: '127.0.0.1',
        ip: '127.0.0.1',
        socket: { remotePort: 1 },
      };
      expect(serializeReq(request).url).toBe(`${BASE}/live/stream?ticket=[redacted]`);
    } finally {
      await logged.close();
    }
  });
});

describe('the event log', () => {
  it('forgets events after an hour', async () => {
    await post('usr_live_prune', 'Kept');
    const userId = await userIdOf('usr_live_prune');
    const old = new Date(Date.now() - LIVE_EVENT_TTL_MS - 1000).toISOString();
    await ctx.database.db
      .insertInto('live_events')
      .values({ user_id: userId, kind: 'activity', data: '{}', created_at: old })
      .execute();
    const kinds = () =>
      ctx.database.db
        .selectFrom('live_events')
        .select('created_at')
        .where('user_id', '=', userId)
        .execute();
    expect(await kinds()).toHaveLength(2);
    expect(await pruneLiveEvents(ctx.database.db)).toBeGreaterThanOrEqual(1);
    const left = await kinds();
    expect(left).toHaveLength(1);
    expect(left[0]!.created_at > old).toBe(true);
  });

  it('coalesces the orders events of a batch to the last one per application', () => {
    const a = '{"applicationId":"a"}';
    const b = '{"applicationId":"b"}';
    expect(
      coalesceEvents([
        { id: 1, kind: 'orders', data: a },
        { id: 2, kind: 'activity', data: '{"name":"x"}' },
        { id: 3, kind: 'orders', data: b },
        { id: 4, kind: 'orders', data: a },
      ]).map((e) => e.id),
    ).toEqual([2, 3, 4]);
  });
});
