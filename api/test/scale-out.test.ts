import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { buildApp } from '../src/app';
import type { DatabaseHandle } from '../src/db';
import { openDatabase } from '../src/db';
import type { MailMessage, Mailer } from '../src/services/mailer';
import { HANDOFF_ISSUER, signHandOffToken } from '../src/services/signing-key';
import type { TestContext } from './helpers/app';
import { asUser, createTestContext } from './helpers/app';
import { BASE } from './helpers/applications';
import type { OpenStream } from './helpers/live';
import { baseUrlOf, openStream } from './helpers/live';

// Issue 16, scale-out: two api instances on one database, as behind a load balancer. Each has
// its own pool (on PostgreSQL), LISTEN connection and signing key set read from the database:
// nothing per user lives in one instance's memory. On SQLite (one process's file) the two
// share the handle, as the api and the POS host of one process do.

let ctx: TestContext;
let a: FastifyInstance;
let b: FastifyInstance;
let bDatabase: DatabaseHandle | null = null;
const mail: MailMessage[] = [];
const mailer: Mailer = {
  send: async (message) => {
    mail.push(message);
  },
  close: () => undefined,
};
const streams: OpenStream[] = [];

beforeAll(async () => {
  ctx = await createTestContext();
  if (ctx.database.dialect === 'postgres') {
    bDatabase = openDatabase({
      databaseUrl: ctx.config.databaseUrl,
      databaseSchema: ctx.config.databaseSchema,
      sqlitePath: '',
    });
  }
  // Neither is given the context's key set: each reads the set from the database.
  a = await buildApp(ctx.config, { database: ctx.database, storeAccess: ctx.access, mailer });
  b = await buildApp(ctx.config, {
    database: bDatabase ?? ctx.database,
    storeAccess: ctx.access,
    mailer,
  });
  await a.listen({ port: 0, host: '127.0.0.1' });
  await b.listen({ port: 0, host: '127.0.0.1' });
}, 30_000);
afterEach(() => {
  for (const stream of streams.splice(0)) stream.close();
});
afterAll(async () => {
  await a.close();
  await b.close();
  await bDatabase?.close();
  await ctx.close();
});

const as = async (
  app: FastifyInstance,
  method: 'GET' | 'POST',
  url: string,
  sub: string,
  payload?: object,
) =>
  app.inject({
    method,
    url: `${BASE}${url}`,
    headers: await ctx.bearer(asUser(sub)),
    ...(payload ? { payload } : {}),
  });

describe('two api instances on one database', () => {
  it('sign with one shared key set: a live ticket of A opens a stream on B, and both publish the same JWKS', async () => {
    const ticket = await as(a, 'POST', '/live/ticket', 'usr_scale_ticket');
    expect(ticket.statusCode).toBe(200);
    const { ticket: token } = ticket.json() as { ticket: string };
    const stream = await openStream(
      `${baseUrlOf(b)}${BASE}/live/stream?ticket=${encodeURIComponent(token)}`,
    );
    streams.push(stream);
    expect(stream.status).toBe(200);
    // The key set both read is the database's: a hand-off token signed with A's key verifies
    // against B's JWKS by its kid, as a store would check it.
    const key = await a.signingKeys.signing();
    const [jwksA, jwksB] = await Promise.all([a.signingKeys.jwks(), b.signingKeys.jwks()]);
    expect(jwksB).toEqual(jwksA);
    const handOff = await signHandOffToken(key, {
      audience: 'https://shop.example',
      userId: 'u1',
      email: 'a@shop.example',
      name: 'A',
      posId: '1',
      wpUserId: 1,
    });
    expect(decodeProtectedHeader(handOff).kid).toBe(key.kid);
    await expect(
      jwtVerify(handOff, createLocalJWKSet(jwksB), { issuer: HANDOFF_ISSUER }),
    ).resolves.toBeTruthy();
  });

  it('an event written through B reaches a stream opened on A', async () => {
    const ticket = await as(a, 'POST', '/live/ticket', 'usr_scale_live');
    const { ticket: token } = ticket.json() as { ticket: string };
    const onA = await openStream(
      `${baseUrlOf(a)}${BASE}/live/stream?ticket=${encodeURIComponent(token)}`,
    );
    streams.push(onA);
    await onA.until(() => onA.text().includes('retry:'));
    const posted = await as(b, 'POST', '/activities', 'usr_scale_live', {
      name: 'Through B',
      feedType: 'errorNotification',
    });
    expect(posted.statusCode).toBe(201);
    const [event] = await onA.until((events) => events.length === 1);
    expect(event!.event).toBe('activity');
    expect(JSON.parse(event!.data)).toMatchObject({ name: 'Through B' });
  });

  it('count the support requests of a user together: 3 an hour across A and B, the 4th refused on either', async () => {
    const send = (app: FastifyInstance, n: number) =>
      as(app, 'POST', '/user-tasks/send-support-request', 'usr_scale_support', {
        subject: `Question ${n}`,
        message: 'A message long enough to be sent',
      });
    expect((await send(a, 1)).statusCode).toBe(201);
    expect((await send(b, 2)).statusCode).toBe(201);
    expect((await send(a, 3)).statusCode).toBe(201);
    for (const app of [b, a]) {
      const refused = await send(app, 4);
      expect(refused.statusCode).toBe(429);
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    }
    expect(mail.filter((m) => m.subject.includes('Question'))).toHaveLength(3);
  });

  it('count concurrent support requests on both instances together', async () => {
    const answers = await Promise.all(
      [a, b, a, b, a, b].map((app, n) =>
        as(app, 'POST', '/user-tasks/send-support-request', 'usr_scale_burst', {
          subject: `Burst ${n}`,
          message: 'A message long enough to be sent',
        }),
      ),
    );
    const codes = answers.map((answer) => answer.statusCode).sort();
    expect(codes).toEqual([201, 201, 201, 429, 429, 429]);
  });

  it("refuse a session signed out through the other: A's logout holds on B at once, for refreshed tokens too", async () => {
    const signedIn = Math.floor(Date.now() / 1000) - 60;
    const claims = asUser('usr_scale_logout', { sid: 'sid-scale-logout', iat: signedIn });
    const token = await ctx.provider.sign(claims);
    const read = (app: FastifyInstance, bearer: string) =>
      app.inject({
        method: 'GET',
        url: `${BASE}/user-data`,
        headers: { authorization: `Bearer ${bearer}` },
      });
    // B has seen the token before, so nothing it might have kept from then may let it in.
    expect((await read(b, token)).statusCode).toBe(200);
    const loggedOut = await a.inject({
      method: 'POST',
      url: `${BASE}/logout`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(loggedOut.statusCode).toBe(204);
    const refreshed = await ctx.provider.sign({ ...claims, iat: signedIn + 30 });
    for (const app of [b, a]) {
      expect((await read(app, token)).statusCode).toBe(401);
      expect((await read(app, refreshed)).statusCode).toBe(401);
    }
  });

  it('pace the feed verification per user across instances', async () => {
    expect((await as(a, 'GET', '/activities/verify', 'usr_scale_verify')).statusCode).toBe(200);
    const again = await as(b, 'GET', '/activities/verify', 'usr_scale_verify');
    expect(again.statusCode).toBe(429);
    expect(again.headers['retry-after']).toBeDefined();
  });

  it('hold a rate limit across instances: of concurrent live tickets on A and B, exactly the limit is issued', async () => {
    const limit = ctx.config.rateLimits.liveTicketAccount.points;
    const answers = await Promise.all(
      Array.from({ length: limit + 10 }, (_, i) =>
        as(i % 2 ? a : b, 'POST', '/live/ticket', 'usr_scale_limited'),
      ),
    );
    const issued = answers.filter((answer) => answer.statusCode === 200);
    const refused = answers.filter((answer) => answer.statusCode === 429);
    expect(issued).toHaveLength(limit);
    expect(refused).toHaveLength(10);
    for (const answer of refused) {
      expect(Number(answer.headers['retry-after'])).toBeGreaterThan(0);
      expect(answer.json().code).toBe('ERR_RATE_LIMITED');
    }
    // Another account is not held by this one's limit, on either instance.
    expect((await as(a, 'POST', '/live/ticket', 'usr_scale_unlimited')).statusCode).toBe(200);
    expect((await as(b, 'POST', '/live/ticket', 'usr_scale_unlimited')).statusCode).toBe(200);
  });
});
