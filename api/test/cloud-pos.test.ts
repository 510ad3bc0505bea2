import { createLocalJWKSet, jwtVerify } from 'jose';
import type { JSONWebKeySet } from 'jose';
import { publicJwks } from '../src/services/signing-key';
import { StoreUnreachableError } from '../src/services/store-client';
import type { TestContext } from './helpers/app';
import { asUser, createTestContext } from './helpers/app';
import {
  call,
  changeUser,
  connectApplication,
  feedOf,
  shareApplication,
} from './helpers/applications';
import type { TestSandbox } from './helpers/sandbox';
import { startTestSandbox } from './helpers/sandbox';

let ctx: TestContext;
let sandbox: TestSandbox;
let coffee: string;
let appId: string;
let appSlug: string;
beforeAll(async () => {
  ctx = await createTestContext();
  // The stores check hand-off tokens against this api's key, as they would at POS_JWKS_URL.
  sandbox = await startTestSandbox({ posJwks: createLocalJWKSet(publicJwks(ctx.signingKey)) });
  [coffee] = sandbox.stores;
  ({ id: appId } = await connectApplication(ctx, sandbox, coffee, 'usr_pos_owner', 'Roasters'));
  // The owner invited the store's cashier and Liam from the dashboard.
  await shareApplication(ctx, appId, 'cashier@demo.test', 'liam.brooks@coffee.demo.test');
  appSlug = (await call(ctx, 'GET', `/applications/${appId}`, undefined, 'usr_pos_owner')).json()
    .data.slug as string;
  await call(
    ctx,
    'PUT',
    `/applications/${appId}/stations/update-slug`,
    { stationId: '1', stationSlug: 'pos', stationName: 'Front Counter', oldStationSlug: '1' },
    'usr_pos_owner',
  );
  await call(
    ctx,
    'PUT',
    `/applications/${appId}/stations/update-slug`,
    { stationId: '2', stationSlug: 'espresso-bar', stationName: 'Bar', oldStationSlug: '2' },
    'usr_pos_owner',
  );
});
afterAll(async () => {
  await ctx.close();
  await sandbox.close();
});

const DASHBOARD = 'http://127.0.0.1:3000';
const OWNER = asUser('usr_pos_owner');
const CASHIER = asUser('usr_pos_cashier', { email: 'cashier@demo.test', name: 'Cash Ier' });

/** GET /{path} on the POS host with the dashboard's token cookie for `claims` (none: signed out). */
async function open(path: string, claims?: Record<string, unknown>) {
  const headers: Record<string, string> = {};
  if (claims)
    headers.cookie = `theme=dark; pos_token=${encodeURIComponent(await ctx.provider.sign(claims))}`;
  return ctx.posHost.inject({ method: 'GET', url: path, headers });
}

/** The access error object the cookie carries, and the cookie's attributes (sorted: their order means nothing). */
function accessError(response: { headers: Record<string, unknown> }) {
  const header = String(response.headers['set-cookie'] ?? '');
  const value = /^pos_access_error=([^;]+)/.exec(header)?.[1] ?? '';
  return {
    error: JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Record<string, string>,
    attributes: header.split('; ').slice(1).sort(),
  };
}

/**
 * Posts the hand-off page's token to the store's station page as the browser would, follows the
 * store's 303 with its session cookie, and returns the station page.
 */
async function handOverToStore(handOffHtml: string, posId: string): Promise<Response> {
  const token = /name="token" value="([^"]+)"/.exec(handOffHtml)?.[1] ?? '';
  const posted = await fetch(`${coffee}/pos/${posId}`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ token }).toString(),
    redirect: 'manual',
  });
  expect(posted.status).toBe(303);
  const cookie = (posted.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  return fetch(new URL(posted.headers.get('location') ?? '', coffee), { headers: { cookie } });
}

async function verifyHandOff(html: string) {
  const token = /name="token" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const jwks = (await ctx.posHost.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
  return jwtVerify(token, createLocalJWKSet(jwks as JSONWebKeySet), {
    algorithms: ['ES256'],
    issuer: 'cloud-pos-api',
    audience: coffee,
  });
}

describe('the cloud POS address', () => {
  it('sends a signed-out browser to the dashboard’s sign-in with the way back', async () => {
    const response = await open(`/${appSlug}/pos`);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(
      `${DASHBOARD}/pos-unauthorized?redirectPath=${encodeURIComponent(`/${appSlug}/pos`)}`,
    );
  });

  it('treats an expired, foreign or garbled token as signed out', async () => {
    const now = Math.floor(Date.now() / 1000);
    const expired = await open(`/${appSlug}/pos`, { ...OWNER, exp: now - 60 });
    expect(expired.headers.location).toContain('/pos-unauthorized?redirectPath=');
    const foreign = await ctx.posHost.inject({
      method: 'GET',
      url: `/${appSlug}/pos`,
      headers: { cookie: `pos_token=${await ctx.provider.signWithForeignKey(OWNER)}` },
    });
    expect(foreign.headers.location).toContain('/pos-unauthorized?redirectPath=');
    const garbled = await ctx.posHost.inject({
      method: 'GET',
      url: `/${appSlug}/pos`,
      headers: { cookie: 'pos_token=%E0%A4%A' },
    });
    expect(garbled.statusCode).toBe(302);
    expect(garbled.headers.location).toContain('/pos-unauthorized?redirectPath=');
  });

  it('reads the token cookie among others, whatever their spacing and quoting', async () => {
    const token = encodeURIComponent(await ctx.provider.sign(OWNER));
    const response = await ctx.posHost.inject({
      method: 'GET',
      url: `/${appSlug}/pos`,
      headers: { cookie: `a="x;y"; theme = dark ;  pos_token = ${token} ; pos_token=second` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.body).toContain('<title>Opening Front Counter…</title>');
  });

  it('verifies the token cookie exactly like a bearer token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const claims = asUser('usr_pos_cookie_twin', { email: 'twin@test.example' });
    const tokens = {
      good: await ctx.provider.sign(claims),
      noNra: await ctx.provider.sign({ ...claims, nra: undefined }),
      otherIssuer: await ctx.provider.sign({ ...claims, iss: 'https://elsewhere.example' }),
      expired: await ctx.provider.sign({ ...claims, exp: now - 3600 }),
      sessionEnded: await ctx.provider.sign({ ...claims, nra: now - 3600 }),
      foreign: await ctx.provider.signWithForeignKey(claims),
    };
    for (const [kind, token] of Object.entries(tokens)) {
      const asBearer = await ctx.app.inject({
        method: 'GET',
        url: '/api/connect-ui/user-data',
        headers: { authorization: `Bearer ${token}` },
      });
      const asCookie = await ctx.posHost.inject({
        method: 'GET',
        url: `/${appSlug}/pos`,
        headers: { cookie: `pos_token=${encodeURIComponent(token)}` },
      });
      const bearerAccepted = asBearer.statusCode === 200;
      const cookieAccepted = !String(asCookie.headers.location).includes('/pos-unauthorized');
      expect({ kind, accepted: cookieAccepted }).toEqual({ kind, accepted: bearerAccepted });
      expect(bearerAccepted).toBe(kind === 'good');
    }
    // First sight through the cookie creates the same user a bearer call would.
    expect(await ctx.app.repos.users.findBySub('usr_pos_cookie_twin')).toMatchObject({
      email: 'twin@test.example',
    });
  });

  it("opens nothing with a signed-out session's cookie, nor with a token refreshed from it", async () => {
    const claims = { ...OWNER, sid: 'sid-pos-logout' };
    const token = await ctx.provider.sign(claims);
    const withCookie = (value: string) =>
      ctx.posHost.inject({
        method: 'GET',
        url: `/${appSlug}/pos`,
        headers: { cookie: `pos_token=${encodeURIComponent(value)}` },
      });
    expect((await withCookie(token)).statusCode).toBe(200);

    const loggedOut = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(loggedOut.statusCode).toBe(204);

    const refreshed = await ctx.provider.sign({ ...claims, iat: Math.floor(Date.now() / 1000) });
    for (const kept of [token, refreshed]) {
      const response = await withCookie(kept);
      expect(response.statusCode).toBe(302);
      expect(response.headers.location).toBe(
        `${DASHBOARD}/pos-unauthorized?redirectPath=${encodeURIComponent(`/${appSlug}/pos`)}`,
      );
      expect(response.body).not.toContain('name="token"');
    }
    // The owner's other sessions still open the station.
    expect((await open(`/${appSlug}/pos`, OWNER)).statusCode).toBe(200);
  });

  it('hands the owner over to the default station with a one-minute ES256 token', async () => {
    const response = await open(`/${appSlug}/pos`, OWNER);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toContain('text/html');
    const csp = String(response.headers['content-security-policy']);
    const nonce = /script-src 'nonce-([^']+)'/.exec(csp)?.[1];
    expect(nonce).toBeTruthy();
    expect(csp).toContain(`default-src 'none'`);
    expect(csp).toContain(`style-src 'nonce-${nonce}'`);
    expect(csp).toContain(`form-action ${coffee}`);
    expect(response.body).toContain('<title>Opening Front Counter…</title>');
    expect(response.body).toContain(`<form id="handoff" method="post" action="${coffee}/pos/1">`);
    expect(response.body).toContain(`<script nonce="${nonce}">`);
    expect(response.body).toContain('>Continue</button>');

    const { payload, protectedHeader } = await verifyHandOff(response.body);
    expect(protectedHeader.kid).toBe(ctx.signingKey.kid);
    const owner = await ctx.app.repos.users.findBySub('usr_pos_owner');
    expect(payload).toMatchObject({
      sub: owner?.id,
      email: OWNER.email,
      name: OWNER.name,
      pos_id: '1',
      wp_user_id: 1,
    });
    expect(typeof payload.jti).toBe('string');
    expect((payload.exp ?? 0) - (payload.iat ?? 0)).toBe(60);

    const [entry] = await feedOf(ctx, 'usr_pos_owner');
    expect(entry).toMatchObject({
      name: 'User usr pos owner opened Front Counter (Roasters)',
      feedType: 'stationOpened',
      link: `/applications/${appId}/stations`,
    });
  });

  it('is accepted by the store: the station page opens signed in as the owner', async () => {
    const response = await open(`/${appSlug}/pos`, OWNER);
    const page = await handOverToStore(response.body, '1');
    expect(page.status).toBe(200);
    expect(await page.text()).toContain(`Signed in as ${OWNER.name} (${OWNER.email})`);
  });

  it('is accepted by the store for a user without a name: the email stands for it', async () => {
    const nameless = asUser('usr_pos_nameless', { email: 'cashier@demo.test', name: undefined });
    const response = await open(`/${appSlug}/3`, nameless);
    expect(response.statusCode).toBe(200);
    const page = await handOverToStore(response.body, '3');
    expect(await page.text()).toContain('Signed in as cashier@demo.test (cashier@demo.test)');
  });

  it('hands a member over to a station shared with them, as their store user', async () => {
    await changeUser(ctx, 'usr_pos_cashier', { user_role: 'other' }, CASHIER);
    const response = await open(`/${appSlug}/3`, CASHIER);
    expect(response.statusCode).toBe(200);
    const { payload } = await verifyHandOff(response.body);
    expect(payload).toMatchObject({ pos_id: '3', wp_user_id: 2, email: 'cashier@demo.test' });
    const [entry] = await feedOf(ctx, 'usr_pos_owner');
    expect(entry?.name).toBe('Cash Ier opened Pickup Window (Roasters)');
  });

  it("carries the owner's Assistant progress while they show the Assistant in POS, to members too", async () => {
    const owner = await verifyHandOff((await open(`/${appSlug}/pos`, OWNER)).body);
    // As the owner's Assistant counts them, once the opening has completed what it completes.
    const tasks = (await call(ctx, 'GET', '/user-tasks', undefined, 'usr_pos_owner')).json().data;
    const progress = { remaining: tasks.leftToComplete, total: tasks.totalAll };
    expect(progress.total).toBeGreaterThan(0);
    expect(owner.payload.assistant).toEqual(progress);
    // A member sees the owner's progress: the toggle and the tasks are the owner's.
    await changeUser(ctx, 'usr_pos_cashier', { user_role: 'other' }, CASHIER);
    const member = await verifyHandOff((await open(`/${appSlug}/3`, CASHIER)).body);
    expect(member.payload.assistant).toEqual(progress);

    const toggle = (on: boolean) =>
      call(ctx, 'PUT', '/user-settings', { showAssistantInPOS: on }, 'usr_pos_owner');
    expect((await toggle(false)).statusCode).toBe(200);
    try {
      const off = await verifyHandOff((await open(`/${appSlug}/pos`, OWNER)).body);
      expect(off.payload).not.toHaveProperty('assistant');
      const offForMember = await verifyHandOff((await open(`/${appSlug}/3`, CASHIER)).body);
      expect(offForMember.payload).not.toHaveProperty('assistant');
    } finally {
      await toggle(true);
    }
  });

  it("records a member's last access on their member row of that application only, not of one refused", async () => {
    // Liam Brooks (store user 4, a cashier) may open the Front Counter (everyone) but not
    // the Espresso Bar (users 1 and 3).
    const liam = asUser('usr_pos_liam', { email: 'liam.brooks@coffee.demo.test', name: 'Liam' });
    await changeUser(ctx, 'usr_pos_liam', { user_role: 'other' }, liam);
    const memberAccess = async () =>
      (
        await ctx.database.db
          .selectFrom('application_members')
          .select('last_access_at')
          .where('application_id', '=', appId)
          .where('wp_user_id', '=', 4)
          .executeTakeFirst()
      )?.last_access_at ?? null;
    const globalAccess = async () =>
      (await ctx.app.repos.users.findBySub('usr_pos_liam'))?.last_access_at ?? null;
    expect(await memberAccess()).toBeNull();
    const refused = await open(`/${appSlug}/espresso-bar`, liam);
    expect(refused.headers.location).toBe(`${DASHBOARD}/access-denied`);
    expect(await memberAccess()).toBeNull();
    const before = new Date().toISOString();
    const entered = await open(`/${appSlug}/pos`, liam);
    expect(entered.statusCode).toBe(200);
    const after = await memberAccess();
    expect(after).not.toBeNull();
    expect(String(after) >= before).toBe(true);
    // The account's global last access (which other stores' managers could once read) stays.
    expect(await globalAccess()).toBeNull();
    // A later write of the member (a role change from the Staff page) keeps it.
    await ctx.app.repos.members.upsertMember(appId, {
      id: 4,
      email: 'liam.brooks@coffee.demo.test',
      name: 'Liam Brooks',
      roles: ['cashier'],
    });
    expect(await memberAccess()).toBe(after);
  });

  it('records the owner opening their own station on their account', async () => {
    const owner = async () =>
      (await ctx.app.repos.users.findBySub('usr_pos_owner'))?.last_access_at ?? null;
    const before = new Date().toISOString();
    const entered = await open(`/${appSlug}/pos`, OWNER);
    expect(entered.statusCode).toBe(200);
    expect(String(await owner()) >= before).toBe(true);
  });

  it('denies a member a station not shared with them: cookie with the error object and redirect', async () => {
    const response = await open(`/${appSlug}/espresso-bar`, CASHIER);
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${DASHBOARD}/access-denied`);
    const { error, attributes } = accessError(response);
    expect(error).toEqual({
      appId,
      wpHome: coffee,
      posId: '2',
      name: 'Access denied',
      text: 'You do not have access to the Espresso Bar station of Roasters.',
    });
    expect(attributes).toEqual(['Max-Age=2', 'Path=/', 'SameSite=Lax']);
  });

  it('denies the owner a station their connected store account may not open', async () => {
    const response = await open(`/${appSlug}/3`, OWNER);
    expect(accessError(response).error).toMatchObject({ name: 'Access denied', posId: '3' });
  });

  it('answers Station not found, naming no store, for unknown addresses and strangers', async () => {
    const expected = {
      appId: '',
      wpHome: '',
      posId: '',
      name: 'Station not found',
      text: 'There is no station at this address, or it is not shared with you.',
    };
    expect(accessError(await open('/no-such-app/pos', OWNER)).error).toEqual(expected);
    expect(accessError(await open(`/${appSlug}/nowhere`, OWNER)).error).toEqual(expected);
    // Station 2 has a custom slug: its id no longer opens it.
    expect(accessError(await open(`/${appSlug}/2`, OWNER)).error).toEqual(expected);
    expect(accessError(await open(`/${appSlug}/9`, OWNER)).error).toEqual(expected);
    const stranger = await open(`/${appSlug}/pos`, asUser('usr_pos_stranger'));
    expect(stranger.headers.location).toBe(`${DASHBOARD}/access-denied`);
    expect(accessError(stranger).error).toEqual(expected);
    // A staff member's address counts only once the account has confirmed it.
    const unconfirmed = asUser('usr_pos_unconfirmed', {
      email: 'cashier@demo.test',
      name: 'Not Cash',
      isVerified: false,
    });
    expect(accessError(await open(`/${appSlug}/pos`, unconfirmed)).error).toEqual(expected);
  });

  it('pauses a banned user', async () => {
    await changeUser(ctx, 'usr_pos_banned', { block: 'block' });
    const response = await open(`/${appSlug}/pos`, asUser('usr_pos_banned'));
    expect(accessError(response).error).toEqual({
      appId: '',
      wpHome: '',
      posId: '',
      name: 'Service is Paused',
      text: 'This account is paused, so its stations cannot be opened.',
    });
  });

  it('tells when the store cannot be reached', async () => {
    const spy = jest
      .spyOn(ctx.access.store, 'stations')
      .mockRejectedValueOnce(new StoreUnreachableError('connect ECONNREFUSED'));
    const response = await open(`/${appSlug}/pos`, OWNER);
    spy.mockRestore();
    expect(accessError(response).error).toEqual({
      appId,
      wpHome: coffee,
      posId: '1',
      name: 'Store unavailable',
      text: `The store at ${new URL(coffee).host} could not be reached`,
    });
  });

  it('denies with Store unavailable, not an error page, when asking the store fails unexpectedly', async () => {
    const spy = jest
      .spyOn(ctx.access.store, 'stations')
      .mockRejectedValueOnce(new TypeError('Cannot read properties of undefined'));
    const response = await open(`/${appSlug}/pos`, OWNER);
    spy.mockRestore();
    expect(response.statusCode).toBe(302);
    expect(response.headers.location).toBe(`${DASHBOARD}/access-denied`);
    expect(accessError(response).error).toEqual({
      appId,
      wpHome: coffee,
      posId: '1',
      name: 'Store unavailable',
      text: 'The store could not be asked about this station.',
    });
  });

  it('cuts a long text in the access-error cookie to 300 characters', async () => {
    const stations = ctx.access.store.stations.bind(ctx.access.store);
    const spy = jest
      .spyOn(ctx.access.store, 'stations')
      .mockImplementationOnce(async (...args) =>
        (await stations(...args)).map((station) => ({ ...station, name: 'N'.repeat(5000) })),
      );
    const response = await open(`/${appSlug}/3`, OWNER);
    spy.mockRestore();
    const { error } = accessError(response);
    expect(error.name).toBe('Access denied');
    expect(Array.from(error.text ?? '')).toHaveLength(300);
    expect(error.text?.startsWith('You do not have access to the NNN')).toBe(true);
    expect(error.text?.endsWith('N…')).toBe(true);
  });

  it('adds one stationOpened entry a minute per user and station, however often it is opened', async () => {
    const opener = asUser('usr_pos_reloader', { email: 'cashier@demo.test', name: 'Re Loader' });
    const openedEntries = async () =>
      (await feedOf(ctx, 'usr_pos_owner')).filter((e) => e.name.startsWith('Re Loader opened'));
    for (let i = 0; i < 3; i += 1) {
      expect((await open(`/${appSlug}/3`, opener)).statusCode).toBe(200);
    }
    expect((await open(`/${appSlug}/pos`, opener)).statusCode).toBe(200);
    expect((await openedEntries()).map((e) => e.name)).toEqual([
      'Re Loader opened Front Counter (Roasters)',
      'Re Loader opened Pickup Window (Roasters)',
    ]);
    // A minute later it counts again.
    await ctx.database.db
      .updateTable('activities')
      .set({ created_at: new Date(Date.now() - 61_000).toISOString() })
      .where('name', 'like', 'Re Loader opened%')
      .execute();
    expect((await open(`/${appSlug}/3`, opener)).statusCode).toBe(200);
    expect(await openedEntries()).toHaveLength(3);
  });

  it('answers a 404 page for an address that is not one', async () => {
    for (const path of ['/Upper/pos', `/${appSlug}/${'a'.repeat(65)}`, `/${appSlug}/a_b`]) {
      const response = await open(path, OWNER);
      expect(response.statusCode).toBe(404);
      expect(response.body).toContain('<h1>Not found</h1>');
    }
  });
});

describe('the POS host JWKS', () => {
  it('publishes the api’s ES256 public key', async () => {
    const response = await ctx.posHost.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(response.statusCode).toBe(200);
    const { keys } = response.json() as { keys: Array<Record<string, string>> };
    expect(keys).toHaveLength(1);
    expect(keys[0]).toMatchObject({
      kty: 'EC',
      crv: 'P-256',
      kid: ctx.signingKey.kid,
      alg: 'ES256',
      use: 'sig',
    });
    expect(keys[0]).not.toHaveProperty('d');
  });
});

describe('the access-error cookie behind a public https address', () => {
  it('is Secure when CLOUD_POS_URL is https, though this listener speaks plain HTTP', async () => {
    const secure = await createTestContext({ env: { CLOUD_POS_URL: 'https://pos.example.com' } });
    try {
      const response = await secure.posHost.inject({
        method: 'GET',
        url: '/no-such-app/pos',
        headers: { cookie: `pos_token=${encodeURIComponent(await secure.provider.sign(OWNER))}` },
      });
      expect(response.headers.location).toBe(`${DASHBOARD}/access-denied`);
      expect(accessError(response).attributes).toEqual([
        'Max-Age=2',
        'Path=/',
        'SameSite=Lax',
        'Secure',
      ]);
    } finally {
      await secure.close();
    }
  });
});

describe('a disconnect and a reconnect (issue 27)', () => {
  it('keep the default and custom addresses the store kept, and they open again', async () => {
    const sub = 'usr_pos_reconnect';
    const claims = asUser(sub);
    const { id } = await connectApplication(ctx, sandbox, coffee, sub, 'Reconnected');
    const slug = (await call(ctx, 'GET', `/applications/${id}`, undefined, sub)).json().data
      .slug as string;
    const setSlug = (stationId: string, stationSlug: string) =>
      call(
        ctx,
        'PUT',
        `/applications/${id}/stations/update-slug`,
        { stationId, stationSlug, stationName: 'Station', oldStationSlug: stationId },
        sub,
      );
    expect((await setSlug('1', 'pos')).statusCode).toBe(200);
    expect((await setSlug('2', 'the-bar')).statusCode).toBe(200);
    expect((await open(`/${slug}/pos`, claims)).body).toContain(
      '<title>Opening Front Counter…</title>',
    );

    const disconnected = await call(ctx, 'PUT', `/applications/${id}`, { deauth: true }, sub);
    expect(disconnected.json().data.isVerifiedAuth).toBe(false);
    const key = await sandbox.mintKey(coffee);
    const reconnected = await call(
      ctx,
      'PUT',
      `/applications/${id}`,
      { consumerKey: key.consumer_key, consumerSecret: key.consumer_secret },
      sub,
    );
    expect(reconnected.json().data.isVerifiedAuth).toBe(true);

    // The dashboard and the store agree again: the store still marks these.
    const stations = (await call(ctx, 'GET', `/applications/${id}/stations`, undefined, sub)).json()
      .list as Array<{ posID: string; cloudStationSlug: string }>;
    expect(stations.map((s) => [s.posID, s.cloudStationSlug])).toEqual(
      expect.arrayContaining([
        ['1', 'pos'],
        ['2', 'the-bar'],
      ]),
    );
    // The addresses in use (the store's Connect screen keeps the default's) open again.
    expect((await open(`/${slug}/pos`, claims)).body).toContain(
      '<title>Opening Front Counter…</title>',
    );
    expect((await open(`/${slug}/the-bar`, claims)).body).toContain(
      '<title>Opening Espresso Bar…</title>',
    );
  });
});
