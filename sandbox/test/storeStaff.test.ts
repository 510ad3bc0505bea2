import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestSandbox } from './helpers';
import { postForm, postJson, startTestSandbox } from './helpers';
import type { FakePosHost } from './posHandoff';
import { startFakePosHost } from './posHandoff';
import { issueKeys, signedFetch } from './storeClient';
import { getPage, logInToStore, nonceIn } from './storeWeb';

// The store side of Staff in the sandbox: the users live in the store's state, so what the
// POS plugin's staff routes change shows everywhere the store reads its users (wp-admin, the
// station access screen, the hand-off, the register), survives a restart and goes on reset.
// The routes' wire answers themselves are the contract's (contract/posConnect.contract.ts).

let posHost: FakePosHost;
let sandbox: TestSandbox;
let coffee: string;
let books: string;
let keys: { consumer_key: string; consumer_secret: string };

beforeAll(async () => {
  posHost = await startFakePosHost();
  sandbox = await startTestSandbox({
    storePorts: [0, 0],
    controls: true,
    posJwks: posHost.jwksUrl,
  });
  [coffee, books] = sandbox.stores.map((store) => store.url) as [string, string];
});
afterAll(async () => {
  await sandbox.close();
  await posHost.close();
});
beforeEach(async () => {
  await Promise.all([coffee, books].map((url) => postJson(`${url}/_control/reset`, {})));
  keys = await issueKeys(coffee);
});

const rest = (path: string, init: { method?: string; body?: unknown } = {}) =>
  signedFetch(`${coffee}/wp-json/pos-connect/v1/${path}`, keys, init);

async function posUsers(home = coffee): Promise<Array<{ id: number; roles: string[] }>> {
  const { body } = await signedFetch(
    `${home}/wp-json/pos-connect/v1/users?per_page=100`,
    await issueKeys(home),
  );
  return body;
}

async function stationUsers(posId: number): Promise<number[] | null | undefined> {
  const { body } = await rest('stations');
  return (body as Array<{ pos_id: number; users: number[] | null }>).find(
    (station) => station.pos_id === posId,
  )?.users;
}

function handOff(posId: number, wpUserId: number) {
  return posHost
    .token(coffee, { pos_id: String(posId), wp_user_id: wpUserId })
    .then((token) => postForm(`${coffee}/pos/${posId}`, { token }));
}

function stationCookie(response: Response): string {
  const match = /(pos_station_session=[^;]+)/.exec(response.headers.get('set-cookie') ?? '');
  if (!match?.[1]) throw new Error('no station session cookie');
  return match[1];
}

describe('staff created through the POS plugin', () => {
  it('is a store user everywhere: wp-admin, the station access screen and the stations', async () => {
    const created = await rest('users', {
      method: 'POST',
      body: { name: 'Rita Roaster', email: 'rita@coffee.demo.test', role: 'cashier' },
    });
    // Its login is the email's local part; its id comes after the 15 seeded users'.
    expect(created).toMatchObject({ status: 201, body: { username: 'rita', roles: ['cashier'] } });
    const id: number = created.body.id;
    expect(id).toBeGreaterThan(15);

    const cookie = await logInToStore(coffee);
    const users = await (await getPage(`${coffee}/wp-admin/users.php`, cookie)).text();
    expect(users).toContain('rita@coffee.demo.test');
    expect(users).toContain('16 users');
    expect((await rest(`users/${id}`)).body).toEqual(created.body);
    const access = await (
      await getPage(`${coffee}/wp-admin/users.php?pos_station=2`, cookie)
    ).text();
    expect(access).toContain('Rita Roaster (rita@coffee.demo.test)');

    // Front Counter is open to every POS user: the new cashier opens it at once.
    const opened = await handOff(1, id);
    expect(opened.status).toBe(303);
    const register = await getPage(`${coffee}/pos/1`, stationCookie(opened));
    expect(register.status).toBe(200);
    // Espresso Bar is shared with users 1 and 3 only.
    expect((await handOff(2, id)).status).toBe(403);
  });

  it('gets a new POS role; a customer given one becomes a POS user', async () => {
    const kiosk = await rest('users/4', { method: 'PUT', body: { role: 'kiosk' } });
    expect(kiosk).toMatchObject({ status: 200, body: { id: 4, roles: ['kiosk'] } });
    // Carl Customer (15) keeps his customer role beside the new one.
    const carl = await rest('users/15', { method: 'PUT', body: { role: 'cashier' } });
    expect(carl.body.roles).toEqual(['customer', 'cashier']);
    expect((await posUsers()).map((user) => user.id)).toContain(15);
    expect((await handOff(1, 15)).status).toBe(303);
  });

  it('loses POS access: the roles, the station lists and an open register', async () => {
    // Olivia Hart (3) may open Espresso Bar (users [1, 3]) and has its register open.
    const opened = await handOff(2, 3);
    expect(opened.status).toBe(303);
    const session = stationCookie(opened);
    expect((await getPage(`${coffee}/pos/2`, session)).status).toBe(200);

    const removed = await rest('users/3/pos-access', { method: 'DELETE' });
    expect(removed).toMatchObject({
      status: 200,
      body: { removed: true, user: { id: 3, roles: ['customer'] } },
    });
    expect(await stationUsers(2)).toEqual([1]);
    expect(await stationUsers(1)).toBeNull();
    expect((await posUsers()).map((user) => user.id)).not.toContain(3);
    // The register she had open ends; she cannot open a station again.
    expect((await getPage(`${coffee}/pos/2`, session)).status).toBe(403);
    expect((await handOff(1, 3)).status).toBe(403);
    // A shop manager no longer: no wp-admin either.
    const login = await postForm(`${coffee}/wp-login.php`, {
      log: 'olivia.hart',
      pwd: 'demo1234',
      redirect_to: '/wp-admin/',
    });
    expect(login.status).toBe(302);
    const cookie = /(wordpress_logged_in_[0-9a-f]+=[^;]*)/.exec(
      login.headers.get('set-cookie') ?? '',
    )?.[1];
    expect((await getPage(`${coffee}/wp-admin/`, cookie)).status).not.toBe(200);
  });

  it('makes logins unique under concurrent creations, and ids never come back after a reset', async () => {
    const answers = await Promise.all(
      Array.from({ length: 6 }, (_, n) =>
        rest('users', {
          method: 'POST',
          body: { name: `Sam ${n}`, email: `sam@shop${n}.demo.test`, role: 'kiosk' },
        }),
      ),
    );
    expect(answers.map((answer) => answer.status)).toEqual([201, 201, 201, 201, 201, 201]);
    expect(answers.map((answer) => answer.body.username).sort()).toEqual([
      'sam',
      'sam-2',
      'sam-3',
      'sam-4',
      'sam-5',
      'sam-6',
    ]);
    const ids: number[] = answers.map((answer) => answer.body.id).sort((a, b) => a - b);
    const first = ids[0] ?? 0;
    expect(first).toBeGreaterThan(15);
    expect(ids).toEqual([0, 1, 2, 3, 4, 5].map((n) => first + n));

    await postJson(`${coffee}/_control/reset`, {});
    keys = await issueKeys(coffee);
    // Back to the seed: the new users are gone, the seeded ones as they were.
    expect(await posUsers()).toHaveLength(14);
    expect((await rest(`users/${first}`)).status).toBe(404);
    const next = await rest('users', {
      method: 'POST',
      body: { name: 'Sam Again', email: 'sam@shop0.demo.test', role: 'kiosk' },
    });
    // Ids keep growing, as WordPress's auto-increment does.
    expect(next.body).toMatchObject({ id: first + 6, username: 'sam' });
  });

  it('keeps every store to its own users', async () => {
    await rest('users', {
      method: 'POST',
      body: { name: 'Nina Page', email: 'nina.page@books.demo.test', role: 'cashier' },
    });
    const nook = await posUsers(books);
    expect(nook.map((user) => user.id)).toEqual([1, 2, 3]);
  });
});

describe('Cloud POS Staff on the Plugins screen', () => {
  async function connectionFlag(home: string): Promise<boolean> {
    const { body } = await signedFetch(
      `${home}/wp-json/pos-connect/v1/connection`,
      await issueKeys(home),
    );
    return body.multiple_user_plugin_active;
  }

  it('is active on Demo Coffee Roasters and inactive on Demo Book Nook from the start', async () => {
    expect(await connectionFlag(coffee)).toBe(true);
    expect(await connectionFlag(books)).toBe(false);
    const cookie = await logInToStore(books);
    const html = await (await getPage(`${books}/wp-admin/plugins.php`, cookie)).text();
    expect(html).toContain('<strong>Cloud POS Staff</strong>');
    expect(html).toContain('aria-label="Activate Cloud POS Staff"');
    expect(html).toContain('aria-label="Deactivate Cloud POS"');
  });

  it('is activated and deactivated behind a nonce, switching multiple_user_plugin_active', async () => {
    const cookie = await logInToStore(books);
    const screen = await (await getPage(`${books}/wp-admin/plugins.php`, cookie)).text();
    const plugin = 'cloud-pos-staff/cloud-pos-staff.php';
    // Each row has its own nonce: the Cloud POS row's does not activate the add-on.
    const nonces = [...screen.matchAll(/name="_wpnonce" value="([^"]+)"/g)].map((m) => m[1]);
    expect(nonces).toHaveLength(2);
    const [posNonce, staffNonce] = nonces as [string, string];
    const wrong = await postForm(
      `${books}/wp-admin/plugins.php`,
      { action: 'activate', plugin, _wpnonce: posNonce },
      cookie,
    );
    expect(wrong.status).toBe(403);
    expect(await connectionFlag(books)).toBe(false);

    const activated = await postForm(
      `${books}/wp-admin/plugins.php`,
      { action: 'activate', plugin, _wpnonce: staffNonce },
      cookie,
    );
    expect(activated.status).toBe(303);
    expect(activated.headers.get('location')).toBe('/wp-admin/plugins.php?done=activate');
    expect(await connectionFlag(books)).toBe(true);
    const after = await (
      await getPage(`${books}/wp-admin/plugins.php?done=activate`, cookie)
    ).text();
    expect(after).toContain('Plugin activated.');
    expect(after).toContain('aria-label="Deactivate Cloud POS Staff"');
    // The Cloud POS plugin itself is untouched.
    expect(after).toContain('aria-label="Deactivate Cloud POS"');

    await postForm(
      `${books}/wp-admin/plugins.php`,
      { action: 'deactivate', plugin, _wpnonce: nonceIn(after.split('Cloud POS Staff')[1] ?? '') },
      cookie,
    );
    expect(await connectionFlag(books)).toBe(false);

    await postJson(`${books}/_control/multiple-user-plugin`, { active: true });
    await postJson(`${books}/_control/reset`, {});
    expect(await connectionFlag(books)).toBe(false);
  });
});

describe('store users with a data dir', () => {
  let dataDir: string;
  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sandbox-staff-'));
  });
  afterEach(() => rm(dataDir, { recursive: true, force: true }));

  it('keep created users and role changes across a restart', async () => {
    const first = await startTestSandbox({ storePorts: [0], controls: true, dataDir });
    const home = first.stores[0]?.url ?? '';
    const owner = await issueKeys(home);
    await signedFetch(`${home}/wp-json/pos-connect/v1/users`, owner, {
      method: 'POST',
      body: { name: 'Rita Roaster', email: 'rita@coffee.demo.test', role: 'cashier' },
    });
    await signedFetch(`${home}/wp-json/pos-connect/v1/users/3/pos-access`, owner, {
      method: 'DELETE',
    });
    await first.close();

    const second = await startTestSandbox({ storePorts: [0], controls: true, dataDir });
    try {
      const again = second.stores[0]?.url ?? '';
      const keys = await issueKeys(again);
      const rita = await signedFetch(`${again}/wp-json/pos-connect/v1/users/16`, keys);
      expect(rita.body).toMatchObject({ username: 'rita', roles: ['cashier'] });
      const olivia = await signedFetch(`${again}/wp-json/pos-connect/v1/users/3`, keys);
      expect(olivia.body.roles).toEqual(['customer']);
      const created = await signedFetch(`${again}/wp-json/pos-connect/v1/users`, keys, {
        method: 'POST',
        body: { name: 'Rita Two', email: 'rita@elsewhere.demo.test', role: 'cashier' },
      });
      expect(created.body).toMatchObject({ id: 17, username: 'rita-2' });
    } finally {
      await second.close();
    }
  });

  it('start from the seed when the state file predates users', async () => {
    const first = await startTestSandbox({ storePorts: [0], controls: true, dataDir });
    const home = first.stores[0]?.url ?? '';
    await signedFetch(`${home}/wp-json/pos-connect/v1/users`, await issueKeys(home), {
      method: 'POST',
      body: { name: 'Rita Roaster', email: 'rita@coffee.demo.test', role: 'cashier' },
    });
    await first.close();
    const file = path.join(dataDir, 'stores', '1.json');
    const saved = JSON.parse(await readFile(file, 'utf8')) as Record<string, unknown>;
    expect(saved.users).toHaveLength(16);
    delete saved.users;
    delete saved.nextUserId;
    await writeFile(file, JSON.stringify(saved));

    const second = await startTestSandbox({ storePorts: [0], controls: true, dataDir });
    try {
      const again = second.stores[0]?.url ?? '';
      const users = await posUsers(again);
      expect(users).toHaveLength(14);
      expect(users.map((user) => user.id)).not.toContain(16);
    } finally {
      await second.close();
    }
  });
});
