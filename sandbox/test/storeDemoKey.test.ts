import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestSandbox } from './helpers';
import { postJson, startTestSandbox } from './helpers';
import { signedFetch } from './storeClient';

const DEMO = {
  consumer_key: 'ck_0123456789abcdef0123456789abcdef01234567',
  consumer_secret: 'cs_0123456789abcdef0123456789abcdef01234567',
};
const demoStoreKey = { consumerKey: DEMO.consumer_key, consumerSecret: DEMO.consumer_secret };

interface ControlState {
  keys: Array<{ user_id: number; permissions: string; truncated_key: string }>;
}

async function controlState(home: string): Promise<ControlState> {
  return (await (await fetch(`${home}/_control/state`)).json()) as ControlState;
}

async function connection(home: string) {
  return signedFetch(`${home}/wp-json/pos-connect/v1/connection`, DEMO);
}

describe('the demo store key', () => {
  let sandbox: TestSandbox;
  let coffee: string;
  let books: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ storePorts: [0, 0], controls: true, demoStoreKey });
    [coffee, books] = sandbox.stores.map((store) => store.url) as [string, string];
  });
  afterAll(() => sandbox.close());

  it('opens the first store as its admin with read_write permissions', async () => {
    const { status, body } = await connection(coffee);
    expect(status).toBe(200);
    expect(body).toMatchObject({
      site_name: 'Demo Coffee Roasters',
      key_permissions: 'read_write',
      user: { id: 1, username: 'storeadmin' },
    });
  });

  it('belongs to the first store only', async () => {
    const { status, body } = await connection(books);
    expect(status).toBe(401);
    expect(body.code).toBe('woocommerce_rest_authentication_error');
  });

  it('survives the reset control, and comes back after the keys are revoked', async () => {
    await postJson(`${coffee}/_control/reset`, {});
    expect((await connection(coffee)).status).toBe(200);
    await postJson(`${coffee}/_control/revoke-keys`, {});
    expect((await connection(coffee)).status).toBe(401);
    await postJson(`${coffee}/_control/reset`, {});
    expect((await connection(coffee)).status).toBe(200);
    const state = await controlState(coffee);
    expect(state.keys).toEqual([
      expect.objectContaining({ user_id: 1, permissions: 'read_write', truncated_key: '1234567' }),
    ]);
  });

  it('starts the first store with the slugs the dashboard demo gives its stations', async () => {
    const { body } = await signedFetch(`${coffee}/wp-json/pos-connect/v1/stations`, DEMO);
    expect(
      body.map((s: { cloud_slug: string | null; is_default: boolean }) => [
        s.cloud_slug,
        s.is_default,
      ]),
    ).toEqual([
      ['pos', true],
      ['espresso-bar', false],
      [null, false],
    ]);
  });
});

describe('the demo store key across restarts', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sandbox-demo-key-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('is kept once, and replaced when the configured values change', async () => {
    const first = await startTestSandbox({ storePorts: [0], dataDir, demoStoreKey });
    await first.close();
    const second = await startTestSandbox({
      storePorts: [0],
      dataDir,
      demoStoreKey,
      controls: true,
    });
    const home = second.stores[0]?.url ?? '';
    try {
      expect((await connection(home)).status).toBe(200);
      const state = await controlState(home);
      expect(state.keys).toHaveLength(1);
    } finally {
      await second.close();
    }
    const other = {
      consumerKey: 'ck_ffffffffffffffffffffffffffffffffffffffff',
      consumerSecret: 'cs_ffffffffffffffffffffffffffffffffffffffff',
    };
    const third = await startTestSandbox({
      storePorts: [0],
      dataDir,
      demoStoreKey: other,
      controls: true,
    });
    try {
      const home3 = third.stores[0]?.url ?? '';
      expect((await connection(home3)).status).toBe(401);
      const state = await controlState(home3);
      expect(state.keys).toEqual([expect.objectContaining({ truncated_key: 'fffffff' })]);
    } finally {
      await third.close();
    }
  });
});
