import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { hashToken } from '../../../src/domain/applications/authorization';
import type { TestContext } from '../../helpers/app';
import { createTestContext } from '../../helpers/app';
import { call, createApplication, feedOf, rowOf } from '../../helpers/applications';
import type { ControlKey, TestSandbox } from '../../helpers/sandbox';
import { startTestSandbox } from '../../helpers/sandbox';

let ctx: TestContext;
let sandbox: TestSandbox;
let store: string;
beforeAll(async () => {
  [ctx, sandbox] = await Promise.all([
    createTestContext({ env: { DASHBOARD_ORIGIN: 'http://127.0.0.1:3000' } }),
    startTestSandbox(),
  ]);
  [store] = sandbox.stores;
});
afterAll(async () => {
  await ctx.close();
  await sandbox.close();
});

async function startAuthorization(id: string, sub: string, payload: object = {}) {
  const response = await call(
    ctx,
    'PUT',
    `/applications/${id}/auth-status`,
    { authInProgress: true, ...payload },
    sub,
  );
  expect(response.statusCode).toBe(200);
  const url = new URL(response.json().data.authorizeUrl as string);
  const callback = new URL(url.searchParams.get('callback_url') ?? '');
  return { url, token: callback.searchParams.get('token') ?? '' };
}

const callbackBody = (id: string, key: ControlKey, extra: object = {}) => ({
  key_id: key.key_id,
  user_id: id,
  consumer_key: key.consumer_key,
  consumer_secret: key.consumer_secret,
  key_permissions: 'read_write',
  ...extra,
});

/** The origin of a store's page, as the onboarding popup heard it (`storeOrigin`). */
const originOf = (homeUrl: string) => new URL(homeUrl).origin;

const postCallback = (token: string | null, payload: object) =>
  ctx.posHost.inject({
    method: 'POST',
    url: token === null ? '/wc-authorize' : `/wc-authorize?token=${encodeURIComponent(token)}`,
    payload,
  });

describe('an authorization that has not come back (issue 27)', () => {
  it('names the callback address the store must reach while authorizing, and none otherwise', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_auth_callback');
    const before = await call(ctx, 'GET', `/applications/${id}`, undefined, 'usr_auth_callback');
    expect(before.json().data.authCallbackUrl).toBeNull();
    await startAuthorization(id, 'usr_auth_callback');
    const detail = await call(ctx, 'GET', `/applications/${id}`, undefined, 'usr_auth_callback');
    expect(detail.json().data).toMatchObject({
      authInProgress: true,
      authCallbackUrl: 'https://127.0.0.1:4443/wc-authorize',
    });
    const list = await call(ctx, 'GET', '/applications', undefined, 'usr_auth_callback');
    expect(list.json().list[0].authCallbackUrl).toBe('https://127.0.0.1:4443/wc-authorize');
  });
});

describe('PUT /applications/:id/auth-status', () => {
  it('builds the store’s authorize URL of spec 7 with a one-time token stored only as a hash', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_auth_url');
    const { url, token } = await startAuthorization(id, 'usr_auth_url');
    expect(`${url.origin}${url.pathname}`).toBe(`${store}/wc-auth/v1/authorize`);
    expect(Object.fromEntries(url.searchParams)).toEqual({
      app_name: 'Cloud POS',
      scope: 'read_write',
      user_id: id,
      return_url: `http://127.0.0.1:3000/wc-authorization?applicationId=${id}`,
      callback_url: `https://127.0.0.1:4443/wc-authorize?token=${token}`,
    });
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const row = await rowOf(ctx, id);
    expect(row.auth_token_hash).toBe(hashToken(token));
    expect(JSON.stringify(row)).not.toContain(token);
    const expires = Date.parse(row.auth_token_expires_at ?? '') - Date.now();
    expect(expires).toBeGreaterThan(14 * 60 * 1000);
    expect(expires).toBeLessThanOrEqual(15 * 60 * 1000);
    const detail = await call(ctx, 'GET', `/applications/${id}`, undefined, 'usr_auth_url');
    expect(detail.json().data.authInProgress).toBe(true);
  });

  it('uses the return path given, and a new token replaces the old one', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_auth_return');
    const first = await startAuthorization(id, 'usr_auth_return');
    const second = await startAuthorization(id, 'usr_auth_return', {
      returnPath: '/onboarding?step=2',
    });
    expect(second.url.searchParams.get('return_url')).toBe(
      'http://127.0.0.1:3000/onboarding?step=2',
    );
    expect(second.token).not.toBe(first.token);
    const key = await sandbox.mintKey(store);
    const old = await postCallback(first.token, callbackBody(id, key));
    expect(old.statusCode).toBe(403);
  });

  it('drops the token on false', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_auth_drop');
    const { token } = await startAuthorization(id, 'usr_auth_drop');
    const response = await call(
      ctx,
      'PUT',
      `/applications/${id}/auth-status`,
      { authInProgress: false },
      'usr_auth_drop',
    );
    expect(response.json()).toEqual({ data: { authInProgress: false } });
    expect((await rowOf(ctx, id)).auth_token_hash).toBeNull();
    const key = await sandbox.mintKey(store);
    expect((await postCallback(token, callbackBody(id, key))).statusCode).toBe(403);
  });

  it.each([
    [{ authInProgress: true, returnPath: '//evil.example/x' }],
    [{ authInProgress: true, returnPath: 'https://evil.example' }],
    [{ authInProgress: true, returnPath: '/\\evil.example' }],
    [{ authInProgress: true, returnPath: '/a b' }],
  ])('refuses the return path of %j with 400', async (payload) => {
    const id = await createApplication(
      ctx,
      `https://r${Math.random().toString(36).slice(2)}.example`,
      'R',
      'usr_auth_bad',
    );
    const response = await call(
      ctx,
      'PUT',
      `/applications/${id}/auth-status`,
      payload,
      'usr_auth_bad',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'body/returnPath must be a path on the dashboard starting with one /',
    );
  });

  it('refuses a missing flag with 400, and another manager’s application with 404', async () => {
    const id = await createApplication(ctx, 'https://auth-404.example', 'A', 'usr_auth_owner');
    const missing = await call(ctx, 'PUT', `/applications/${id}/auth-status`, {}, 'usr_auth_owner');
    expect(missing.statusCode).toBe(400);
    expect(missing.json().message).toBe("body must have required property 'authInProgress'");
    const other = await call(
      ctx,
      'PUT',
      `/applications/${id}/auth-status`,
      { authInProgress: true },
      'usr_auth_intruder',
    );
    expect(other.statusCode).toBe(404);
  });
});

describe('POST /wc-authorize (the POS host callback)', () => {
  it('stores the keys only after the store accepted them, then answers 200', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_cb_ok');
    const { token } = await startAuthorization(id, 'usr_cb_ok');
    const key = await sandbox.mintKey(store);
    const response = await postCallback(token, callbackBody(id, key, { user_id: String(id) }));
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ success: true });
    const row = await rowOf(ctx, id);
    expect(row).toMatchObject({
      auth_type: 'account',
      is_verified_auth: 1,
      key_id: key.key_id,
      auth_token_hash: null,
    });
    expect(JSON.stringify(row)).not.toContain(key.consumer_secret);
    expect(JSON.parse(row.wp_user ?? '{}')).toMatchObject({
      id: 1,
      email: 'owner@coffee.demo.test',
    });
    const [entry] = await feedOf(ctx, 'usr_cb_ok');
    expect(entry).toMatchObject({
      name: 'Coffee was authorized',
      feedType: 'applicationAuthorized',
    });
    const detail = (await call(ctx, 'GET', `/applications/${id}`, undefined, 'usr_cb_ok')).json();
    expect(detail.data).toMatchObject({
      isVerifiedAuth: true,
      authInProgress: false,
      stationsCount: 3,
    });

    const reused = await postCallback(token, callbackBody(id, key));
    expect(reused.statusCode).toBe(403);
    expect(reused.json().message).toBe('Invalid or expired authorization token');
  });

  it('refuses a verified application a new authorization with 409', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_cb_twice');
    const { token } = await startAuthorization(id, 'usr_cb_twice');
    await postCallback(token, callbackBody(id, await sandbox.mintKey(store)));
    const again = await call(
      ctx,
      'PUT',
      `/applications/${id}/auth-status`,
      { authInProgress: true },
      'usr_cb_twice',
    );
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('The application is already authorized');
  });

  it.each([
    ['an unknown token', 'not-a-token'],
    ['no token at all', null],
  ])('refuses %s with 403', async (_label, token) => {
    const id = await createApplication(
      ctx,
      `${store}/unknown-${Math.random().toString(36).slice(2)}`,
      'X',
      'usr_cb_unknown',
    );
    const key = await sandbox.mintKey(store);
    const response = await postCallback(token, callbackBody(id, key));
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Invalid or expired authorization token' });
  });

  async function expectNothingStored(id: string) {
    const row = await rowOf(ctx, id);
    expect(row).toMatchObject({
      is_verified_auth: 0,
      consumer_key_enc: null,
      consumer_secret_enc: null,
      wp_user: null,
    });
  }

  it('refuses an expired token with 403', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_cb_expired');
    const { token } = await startAuthorization(id, 'usr_cb_expired');
    await ctx.database.db
      .updateTable('applications')
      .set({ auth_token_expires_at: new Date(Date.now() - 1000).toISOString() })
      .where('id', '=', id)
      .execute();
    const response = await postCallback(token, callbackBody(id, await sandbox.mintKey(store)));
    expect(response.statusCode).toBe(403);
    await expectNothingStored(id);
    const detail = (
      await call(ctx, 'GET', `/applications/${id}`, undefined, 'usr_cb_expired')
    ).json();
    expect(detail.data.authInProgress).toBe(false);
  });

  it('refuses a read scope with 400', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_cb_read');
    const { token } = await startAuthorization(id, 'usr_cb_read');
    const key = await sandbox.mintKey(store, { permissions: 'read' });
    const response = await postCallback(token, callbackBody(id, key, { key_permissions: 'read' }));
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'These keys are read-only. Keys with Read/Write permissions are required.',
    );
    await expectNothingStored(id);
  });

  it('refuses a user_id other than the bound application with 400', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_cb_user');
    const other = await createApplication(ctx, `${store}/other`, 'Other', 'usr_cb_user');
    const { token } = await startAuthorization(id, 'usr_cb_user');
    const key = await sandbox.mintKey(store);
    const response = await postCallback(token, callbackBody(id, key, { user_id: other }));
    expect(response.statusCode).toBe(400);
    await expectNothingStored(id);
    await expectNothingStored(other);
  });

  it('refuses keys the store does not accept with 400, and an unreachable store with 502', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_cb_refused');
    const first = await startAuthorization(id, 'usr_cb_refused');
    const bad = await postCallback(
      first.token,
      callbackBody(id, { key_id: 9, consumer_key: 'ck_bad', consumer_secret: 'cs_bad' }),
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().message).toBe('The store does not know this consumer key.');
    await expectNothingStored(id);

    const second = await startAuthorization(id, 'usr_cb_refused');
    const key = await sandbox.mintKey(store);
    await sandbox.control(store, 'offline', { offline: true });
    try {
      const offline = await postCallback(second.token, callbackBody(id, key));
      expect(offline.statusCode).toBe(502);
    } finally {
      await sandbox.control(store, 'offline', { offline: false });
    }
    await expectNothingStored(id);
  });

  it('refuses a body without the keys with 400', async () => {
    const response = await postCallback('whatever', {
      user_id: 'x',
      key_permissions: 'read_write',
    });
    expect(response.statusCode).toBe(400);
  });

  it('lets exactly one of two simultaneous uses of one token through', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_cb_race');
    const { token } = await startAuthorization(id, 'usr_cb_race');
    const [a, b] = await Promise.all([sandbox.mintKey(store), sandbox.mintKey(store)]);
    const answers = await Promise.all([
      postCallback(token, callbackBody(id, a)),
      postCallback(token, callbackBody(id, b)),
    ]);
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 403]);
    const winner = answers[0]?.statusCode === 200 ? a : b;
    expect((await rowOf(ctx, id)).key_id).toBe(winner.key_id);
  });
});

describe('POST /applications/find-or-create', () => {
  it('creates the application named after the site and starts an authorization', async () => {
    const response = await call(
      ctx,
      'POST',
      '/applications/find-or-create',
      {
        homeUrl: `${sandbox.stores[1]}/`,
        storeOrigin: originOf(sandbox.stores[1]),
        forceValidation: true,
      },
      'usr_foc',
    );
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      name: 'Demo Book Nook',
      homeUrl: sandbox.stores[1],
      authInProgress: true,
      isVerifiedAuth: false,
    });
    expect(data.authorizeUrl).toContain(`${sandbox.stores[1]}/wc-auth/v1/authorize?`);
    const again = await call(
      ctx,
      'POST',
      '/applications/find-or-create',
      { homeUrl: sandbox.stores[1], storeOrigin: originOf(sandbox.stores[1]) },
      'usr_foc',
    );
    expect(again.json().data.id).toBe(data.id);
    const list = (await call(ctx, 'GET', '/applications', undefined, 'usr_foc')).json();
    expect(list.list).toHaveLength(1);
  });

  it('returns a verified application without an authorize URL', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_foc_verified');
    const { token } = await startAuthorization(id, 'usr_foc_verified');
    await postCallback(token, callbackBody(id, await sandbox.mintKey(store)));
    const response = await call(
      ctx,
      'POST',
      '/applications/find-or-create',
      { homeUrl: store, storeOrigin: originOf(store) },
      'usr_foc_verified',
    );
    expect(response.json().data).toMatchObject({ id, isVerifiedAuth: true });
    expect(response.json().data.authorizeUrl).toBeUndefined();
  });

  it('with forceValidation refuses a site that is not WooCommerce or cannot be reached', async () => {
    const server = http.createServer((_request, response) => {
      response
        .writeHead(200, { 'content-type': 'application/json' })
        .end(JSON.stringify({ name: 'Blog', namespaces: ['wp/v2'] }));
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const blog = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const notWoo = await call(
        ctx,
        'POST',
        '/applications/find-or-create',
        { homeUrl: blog, storeOrigin: originOf(blog), forceValidation: true },
        'usr_foc_bad',
      );
      expect(notWoo.statusCode).toBe(400);
      expect(notWoo.json().message).toBe(`The site at ${blog} is not a WooCommerce store`);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
    const gone = await call(
      ctx,
      'POST',
      '/applications/find-or-create',
      { homeUrl: blog, storeOrigin: originOf(blog), forceValidation: true },
      'usr_foc_bad',
    );
    expect(gone.statusCode).toBe(400);
    expect(gone.json().message).toBe(`The site at ${blog} could not be reached`);
    const list = (await call(ctx, 'GET', '/applications', undefined, 'usr_foc_bad')).json();
    expect(list.list).toEqual([]);
  });

  it('with forceValidation calls a site that answers without the WordPress index not WooCommerce', async () => {
    const server = http.createServer((_request, response) => {
      response.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not Found</h1>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const site = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    try {
      const response = await call(
        ctx,
        'POST',
        '/applications/find-or-create',
        { homeUrl: site, storeOrigin: originOf(site), forceValidation: true },
        'usr_foc_plain',
      );
      expect(response.statusCode).toBe(400);
      expect(response.json().message).toBe(`The site at ${site} is not a WooCommerce store`);
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('sends the store back to the return path given (the onboarding popup’s launch confirm)', async () => {
    const response = await call(
      ctx,
      'POST',
      '/applications/find-or-create',
      {
        homeUrl: store,
        storeOrigin: originOf(store),
        forceValidation: true,
        returnPath: '/service-launch-confirm',
      },
      'usr_foc_return',
    );
    expect(response.statusCode).toBe(200);
    const url = new URL(response.json().data.authorizeUrl as string);
    expect(url.searchParams.get('return_url')).toBe('http://127.0.0.1:3000/service-launch-confirm');
    expect(url.searchParams.get('user_id')).toBe(response.json().data.id);
  });

  it.each([
    '//evil.example/x',
    'https://evil.example',
    '/\\evil.example',
    'service-launch-confirm',
  ])('refuses the return path %j with 400 and creates nothing', async (returnPath) => {
    const response = await call(
      ctx,
      'POST',
      '/applications/find-or-create',
      { homeUrl: store, storeOrigin: originOf(store), returnPath },
      'usr_foc_return_bad',
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      'body/returnPath must be a path on the dashboard starting with one /',
    );
    const list = (await call(ctx, 'GET', '/applications', undefined, 'usr_foc_return_bad')).json();
    expect(list.list).toEqual([]);
  });

  it('without forceValidation names an unreachable site after its host', async () => {
    const response = await call(
      ctx,
      'POST',
      '/applications/find-or-create',
      { homeUrl: 'http://127.0.0.1:9', storeOrigin: originOf('http://127.0.0.1:9') },
      'usr_foc_host',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.name).toBe('127.0.0.1:9');
  });
});

describe('POST /applications/find-or-create: bound to the store whose page opened the popup', () => {
  /** A page of another site, which opened the popup for a store it names. */
  const attackerPage = 'http://127.0.0.1:9911';

  const findOrCreate = (body: object, sub: string) =>
    call(ctx, 'POST', '/applications/find-or-create', body, sub);

  /** The caller's applications, as the list answers them. */
  const applicationsOf = async (sub: string) =>
    (await call(ctx, 'GET', '/applications', undefined, sub)).json().list as unknown[];

  it("refuses a store named by another site's page with 403, and creates or authorizes nothing", async () => {
    const books = sandbox.stores[1] as string;
    const response = await findOrCreate(
      { homeUrl: books, storeOrigin: attackerPage, forceValidation: true },
      'usr_bind_foreign',
    );
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      code: 'ERR_STORE_ORIGIN',
      message: `The store at ${books} can only be connected from its own page, not from ${attackerPage}`,
    });
    expect(response.json().data).toBeUndefined();
    expect(await applicationsOf('usr_bind_foreign')).toEqual([]);
  });

  it('refuses another store of the same host (another port) as a foreign page', async () => {
    const [coffee, books] = sandbox.stores as [string, string];
    const response = await findOrCreate(
      { homeUrl: books, storeOrigin: originOf(coffee) },
      'usr_bind_port',
    );
    expect(response.statusCode).toBe(403);
    expect(await applicationsOf('usr_bind_port')).toEqual([]);
  });

  it('does not start an authorization of an existing application for a foreign page', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_bind_existing');
    const response = await findOrCreate(
      { homeUrl: store, storeOrigin: attackerPage },
      'usr_bind_existing',
    );
    expect(response.statusCode).toBe(403);
    const row = await rowOf(ctx, id);
    expect(row.auth_token_hash).toBeNull();
  });

  it('requires the store origin', async () => {
    const response = await findOrCreate({ homeUrl: store }, 'usr_bind_missing');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe("body must have required property 'storeOrigin'");
    expect(await applicationsOf('usr_bind_missing')).toEqual([]);
  });

  it.each([
    'http://127.0.0.1:4201/wp-admin/',
    'http://127.0.0.1:4201?x=1',
    'javascript:alert(1)',
    'null',
    'http://user@127.0.0.1:4201',
  ])('refuses the store origin %j with 400', async (storeOrigin) => {
    const response = await findOrCreate({ homeUrl: store, storeOrigin }, 'usr_bind_format');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toBe(
      "body/storeOrigin must be the origin of the store's page (scheme, host and port, nothing else)",
    );
    expect(await applicationsOf('usr_bind_format')).toEqual([]);
  });

  it("accepts the store's own origin whatever its case or trailing slash", async () => {
    const origin = originOf(store);
    const response = await findOrCreate(
      { homeUrl: store, storeOrigin: `${origin.toUpperCase().replace('HTTP', 'http')}/` },
      'usr_bind_own',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ homeUrl: store, authInProgress: true });
    const url = new URL(response.json().data.authorizeUrl as string);
    expect(url.origin).toBe(origin);
  });
});
