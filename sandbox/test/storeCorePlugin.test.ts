import type { TestSandbox } from './helpers';
import { postForm, postJson, startTestSandbox } from './helpers';
import { issueKeys, signedFetch } from './storeClient';
import { getPage, logInToStore, nonceIn } from './storeWeb';

// What a dashboard connecting a stock WooCommerce store relies on (WooCommerce core only), and
// the Cloud POS plugin switched on and off on the Plugins screen.

let sandbox: TestSandbox;
let store: string;
let garden: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ storePorts: [0, 0, 0], controls: true });
  store = sandbox.stores[0]?.url ?? '';
  garden = sandbox.stores[2]?.url ?? '';
});
afterAll(() => sandbox.close());
beforeEach(async () => {
  await Promise.all([store, garden].map((url) => postJson(`${url}/_control/reset`, {})));
});

const NO_ROUTE = {
  code: 'rest_no_route',
  message: 'No route was found matching the URL and request method.',
  data: { status: 404 },
};

async function index(url: string) {
  return (await fetch(`${url}/wp-json/`)).json() as Promise<{
    home: string;
    namespaces: string[];
  }>;
}

describe('WooCommerce core', () => {
  it('answers system_status with the home URL, site URL and WooCommerce version, trimmed by _fields', async () => {
    const keys = await issueKeys(store);
    const full = await signedFetch(`${store}/wp-json/wc/v3/system_status`, keys);
    expect(full.status).toBe(200);
    expect(full.body.environment).toMatchObject({
      home_url: store,
      site_url: store,
      version: expect.stringMatching(/^\d+\.\d+\.\d+$/),
    });
    expect(full.body.settings).toBeDefined();

    const fields = 'environment.home_url,environment.site_url,environment.version';
    const trimmed = await signedFetch(
      `${store}/wp-json/wc/v3/system_status?_fields=${fields}`,
      keys,
    );
    expect(trimmed.body).toEqual({
      environment: { home_url: store, site_url: store, version: full.body.environment.version },
    });
  });

  it('trims the public index by _fields too, and never an error', async () => {
    const response = await fetch(`${store}/wp-json/?_fields=name,home,namespaces`);
    expect(await response.json()).toEqual({
      name: 'Demo Coffee Roasters',
      home: store,
      namespaces: ['wp/v2', 'wc/v3', 'pos-connect/v1'],
    });
    const error = await fetch(`${store}/wp-json/wc/v3/system_status?_fields=code`);
    expect(await error.json()).toMatchObject({ code: 'woocommerce_rest_cannot_view' });
  });

  it('takes a write probe of empty batch lists from a Read/Write key and changes nothing', async () => {
    const keys = await issueKeys(store);
    const probe = await signedFetch(`${store}/wp-json/wc/v3/webhooks/batch`, keys, {
      method: 'POST',
      body: { create: [], update: [], delete: [] },
    });
    expect(probe).toMatchObject({ status: 200, body: [] });
  });

  it('refuses the write probe of a read-only key with WooCommerce’s own 401', async () => {
    const keys = await issueKeys(store, { permissions: 'read' });
    const probe = await signedFetch(`${store}/wp-json/wc/v3/webhooks/batch`, keys, {
      method: 'POST',
      body: { create: [], update: [], delete: [] },
    });
    expect(probe.status).toBe(401);
    expect(probe.body).toEqual({
      code: 'woocommerce_rest_authentication_error',
      message: 'The API key provided does not have write permissions.',
      data: { status: 401 },
    });
  });

  it('refuses batches over WooCommerce’s limit, and webhooks it does not keep', async () => {
    const keys = await issueKeys(store);
    const many = await signedFetch(`${store}/wp-json/wc/v3/webhooks/batch`, keys, {
      method: 'POST',
      body: { delete: Array.from({ length: 101 }, (_, i) => i + 1) },
    });
    expect(many).toMatchObject({
      status: 413,
      body: { code: 'woocommerce_rest_request_entity_too_large' },
    });
    const one = await signedFetch(`${store}/wp-json/wc/v3/webhooks/batch`, await issueKeys(store), {
      method: 'POST',
      body: { create: [{ topic: 'order.created' }] },
    });
    expect(one.status).toBe(501);
  });
});

describe('the Cloud POS plugin switch', () => {
  it('starts inactive on the third demo store, Demo Garden Supply: no namespace, no routes, no pages', async () => {
    const site = await index(garden);
    expect(site.namespaces).toEqual(['wp/v2', 'wc/v3']);
    const keys = await issueKeys(garden);
    for (const route of ['connection', 'stations', 'users', 'stations/1']) {
      const answer = await signedFetch(`${garden}/wp-json/pos-connect/v1/${route}`, keys);
      expect(answer).toMatchObject({ status: 404, body: NO_ROUTE });
    }
    // WooCommerce core still works with the same key.
    expect((await signedFetch(`${garden}/wp-json/wc/v3/system_status`, keys)).status).toBe(200);
    expect((await getPage(`${garden}/pos/1`)).status).toBe(404);
  });

  it('is switched on and off by the store administrator on the Plugins screen, behind a nonce', async () => {
    const cookie = await logInToStore(garden);
    const screen = await getPage(`${garden}/wp-admin/plugins.php`, cookie);
    expect(screen.status).toBe(200);
    const html = await screen.text();
    expect(html).toContain('Cloud POS');
    expect(html).toContain('Activate Cloud POS');
    expect(html).not.toContain('POS Stations</a>');

    const forged = await postForm(
      `${garden}/wp-admin/plugins.php`,
      { action: 'activate', plugin: 'cloud-pos/cloud-pos.php', _wpnonce: 'forged' },
      cookie,
    );
    expect(forged.status).toBe(403);
    expect((await index(garden)).namespaces).not.toContain('pos-connect/v1');

    const activated = await postForm(
      `${garden}/wp-admin/plugins.php`,
      { action: 'activate', plugin: 'cloud-pos/cloud-pos.php', _wpnonce: nonceIn(html) },
      cookie,
    );
    expect(activated.status).toBe(303);
    expect(activated.headers.get('location')).toBe('/wp-admin/plugins.php?done=activate');
    expect((await index(garden)).namespaces).toContain('pos-connect/v1');
    const stations = await signedFetch(
      `${garden}/wp-json/pos-connect/v1/stations`,
      await issueKeys(garden),
    );
    expect(stations.body.map((s: { name: string }) => s.name)).toEqual([
      'Greenhouse Till',
      'Outdoor Market',
    ]);
    const after = await (
      await getPage(`${garden}/wp-admin/plugins.php?done=activate`, cookie)
    ).text();
    expect(after).toContain('Plugin activated.');
    expect(after).toContain('POS Stations</a>');

    const deactivated = await postForm(
      `${garden}/wp-admin/plugins.php`,
      { action: 'deactivate', plugin: 'cloud-pos/cloud-pos.php', _wpnonce: nonceIn(after) },
      cookie,
    );
    expect(deactivated.status).toBe(303);
    expect((await index(garden)).namespaces).not.toContain('pos-connect/v1');
    const list = await getPage(`${garden}/wp-admin/edit.php?post_type=pos_station`, cookie);
    expect(list.status).toBe(404);
    expect(await list.text()).toContain('Invalid post type.');
  });

  it('lets only administrators manage plugins (a shop manager may not)', async () => {
    const manager = await logInToStore(store, 'olivia.hart');
    expect((await getPage(`${store}/wp-admin/plugins.php`, manager)).status).toBe(403);
    const anonymous = await getPage(`${store}/wp-admin/plugins.php`);
    expect(anonymous.status).toBe(302);
  });

  it('revokes the key that signed DELETE pos-connect/v1/connection, only while it is active', async () => {
    const keys = await issueKeys(store);
    const revoked = await signedFetch(`${store}/wp-json/pos-connect/v1/connection`, keys, {
      method: 'DELETE',
    });
    expect(revoked).toMatchObject({ status: 200, body: { revoked: true } });
    const after = await signedFetch(`${store}/wp-json/wc/v3/system_status`, keys);
    expect(after).toMatchObject({ status: 401, body: { message: 'Consumer key is invalid.' } });

    const kept = await issueKeys(garden);
    const missing = await signedFetch(`${garden}/wp-json/pos-connect/v1/connection`, kept, {
      method: 'DELETE',
    });
    expect(missing).toMatchObject({ status: 404, body: NO_ROUTE });
    expect((await signedFetch(`${garden}/wp-json/wc/v3/system_status`, kept)).status).toBe(200);
  });

  it('goes back to the seed on reset', async () => {
    await postJson(`${store}/_control/pos-plugin`, { active: false });
    expect((await index(store)).namespaces).not.toContain('pos-connect/v1');
    await postJson(`${store}/_control/reset`, {});
    expect((await index(store)).namespaces).toContain('pos-connect/v1');
  });
});
