import type { LightMyRequestResponse } from 'fastify';
import type { TestContext } from '../helpers/app';
import { asUser, createTestContext } from '../helpers/app';
import { BASE, rowOf } from '../helpers/applications';
import { acceptDeliveries } from '../helpers/live';
import type { TestSandbox } from '../helpers/sandbox';
import { startTestSandbox } from '../helpers/sandbox';

// Issue 25: the guessable secrets and the token-minting calls are limited per account and per
// client address, in the database. Small limits here; the clock is the limits' own, so a test
// moves past a window without waiting.
const ACCOUNT = 3;
const ADDRESS = 8;
const RATE_LIMITS = [
  `storeKeysAccount=${ACCOUNT}/600`,
  `storeKeysAddress=${ADDRESS}/600`,
  `applicationCreateAccount=${ACCOUNT}/600`,
  `applicationCreateAddress=${ADDRESS}/600`,
  `liveTicketAccount=${ACCOUNT}/60`,
  `liveTicketAddress=${ADDRESS}/60`,
  `wcWebhookFailures=${ACCOUNT}/600`,
  `wcWebhookFailuresAddress=${ADDRESS}/600`,
].join(',');

let now = Date.now();
let ctx: TestContext;
let sandbox: TestSandbox;
let store: string;
beforeAll(async () => {
  [ctx, sandbox] = await Promise.all([
    createTestContext({ env: { RATE_LIMITS }, rateLimitClock: () => now }),
    startTestSandbox(),
  ]);
  [store] = sandbox.stores;
}, 30_000);
afterAll(async () => {
  await ctx.close();
  await sandbox.close();
});

// Each test has addresses of its own, so no test spends another's.
let nextAddress = 1;
const newAddress = () => `198.51.100.${nextAddress++}`;

async function send(
  sub: string,
  method: 'POST' | 'PUT',
  url: string,
  address: string,
  payload?: object,
): Promise<LightMyRequestResponse> {
  return ctx.app.inject({
    method,
    url: `${BASE}${url}`,
    headers: await ctx.bearer(asUser(sub)),
    remoteAddress: address,
    ...(payload ? { payload } : {}),
  });
}

function expectLimited(response: LightMyRequestResponse, text: RegExp, windowSeconds: number) {
  expect(response.statusCode).toBe(429);
  expect(response.json()).toMatchObject({ code: 'ERR_RATE_LIMITED', message: expect.any(String) });
  expect(response.json().message).toMatch(text);
  expect(response.json().message).toMatch(/Please try again in \d+ (seconds?|minutes?)\.$/);
  const retryAfter = Number(response.headers['retry-after']);
  expect(retryAfter).toBeGreaterThan(0);
  expect(retryAfter).toBeLessThanOrEqual(windowSeconds);
}

interface LimitedRoute {
  name: string;
  text: RegExp;
  windowSeconds: number;
  ok: number;
  attempt(sub: string, address: string): Promise<LightMyRequestResponse>;
}

let site = 0;
const routes: LimitedRoute[] = [
  {
    name: 'POST /live/ticket',
    text: /^Too many live update connections\./,
    windowSeconds: 60,
    ok: 200,
    attempt: (sub, address) => send(sub, 'POST', '/live/ticket', address),
  },
  {
    name: 'POST /applications',
    text: /^Too many applications created\./,
    windowSeconds: 600,
    ok: 201,
    attempt: (sub, address) =>
      send(sub, 'POST', '/applications', address, {
        name: 'Coffee',
        homeUrl: `https://shop-${++site}.example.com`,
      }),
  },
];

describe.each(routes)('$name', (route) => {
  it('refuses the attempt past the account limit with 429 and Retry-After until the window passes', async () => {
    const sub = `usr_rl_${route.ok}_${nextAddress}_a`;
    const address = newAddress();
    for (let i = 0; i < ACCOUNT; i += 1) {
      expect((await route.attempt(sub, address)).statusCode).toBe(route.ok);
    }
    expectLimited(await route.attempt(sub, address), route.text, route.windowSeconds);
    // Another address changes nothing for this account.
    expectLimited(await route.attempt(sub, newAddress()), route.text, route.windowSeconds);
    // Another account from the same address is not blocked by this one's limit.
    expect((await route.attempt(`${sub}_other`, address)).statusCode).toBe(route.ok);

    now += route.windowSeconds * 1000 + 1;
    expect((await route.attempt(sub, address)).statusCode).toBe(route.ok);
  });

  it('refuses an address past its limit, whichever account asks', async () => {
    const address = newAddress();
    const subs = Array.from({ length: ADDRESS + 1 }, (_, i) => `usr_rl_addr_${nextAddress}_${i}`);
    for (const sub of subs.slice(0, ADDRESS)) {
      expect((await route.attempt(sub, address)).statusCode).toBe(route.ok);
    }
    expectLimited(await route.attempt(subs[ADDRESS]!, address), route.text, route.windowSeconds);
    // The same account from another address is still served.
    expect((await route.attempt(subs[ADDRESS]!, newAddress())).statusCode).toBe(route.ok);
  });
});

describe('POST /applications/find-or-create', () => {
  it('counts with POST /applications against the same limit', async () => {
    const sub = 'usr_rl_find_or_create';
    const address = newAddress();
    for (let i = 0; i < ACCOUNT; i += 1) {
      const created = await send(sub, 'POST', '/applications', address, {
        name: 'Coffee',
        homeUrl: `https://find-${i}.example.com`,
      });
      expect(created.statusCode).toBe(201);
    }
    const refused = await send(sub, 'POST', '/applications/find-or-create', address, {
      homeUrl: store,
      storeOrigin: new URL(store).origin,
    });
    expectLimited(refused, /^Too many applications created\./, 600);
    const rows = await ctx.database.db
      .selectFrom('applications')
      .innerJoin('users', 'users.id', 'applications.user_id')
      .select('applications.id')
      .where('users.email', '=', `${sub}@test.example`)
      .execute();
    expect(rows).toHaveLength(ACCOUNT);
  });
});

describe('PUT /applications/:id with keys (Connect with Keys)', () => {
  it('refuses the right keys after the limit until the window passes, and checks nothing meanwhile', async () => {
    const sub = 'usr_rl_keys';
    const address = newAddress();
    const created = await send(sub, 'POST', '/applications', address, {
      name: 'Coffee',
      homeUrl: store,
    });
    const id = (created.json() as { data: { id: string } }).data.id;
    const connect = (consumerKey: string, consumerSecret: string, from = address) =>
      send(sub, 'PUT', `/applications/${id}`, from, { consumerKey, consumerSecret });

    for (let i = 0; i < ACCOUNT; i += 1) {
      const wrong = await connect(`ck_${String(i).repeat(40)}`, `cs_${String(i).repeat(40)}`);
      expect(wrong.statusCode).toBe(200);
      expect(wrong.json().data.keysFail.hasError).toBe(true);
    }
    const key = await sandbox.mintKey(store);
    const before = await rowOf(ctx, id);
    const refused = await connect(key.consumer_key, key.consumer_secret);
    expectLimited(refused, /^Too many key checks\./, 600);
    expect(refused.body).not.toContain(key.consumer_secret);
    expect(await rowOf(ctx, id)).toEqual(before);
    expect((await rowOf(ctx, id)).is_verified_auth).toBe(0);

    // Another manager's key checks from the same address go on.
    const other = await send('usr_rl_keys_other', 'POST', '/applications', address, {
      name: 'Books',
      homeUrl: store,
    });
    const otherId = (other.json() as { data: { id: string } }).data.id;
    const otherKey = await sandbox.mintKey(store);
    const otherConnect = await send(
      'usr_rl_keys_other',
      'PUT',
      `/applications/${otherId}`,
      address,
      {
        consumerKey: otherKey.consumer_key,
        consumerSecret: otherKey.consumer_secret,
      },
    );
    expect(otherConnect.json().data.isVerifiedAuth).toBe(true);

    now += 600_000 + 1;
    const accepted = await connect(key.consumer_key, key.consumer_secret);
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().data.isVerifiedAuth).toBe(true);
  });

  it('renames and other changes are not key checks and are not counted', async () => {
    const sub = 'usr_rl_keys_rename';
    const address = newAddress();
    const created = await send(sub, 'POST', '/applications', address, {
      name: 'Coffee',
      homeUrl: 'https://rename.example.com',
    });
    const id = (created.json() as { data: { id: string } }).data.id;
    for (let i = 0; i < ACCOUNT + 2; i += 1) {
      const renamed = await send(sub, 'PUT', `/applications/${id}`, address, { name: `Cafe ${i}` });
      expect(renamed.statusCode).toBe(200);
    }
  });
});

describe('POST /wc-webhooks/:applicationId on the POS host (failures only)', () => {
  async function webhookApplication(sub: string) {
    const created = await send(sub, 'POST', '/applications', newAddress(), {
      name: 'Coffee',
      homeUrl: `https://hooks-${++site}.example.com`,
    });
    const id = (created.json() as { data: { id: string } }).data.id;
    return { id, sign: await acceptDeliveries(ctx, id) };
  }

  const deliver = (
    delivery: { url: string; body: string; headers: Record<string, string> },
    address: string,
    signature?: string,
  ) =>
    ctx.posHost.inject({
      method: 'POST',
      url: delivery.url,
      headers: {
        ...delivery.headers,
        ...(signature ? { 'x-wc-webhook-signature': signature } : {}),
      },
      payload: delivery.body,
      remoteAddress: address,
    });

  it('answers 429 with Retry-After to bad signatures past the limit, never to a signed delivery', async () => {
    const { id, sign } = await webhookApplication('usr_rl_hooks');
    const attacker = newAddress();
    const forged = (n: number) => deliver(sign(70_000 + n), attacker, 'bm90IHRoZSBzaWduYXR1cmU=');
    for (let i = 0; i < ACCOUNT; i += 1) {
      const refused = await forged(i);
      expect(refused.statusCode).toBe(401);
      expect(refused.json().message).toBe('Invalid webhook signature');
    }
    const throttled = await forged(ACCOUNT);
    expect(throttled.statusCode).toBe(429);
    expect(throttled.json().message).toMatch(
      /^Too many webhook deliveries with an invalid signature\. Please try again in \d+ minutes?\.$/,
    );
    expect(Number(throttled.headers['retry-after'])).toBeGreaterThan(0);
    expect(Number(throttled.headers['retry-after'])).toBeLessThanOrEqual(600);

    // The store's own deliveries go through, from its address and from the attacker's.
    const fromStore = await deliver(sign(71_000), newAddress());
    expect(fromStore.statusCode).toBe(200);
    const sameAddress = await deliver(sign(71_001), attacker);
    expect(sameAddress.statusCode).toBe(200);
    const stored = await ctx.database.db
      .selectFrom('orders')
      .select('store_order_id')
      .where('application_id', '=', id)
      .orderBy('store_order_id')
      .execute();
    expect(stored.map((row) => Number(row.store_order_id))).toEqual([71_000, 71_001]);

    // A bad signature from another address is answered as before.
    expect((await deliver(sign(72_000), newAddress(), 'Zm9yZ2Vk')).statusCode).toBe(401);

    now += 600_000 + 1;
    expect((await forged(ACCOUNT + 1)).statusCode).toBe(401);
  });

  it('limits an address across applications, and unknown application ids count too', async () => {
    const attacker = newAddress();
    const forgeries = Array.from({ length: ADDRESS }, (_, i) =>
      ctx.posHost.inject({
        method: 'POST',
        url: `/wc-webhooks/app_guess_${i}`,
        headers: { 'content-type': 'application/json', 'x-wc-webhook-signature': 'Zm9yZ2Vk' },
        payload: '{"id":1}',
        remoteAddress: attacker,
      }),
    );
    for (const response of await Promise.all(forgeries)) expect(response.statusCode).toBe(401);
    const { sign } = await webhookApplication('usr_rl_hooks_many');
    expect((await deliver(sign(73_000), attacker, 'Zm9yZ2Vk')).statusCode).toBe(429);
    expect((await deliver(sign(73_001), attacker)).statusCode).toBe(200);
  });
});
