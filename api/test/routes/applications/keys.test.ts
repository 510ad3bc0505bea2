import type { TestContext } from '../../helpers/app';
import { createTestContext } from '../../helpers/app';
import { call, createApplication, feedOf, rowOf } from '../../helpers/applications';
import type { TestSandbox } from '../../helpers/sandbox';
import { startTestSandbox } from '../../helpers/sandbox';

let ctx: TestContext;
let sandbox: TestSandbox;
let store: string;
beforeAll(async () => {
  [ctx, sandbox] = await Promise.all([createTestContext(), startTestSandbox()]);
  [store] = sandbox.stores;
});
afterAll(async () => {
  await ctx.close();
  await sandbox.close();
});
afterEach(() => sandbox.control(store, 'offline', { offline: false }));

const connect = (id: string, consumerKey: string, consumerSecret: string, sub = 'usr_manager') =>
  call(ctx, 'PUT', `/applications/${id}`, { consumerKey, consumerSecret }, sub);

describe('Connect with keys', () => {
  it('stores good keys encrypted, verifies the application and shows them masked only', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_keys_good');
    const key = await sandbox.mintKey(store);
    const response = await connect(id, key.consumer_key, key.consumer_secret, 'usr_keys_good');
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data).toMatchObject({
      authType: 'keys',
      isVerifiedAuth: true,
      keysFail: { hasError: false, displayError: null },
      wpUser: { id: 1, email: 'owner@coffee.demo.test', name: 'Sam Owner' },
      stationsCount: 3,
    });
    expect(data.consumerKey).toHaveLength(key.consumer_key.length);
    expect(data.consumerKey).toMatch(/^ck_\w\w\*+\w{5}$/);
    expect(response.body).not.toContain(key.consumer_secret);
    expect(response.body).not.toContain(key.consumer_key);

    const row = await rowOf(ctx, id);
    expect(row.is_verified_auth).toBe(1);
    expect(row.consumer_secret_enc).toMatch(/^v1\./);
    expect(JSON.stringify(row)).not.toContain(key.consumer_secret);
    expect(JSON.stringify(row)).not.toContain(key.consumer_key);

    for (const url of ['/applications', `/applications/${id}`]) {
      const body = (await call(ctx, 'GET', url, undefined, 'usr_keys_good')).body;
      expect(body).not.toContain(key.consumer_secret);
      expect(body).not.toContain(key.consumer_key);
    }
    const [entry] = await feedOf(ctx, 'usr_keys_good');
    expect(entry).toMatchObject({
      name: 'Coffee was authorized',
      feedType: 'applicationAuthorized',
    });
  });

  /**
   * Nothing of the application changed but its last failed authorization, which now says why
   * (the "record why the last attempt failed"), with a next step.
   */
  async function expectUnchanged(
    id: string,
    before: Awaited<ReturnType<typeof rowOf>>,
    reason: string,
  ) {
    const { last_auth_failure: failure, ...after } = await rowOf(ctx, id);
    expect({ ...after, last_auth_failure: before.last_auth_failure }).toEqual(before);
    expect(JSON.parse(failure ?? 'null')).toEqual({
      reason,
      message: expect.any(String),
      nextStep: expect.any(String),
      at: expect.any(String),
    });
  }

  it('answers 200 with the unchanged application and the store’s refusal for bad keys', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_keys_bad');
    const before = await rowOf(ctx, id);
    const response = await connect(id, 'ck_unknown', 'cs_unknown', 'usr_keys_bad');
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({
      isVerifiedAuth: false,
      consumerKey: null,
      keysFail: { hasError: true, displayError: 'The store does not know this consumer key.' },
      lastAuthFailure: {
        reason: 'invalid-key',
        message: 'The store does not know this consumer key.',
        nextStep: expect.stringContaining('WooCommerce → Settings → Advanced → REST API'),
      },
    });
    await expectUnchanged(id, before, 'invalid-key');
  });

  it('refuses keys of spaces only with a 400 before asking the store', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_keys_blank');
    const before = await rowOf(ctx, id);
    const response = await connect(id, '   ', ' \t ', 'usr_keys_blank');
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toMatch(/consumerKey/);
    expect(await rowOf(ctx, id)).toEqual(before);
  });

  it('refuses read-only keys', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_keys_read');
    const before = await rowOf(ctx, id);
    const key = await sandbox.mintKey(store, { permissions: 'read' });
    const response = await connect(id, key.consumer_key, key.consumer_secret, 'usr_keys_read');
    expect(response.json().data.keysFail).toEqual({
      hasError: true,
      displayError: 'These keys are read-only. Keys with Read/Write permissions are required.',
    });
    await expectUnchanged(id, before, 'read-only');
  });

  it('refuses keys checked at another name of the store: WooCommerce signs its own home URL', async () => {
    const alias = store.replace('127.0.0.1', 'localhost');
    const id = await createApplication(ctx, alias, 'Coffee', 'usr_keys_alias');
    const before = await rowOf(ctx, id);
    const key = await sandbox.mintKey(store);
    const response = await connect(id, key.consumer_key, key.consumer_secret, 'usr_keys_alias');
    // The site's index names its own address, which the owner can switch to.
    expect(response.json().data.keysFail.displayError).toBe(
      `The store calls itself ${store}, not ${alias}, and WooCommerce checks signatures against its own address.`,
    );
    await expectUnchanged(id, before, 'other-site');
  });

  it('refuses keys that another store does not know', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_keys_foreign');
    const key = await sandbox.mintKey(sandbox.stores[1]);
    const response = await connect(id, key.consumer_key, key.consumer_secret, 'usr_keys_foreign');
    expect(response.json().data.keysFail.displayError).toBe(
      'The store does not know this consumer key.',
    );
  });

  it('says the store could not be reached when it is offline', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_keys_offline');
    const before = await rowOf(ctx, id);
    const key = await sandbox.mintKey(store);
    await sandbox.control(store, 'offline', { offline: true });
    const response = await connect(id, key.consumer_key, key.consumer_secret, 'usr_keys_offline');
    expect(response.statusCode).toBe(200);
    expect(response.json().data.keysFail.displayError).toBe(
      `The store at ${new URL(store).host} could not be reached`,
    );
    await expectUnchanged(id, before, 'unreachable');
  });

  it('disconnects: keys, WordPress user and verification cleared, with the spec’s message', async () => {
    const id = await createApplication(ctx, store, 'Roastery', 'usr_keys_deauth');
    const key = await sandbox.mintKey(store);
    await connect(id, key.consumer_key, key.consumer_secret, 'usr_keys_deauth');
    const response = await call(
      ctx,
      'PUT',
      `/applications/${id}`,
      { deauth: true },
      'usr_keys_deauth',
    );
    expect(response.statusCode).toBe(200);
    const message = 'Roastery application has been disconnected and is no longer authorized.';
    expect(response.json()).toMatchObject({
      message,
      data: { isVerifiedAuth: false, consumerKey: null, consumerSecret: null, wpUser: null },
    });
    const row = await rowOf(ctx, id);
    expect([row.consumer_key_enc, row.consumer_secret_enc, row.wp_user]).toEqual([
      null,
      null,
      null,
    ]);
    const [entry] = await feedOf(ctx, 'usr_keys_deauth');
    expect(entry).toMatchObject({ name: message, feedType: 'applicationDisconnected' });
  });
});

describe('the live store check of the list and the detail', () => {
  let id: string;
  beforeAll(async () => {
    id = await createApplication(ctx, sandbox.stores[1], 'Books', 'usr_live');
    const key = await sandbox.mintKey(sandbox.stores[1]);
    await connect(id, key.consumer_key, key.consumer_secret, 'usr_live');
  });
  afterEach(() => sandbox.control(sandbox.stores[1], 'offline', { offline: false }));

  it('marks an unreachable store’s application unverified with the error, row unchanged', async () => {
    const before = await rowOf(ctx, id);
    await sandbox.control(sandbox.stores[1], 'offline', { offline: true });
    const list = (await call(ctx, 'GET', '/applications', undefined, 'usr_live')).json();
    expect(list.error).toEqual([]);
    expect(list.list[0]).toMatchObject({
      id,
      isVerifiedAuth: false,
      error: { message: `The store at ${new URL(sandbox.stores[1]).host} could not be reached` },
    });
    const detail = (await call(ctx, 'GET', `/applications/${id}`, undefined, 'usr_live')).json();
    expect(detail.data).toMatchObject({ isVerifiedAuth: false, stationsCount: null });
    expect(detail.data.error.message).toContain('could not be reached');
    expect(await rowOf(ctx, id)).toEqual(before);
  });

  it('reports revoked keys with the store’s message, row unchanged', async () => {
    await sandbox.control(sandbox.stores[1], 'offline', { offline: false });
    const fine = (await call(ctx, 'GET', `/applications/${id}`, undefined, 'usr_live')).json();
    expect(fine.data).toMatchObject({ isVerifiedAuth: true, stationsCount: 1 });
    expect(fine.data.error).toBeUndefined();
    const before = await rowOf(ctx, id);
    await sandbox.control(sandbox.stores[1], 'revoke-keys');
    const list = (await call(ctx, 'GET', '/applications', undefined, 'usr_live')).json();
    expect(list.list[0]).toMatchObject({
      isVerifiedAuth: false,
      error: { message: 'The store rejected the stored keys: Consumer key is invalid.' },
    });
    expect(await rowOf(ctx, id)).toEqual(before);
  });
});
