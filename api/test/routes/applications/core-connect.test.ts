import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';
import {
  BASE,
  call,
  changeUser,
  connectApplication,
  createApplication,
  rowOf,
} from '../../helpers/applications';
import type { ControlKey, TestSandbox } from '../../helpers/sandbox';
import { startTestSandbox } from '../../helpers/sandbox';

// A stock WooCommerce store connects through WooCommerce core alone; the Cloud POS plugin is
// looked for, recorded, and its features say so where it is missing. Store 2 of the sandbox
// (Demo Book Nook) has its plugin switched off and on by the tests.

let ctx: TestContext;
let sandbox: TestSandbox;
let coffee: string;
let books: string;
beforeAll(async () => {
  [ctx, sandbox] = await Promise.all([
    createTestContext({ env: { DASHBOARD_ORIGIN: 'http://127.0.0.1:3000' } }),
    startTestSandbox(),
  ]);
  [coffee, books] = sandbox.stores;
});
afterAll(async () => {
  await ctx.close();
  await sandbox.close();
});
beforeEach(() => sandbox.control(books, 'pos-plugin', { active: false }));
afterEach(() => sandbox.control(books, 'pos-plugin', { active: true }));

const connectKeys = (id: string, key: ControlKey, sub: string) =>
  call(
    ctx,
    'PUT',
    `/applications/${id}`,
    { consumerKey: key.consumer_key, consumerSecret: key.consumer_secret },
    sub,
  );

const detailOf = async (id: string, sub: string) =>
  (await call(ctx, 'GET', `/applications/${id}`, undefined, sub)).json().data;

const PLUGIN_MISSING = expect.stringContaining('The Cloud POS plugin is not active on');

/** The key ids the store still has (its test controls). */
const storeKeyIds = async (store: string): Promise<number[]> => {
  const state = (await (await fetch(`${store}/_control/state`)).json()) as {
    keys: Array<{ key_id: number }>;
  };
  return state.keys.map((k) => k.key_id);
};

describe('Connect with Keys on a store without the Cloud POS plugin', () => {
  it('ends Authorized through system_status and the write probe, with the plugin recorded missing', async () => {
    const id = await createApplication(ctx, books, 'Books', 'usr_core_keys');
    const key = await sandbox.mintKey(books);
    const response = await connectKeys(id, key, 'usr_core_keys');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      isVerifiedAuth: true,
      keysFail: { hasError: false, displayError: null },
      status: { code: 'authorized', label: 'Authorized', reason: null },
      posPlugin: { active: false, checkedAt: expect.any(String) },
      lastAuthFailure: null,
      // Only the plugin can tell the key's WordPress user, and count stations.
      wpUser: null,
      stationsCount: null,
    });
    expect(response.json().data.error).toBeUndefined();
    const row = await rowOf(ctx, id);
    expect(row).toMatchObject({ is_verified_auth: 1, pos_plugin_active: 0, wc_version: '10.3.0' });
  });

  it('answers the stations with pluginMissing (no error), and lists them once the plugin is on', async () => {
    const { id } = await connectApplication(ctx, sandbox, books, 'usr_core_st', 'Books');
    const missing = await call(
      ctx,
      'GET',
      `/applications/${id}/stations`,
      undefined,
      'usr_core_st',
    );
    expect(missing.statusCode).toBe(200);
    expect(missing.json()).toMatchObject({ list: [], pluginMissing: true });
    expect((await rowOf(ctx, id)).pos_plugin_active).toBe(0);

    await sandbox.control(books, 'pos-plugin', { active: true });
    const found = await call(ctx, 'GET', `/applications/${id}/stations`, undefined, 'usr_core_st');
    expect(found.json()).toMatchObject({ pluginMissing: false, list: [{ name: 'Checkout' }] });
    expect((await rowOf(ctx, id)).pos_plugin_active).toBe(1);
  });

  it('refreshes the plugin record on each live check of the list and the detail', async () => {
    const { id } = await connectApplication(ctx, sandbox, books, 'usr_core_live', 'Books');
    const before = await detailOf(id, 'usr_core_live');
    expect(before.posPlugin.active).toBe(false);

    await sandbox.control(books, 'pos-plugin', { active: true });
    const list = (await call(ctx, 'GET', '/applications', undefined, 'usr_core_live')).json();
    expect(list.list[0]).toMatchObject({
      status: { code: 'authorized' },
      posPlugin: { active: true },
    });
    const detail = await detailOf(id, 'usr_core_live');
    // With the plugin, the key's WordPress user and the station count come from it.
    expect(detail).toMatchObject({
      posPlugin: { active: true },
      wpUser: { id: 1, email: 'owner@books.demo.test' },
      stationsCount: 1,
    });
    expect(Date.parse(detail.posPlugin.checkedAt)).toBeGreaterThanOrEqual(
      Date.parse(before.posPlugin.checkedAt),
    );
  });

  it('answers the plugin’s other features with 409 ERR_PLUGIN_MISSING and how to get it', async () => {
    const { id } = await connectApplication(ctx, sandbox, books, 'usr_core_409', 'Books');
    const accounts = await call(
      ctx,
      'GET',
      `/applications/${id}/user-accounts?page=1&limit=10`,
      undefined,
      'usr_core_409',
    );
    const invite = await call(
      ctx,
      'POST',
      '/send-invite-email',
      { applicationId: id, wpUserId: 2 },
      'usr_core_409',
    );
    const slug = await call(
      ctx,
      'PUT',
      `/applications/${id}/stations/update-slug`,
      { stationId: '1', stationSlug: 'till', stationName: 'Checkout', oldStationSlug: '1' },
      'usr_core_409',
    );
    for (const answer of [accounts, invite, slug]) {
      expect(answer.statusCode).toBe(409);
      expect(answer.json()).toEqual({
        code: 'ERR_PLUGIN_MISSING',
        message: PLUGIN_MISSING,
      });
      expect(answer.json().message).toContain('/downloads/cloud-pos.zip');
      expect(answer.json().message).toContain(
        'Upload it in WordPress under Plugins → Add New → Upload Plugin, then activate it.',
      );
    }
  });

  it('leaves a member’s store without the plugin out of the shared stations, and counts it', async () => {
    const { id } = await connectApplication(ctx, sandbox, books, 'usr_core_shared_owner', 'Books', {
      shareWith: ['nina.page@books.demo.test'],
    });
    // The members were copied while the plugin was on.
    await sandbox.control(books, 'pos-plugin', { active: true });
    await call(ctx, 'GET', `/applications/${id}/stations`, undefined, 'usr_core_shared_owner');
    const nina = { email: 'nina.page@books.demo.test', name: 'Nina Page' };
    await changeUser(ctx, 'usr_core_nina', { user_role: 'other' }, nina);
    const headers = await ctx.bearer(asUser('usr_core_nina', nina));
    const shared = () => ctx.app.inject({ method: 'GET', url: `${BASE}/shared-stations`, headers });

    const listed = (await shared()).json();
    expect(listed.pluginMissingCount).toBe(0);
    expect(listed.list.map((g: { application: { id: string } }) => g.application.id)).toContain(id);

    await sandbox.control(books, 'pos-plugin', { active: false });
    const left = await shared();
    expect(left.statusCode).toBe(200);
    // Every store that shared stations with her lacks the plugin now (other tests here
    // connected the same store): all are left out and counted.
    expect(left.json()).toEqual({ list: [], pluginMissingCount: listed.list.length });
  });
});

describe('Authorize with Account on a store without the plugin', () => {
  const startAuthorization = async (id: string, sub: string) => {
    const response = await call(
      ctx,
      'PUT',
      `/applications/${id}/auth-status`,
      { authInProgress: true },
      sub,
    );
    const url = new URL(response.json().data.authorizeUrl as string);
    return new URL(url.searchParams.get('callback_url') ?? '').searchParams.get('token') ?? '';
  };
  const postCallback = (token: string, id: string, key: ControlKey, permissions = 'read_write') =>
    ctx.posHost.inject({
      method: 'POST',
      url: `/wc-authorize?token=${encodeURIComponent(token)}`,
      payload: {
        key_id: key.key_id,
        // WooCommerce posts back the app's user_id as a string.
        user_id: id,
        consumer_key: key.consumer_key,
        consumer_secret: key.consumer_secret,
        key_permissions: permissions,
      },
    });

  it('answers WooCommerce exactly 200 and ends Authorized, the account not available', async () => {
    const id = await createApplication(ctx, books, 'Books', 'usr_core_account');
    const token = await startAuthorization(id, 'usr_core_account');
    expect((await detailOf(id, 'usr_core_account')).status.code).toBe('authorizing');
    const response = await postCallback(token, id, await sandbox.mintKey(books));
    expect(response.statusCode).toBe(200);
    expect(await detailOf(id, 'usr_core_account')).toMatchObject({
      authType: 'account',
      isVerifiedAuth: true,
      authInProgress: false,
      status: { code: 'authorized', label: 'Authorized', reason: null },
      posPlugin: { active: false },
      wpUser: null,
      lastAuthFailure: null,
    });
  });

  it('records a refused callback as callback-refused, with the reason and what to do, until a success clears it', async () => {
    const id = await createApplication(ctx, books, 'Books', 'usr_core_refused');
    const first = await startAuthorization(id, 'usr_core_refused');
    const read = await sandbox.mintKey(books, { permissions: 'read' });
    expect((await postCallback(first, id, read, 'read')).statusCode).toBe(400);
    const refused = await detailOf(id, 'usr_core_refused');
    expect(refused).toMatchObject({
      isVerifiedAuth: false,
      authInProgress: false,
      status: { code: 'not-authorized', label: 'Not authorized', reason: null },
      lastAuthFailure: {
        reason: 'callback-refused',
        message:
          'WooCommerce sent the keys, but they were refused: These keys are read-only. Keys with Read/Write permissions are required.',
        nextStep: expect.stringContaining('Authorize with Account'),
        at: expect.any(String),
      },
    });

    const second = await startAuthorization(id, 'usr_core_refused');
    expect((await postCallback(second, id, await sandbox.mintKey(books))).statusCode).toBe(200);
    expect(await detailOf(id, 'usr_core_refused')).toMatchObject({
      status: { code: 'authorized' },
      lastAuthFailure: null,
    });
  });

  it('records the underlying reason when the store refuses the key', async () => {
    const id = await createApplication(ctx, books, 'Books', 'usr_core_badkey');
    const token = await startAuthorization(id, 'usr_core_badkey');
    const bad = { key_id: 77, consumer_key: 'ck_nope', consumer_secret: 'cs_nope' };
    expect((await postCallback(token, id, bad)).statusCode).toBe(400);
    expect((await detailOf(id, 'usr_core_badkey')).lastAuthFailure).toMatchObject({
      reason: 'callback-refused',
      message:
        'WooCommerce sent the keys, but they were refused: The store does not know this consumer key.',
      nextStep: expect.stringContaining('WooCommerce → Settings → Advanced → REST API'),
    });
  });
});

describe('one status everywhere', () => {
  it('shows the same unverified status, with its reason, in the list and the detail', async () => {
    const { id } = await connectApplication(ctx, sandbox, coffee, 'usr_core_one', 'Roasters');
    await sandbox.control(coffee, 'offline', { offline: true });
    try {
      const list = (await call(ctx, 'GET', '/applications', undefined, 'usr_core_one')).json();
      const detail = await detailOf(id, 'usr_core_one');
      const reason = `The store at ${new URL(coffee).host} could not be reached`;
      const status = { code: 'unverified', label: 'Unverified', reason };
      expect(list.list[0].status).toEqual(status);
      expect(detail.status).toEqual(status);
      expect(detail.error).toEqual({ message: reason });
    } finally {
      await sandbox.control(coffee, 'offline', { offline: false });
    }
    expect((await detailOf(id, 'usr_core_one')).status.code).toBe('authorized');
  });
});

describe('disconnect', () => {
  it('tells that the key could not be revoked on a store without the plugin', async () => {
    const { id, key } = await connectApplication(ctx, sandbox, books, 'usr_core_dis', 'Books');
    const response = await call(
      ctx,
      'PUT',
      `/applications/${id}`,
      { deauth: true },
      'usr_core_dis',
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({
      keyRevoked: false,
      data: { isVerifiedAuth: false, status: { code: 'not-authorized' } },
    });
    // The key still works on the store: the owner revokes it there.
    expect(await storeKeyIds(books)).toContain(key.key_id);
  });

  it('revokes the key through the plugin where it is active', async () => {
    await sandbox.control(books, 'pos-plugin', { active: true });
    const { id, key } = await connectApplication(ctx, sandbox, books, 'usr_core_rev', 'Books');
    const response = await call(
      ctx,
      'PUT',
      `/applications/${id}`,
      { deauth: true },
      'usr_core_rev',
    );
    expect(response.json()).toMatchObject({ keyRevoked: true, data: { isVerifiedAuth: false } });
    expect(await storeKeyIds(books)).not.toContain(key.key_id);
  });
});

describe('delete (issue 27: a deleted connection leaves no Read/Write key behind)', () => {
  it('revokes the key through the plugin where it is active, as Disconnect does', async () => {
    await sandbox.control(books, 'pos-plugin', { active: true });
    const { id, key } = await connectApplication(ctx, sandbox, books, 'usr_core_del', 'Books');
    const response = await call(ctx, 'DELETE', `/applications/${id}`, undefined, 'usr_core_del');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ keyRevoked: true });
    expect(await storeKeyIds(books)).not.toContain(key.key_id);
    const again = await call(ctx, 'DELETE', `/applications/${id}`, undefined, 'usr_core_del');
    expect(again.statusCode).toBe(404);
  });

  it('deletes all the same on a store without the plugin, and says the key is still active there', async () => {
    const { id, key } = await connectApplication(ctx, sandbox, books, 'usr_core_del2', 'Books');
    const response = await call(ctx, 'DELETE', `/applications/${id}`, undefined, 'usr_core_del2');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ keyRevoked: false });
    expect(await storeKeyIds(books)).toContain(key.key_id);
    const gone = await call(ctx, 'GET', `/applications/${id}`, undefined, 'usr_core_del2');
    expect(gone.statusCode).toBe(404);
  });

  it('deletes all the same when the store is down, and says the key is still active there', async () => {
    await sandbox.control(books, 'pos-plugin', { active: true });
    const { id, key } = await connectApplication(ctx, sandbox, books, 'usr_core_del3', 'Books');
    await sandbox.control(books, 'offline', { offline: true });
    try {
      const response = await call(ctx, 'DELETE', `/applications/${id}`, undefined, 'usr_core_del3');
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ keyRevoked: false });
    } finally {
      await sandbox.control(books, 'offline', { offline: false });
    }
    expect(await storeKeyIds(books)).toContain(key.key_id);
    expect(
      (await call(ctx, 'GET', `/applications/${id}`, undefined, 'usr_core_del3')).statusCode,
    ).toBe(404);
  });
});

describe('GET /applications/site-check', () => {
  const check = (url: string, sub = 'usr_core_site') =>
    call(ctx, 'GET', `/applications/site-check?url=${encodeURIComponent(url)}`, undefined, sub);

  it('reads the site’s index: its home URL, name and whether it is WooCommerce', async () => {
    const response = await check(coffee);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      url: coffee,
      siteUrl: coffee,
      differs: false,
      isWooCommerce: true,
      name: 'Demo Coffee Roasters',
    });
  });

  it('offers the site’s own address for a localhost alias and for a pasted /wp-admin/ address', async () => {
    const alias = coffee.replace('127.0.0.1', 'localhost');
    expect((await check(alias)).json()).toMatchObject({
      url: alias,
      siteUrl: coffee,
      differs: true,
    });
    expect((await check(`${coffee}/wp-admin/`)).json()).toMatchObject({
      url: `${coffee}/wp-admin`,
      siteUrl: coffee,
      differs: true,
    });
  });

  it('assumes https:// when no scheme is typed, and finds a plain-http site then', async () => {
    const typed = coffee.replace('http://', '');
    expect((await check(typed)).json()).toEqual({
      url: `https://${typed}`,
      siteUrl: coffee,
      differs: true,
      isWooCommerce: true,
      name: 'Demo Coffee Roasters',
    });
  });

  it('says nothing answered for an address without a site, and refuses a broken URL with create’s texts', async () => {
    expect((await check('http://127.0.0.1:9')).json()).toEqual({
      url: 'http://127.0.0.1:9',
      siteUrl: null,
      differs: false,
      isWooCommerce: false,
      name: null,
    });
    const broken = await check('ftp://shop.example');
    expect(broken.statusCode).toBe(400);
    expect(broken.json().message).toBe('The URL must be a full http:// or https:// address');
    const empty = await check('  ');
    expect(empty.statusCode).toBe(400);
    expect(empty.json().message).toBe('The URL is required');
  });

  it('is for managers only', async () => {
    await changeUser(ctx, 'usr_core_site_cashier', { user_role: 'other' });
    expect((await check(coffee, 'usr_core_site_cashier')).statusCode).toBe(403);
  });
});
