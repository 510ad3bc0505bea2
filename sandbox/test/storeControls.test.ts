import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestSandbox } from './helpers';
import { freePort, postJson, startTestSandbox } from './helpers';
import { issueKeys, signedFetch } from './storeClient';

describe('store test controls', () => {
  let sandbox: TestSandbox;
  let store: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ storePorts: [0], controls: true });
    store = sandbox.stores[0]?.url ?? '';
  });
  afterAll(() => sandbox.close());
  beforeEach(() => postJson(`${store}/_control/reset`, {}));

  const state = async () =>
    (await (await fetch(`${store}/_control/state`)).json()) as {
      offline: boolean;
      keys: unknown[];
      multipleUserPluginActive: boolean;
      posPluginActive: boolean;
    };

  it('take a store offline: every other request loses its connection', async () => {
    expect((await postJson(`${store}/_control/offline`, { offline: true })).status).toBe(200);
    await expect(fetch(`${store}/wp-json/`)).rejects.toThrow();
    expect(await state()).toMatchObject({ offline: true });
    await postJson(`${store}/_control/offline`, { offline: false });
    expect((await fetch(`${store}/wp-json/`)).status).toBe(200);
  });

  it('issue keys, list them without secrets, and revoke them', async () => {
    const keys = await issueKeys(store, { permissions: 'read', user_id: 2 });
    expect(keys).toEqual({
      key_id: expect.any(Number),
      consumer_key: expect.stringMatching(/^ck_[0-9a-f]{40}$/),
      consumer_secret: expect.stringMatching(/^cs_[0-9a-f]{40}$/),
    });
    const listed = await state();
    expect(listed.keys).toEqual([
      {
        key_id: keys.key_id,
        user_id: 2,
        permissions: 'read',
        truncated_key: keys.consumer_key.slice(-7),
        description: expect.any(String),
      },
    ]);
    expect(JSON.stringify(listed)).not.toContain(keys.consumer_secret);
    await postJson(`${store}/_control/revoke-keys`, {});
    expect((await state()).keys).toEqual([]);
  });

  it('flip the multiple-user plugin and the Cloud POS plugin, and reset brings back the seed', async () => {
    await postJson(`${store}/_control/multiple-user-plugin`, { active: false });
    const keys = await issueKeys(store);
    const connection = await signedFetch(`${store}/wp-json/pos-connect/v1/connection`, keys);
    expect(connection.body.multiple_user_plugin_active).toBe(false);
    expect((await postJson(`${store}/_control/pos-plugin`, { active: false })).status).toBe(200);
    expect((await state()).posPluginActive).toBe(false);
    await postJson(`${store}/_control/offline`, { offline: true });
    await postJson(`${store}/_control/reset`, {});
    expect(await state()).toEqual({
      offline: false,
      keys: [],
      multipleUserPluginActive: true,
      posPluginActive: true,
      cloudPosStationUrl: null,
    });
  });

  it('refuse bodies of the wrong shape', async () => {
    expect((await postJson(`${store}/_control/offline`, { offline: 'yes' })).status).toBe(400);
    expect((await postJson(`${store}/_control/keys`, { permissions: 'all' })).status).toBe(400);
    expect((await postJson(`${store}/_control/keys`, { user_id: 99 })).status).toBe(400);
    expect((await postJson(`${store}/_control/multiple-user-plugin`, {})).status).toBe(400);
    expect((await postJson(`${store}/_control/pos-plugin`, { active: 'no' })).status).toBe(400);
  });

  it('do not exist unless enabled', async () => {
    const plain = await startTestSandbox({ storePorts: [0] });
    try {
      const url = plain.stores[0]?.url ?? '';
      expect((await postJson(`${url}/_control/keys`, {})).status).toBe(404);
      expect((await fetch(`${url}/_control/state`)).status).toBe(404);
    } finally {
      await plain.close();
    }
  });
});

describe('store state with a data dir', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sandbox-store-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps keys and the plugin flag across a restart, even on another port', async () => {
    const first = await startTestSandbox({ storePorts: [0, 0], controls: true, dataDir });
    const url = first.stores[1]?.url ?? '';
    const keys = await issueKeys(url);
    await postJson(`${url}/_control/multiple-user-plugin`, { active: true });
    await first.close();

    const saved = await readFile(path.join(dataDir, 'stores', '2.json'), 'utf8');
    expect(saved).not.toContain(keys.consumer_key);

    const port = await freePort();
    const second = await startTestSandbox({ storePorts: [0, port], controls: true, dataDir });
    try {
      const again = second.stores[1]?.url ?? '';
      expect(again).toBe(`http://127.0.0.1:${port}`);
      const connection = await signedFetch(`${again}/wp-json/pos-connect/v1/connection`, keys);
      expect(connection.status).toBe(200);
      expect(connection.body).toMatchObject({
        site_name: 'Demo Book Nook',
        multiple_user_plugin_active: true,
      });
    } finally {
      await second.close();
    }
  });
});
