import type { TestSandbox } from './helpers';
import { postJson, startTestSandbox } from './helpers';
import { issueKeys, signedFetch, signedUrl } from './storeClient';

let sandbox: TestSandbox;
let coffee: string;
let books: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ storePorts: [0, 0], controls: true });
  [coffee, books] = sandbox.stores.map((store) => store.url) as [string, string];
});

afterAll(() => sandbox.close());

beforeEach(() => Promise.all([coffee, books].map((url) => postJson(`${url}/_control/reset`, {}))));

describe('sandbox stores', () => {
  it('are two demo sites with an admin login each', () => {
    expect(sandbox.stores).toEqual([
      {
        name: 'Demo Coffee Roasters',
        url: expect.stringMatching(/^http:\/\/127\.0\.0\.1:\d+$/),
        adminUsername: 'storeadmin',
        adminPassword: 'demo1234',
      },
      expect.objectContaining({ name: 'Demo Book Nook', adminUsername: 'storeadmin' }),
    ]);
  });

  it('describe themselves at /wp-json/ without authentication', async () => {
    const response = await fetch(`${coffee}/wp-json/`);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({
      name: 'Demo Coffee Roasters',
      description: expect.any(String),
      url: coffee,
      home: coffee,
      namespaces: ['wp/v2', 'wc/v3', 'pos-connect/v1'],
    });
  });

  it('serve a front page titled with the site name and linking to the admin', async () => {
    const html = await (await fetch(`${books}/`)).text();
    expect(html).toContain('<title>Demo Book Nook');
    expect(html).toContain('href="/wp-admin/"');
  });
});

describe('REST authentication over http (one-legged OAuth 1.0a)', () => {
  it('accepts requests signed like the official client, with SHA-256 or SHA-1', async () => {
    const keys = await issueKeys(coffee);
    for (const algorithm of ['HMAC-SHA256', 'HMAC-SHA1'] as const) {
      const url = signedUrl(`${coffee}/wp-json/wc/v3/system_status`, 'GET', keys, { algorithm });
      const response = await fetch(url);
      expect(response.status).toBe(200);
      expect(await response.json()).toEqual({
        environment: { home_url: coffee, site_url: coffee, version: '10.3.0', wp_version: '6.8' },
        settings: { currency: 'USD' },
      });
    }
  });

  it('signs the request query too (a changed parameter breaks the signature)', async () => {
    const keys = await issueKeys(coffee);
    const url = signedUrl(`${coffee}/wp-json/pos-connect/v1/users?page=2&per_page=5`, 'GET', keys);
    expect((await fetch(url)).status).toBe(200);

    const tampered = new URL(
      signedUrl(`${coffee}/wp-json/pos-connect/v1/users?page=1`, 'GET', keys),
    );
    tampered.searchParams.set('page', '2');
    const response = await fetch(tampered);
    expect(response.status).toBe(401);
    expect(await response.json()).toEqual({
      code: 'woocommerce_rest_authentication_error',
      message: 'Invalid signature - provided signature does not match.',
      data: { status: 401 },
    });
  });

  it('refuses a wrong secret, an unknown key and revoked keys', async () => {
    const keys = await issueKeys(coffee);
    const url = `${coffee}/wp-json/wc/v3/system_status`;
    const wrongSecret = await signedFetch(url, { ...keys, consumer_secret: 'cs_wrong' });
    expect(wrongSecret.status).toBe(401);
    expect(wrongSecret.body.message).toBe('Invalid signature - provided signature does not match.');

    const unknown = await signedFetch(url, { ...keys, consumer_key: 'ck_unknown' });
    expect(unknown.body).toEqual({
      code: 'woocommerce_rest_authentication_error',
      message: 'Consumer key is invalid.',
      data: { status: 401 },
    });

    expect((await postJson(`${coffee}/_control/revoke-keys`, {})).status).toBe(200);
    const revoked = await signedFetch(url, keys);
    expect(revoked.status).toBe(401);
    expect(revoked.body.message).toBe('Consumer key is invalid.');
  });

  it('refuses keys of another store', async () => {
    const keys = await issueKeys(coffee);
    const response = await signedFetch(`${books}/wp-json/wc/v3/system_status`, keys);
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('Consumer key is invalid.');
  });

  it('refuses a timestamp more than 15 minutes away', async () => {
    const keys = await issueKeys(coffee);
    const stale = Math.floor(Date.now() / 1000) - 16 * 60;
    const url = signedUrl(`${coffee}/wp-json/wc/v3/system_status`, 'GET', keys, {
      timestamp: stale,
    });
    const response = await fetch(url);
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ message: 'Invalid timestamp.' });

    const keysLater = await issueKeys(coffee);
    const fresh = signedUrl(`${coffee}/wp-json/wc/v3/system_status`, 'GET', keysLater);
    sandbox.advance(16 * 60);
    try {
      expect((await fetch(fresh)).status).toBe(401);
    } finally {
      sandbox.advance(-16 * 60);
    }
  });

  it('refuses a nonce the key already used', async () => {
    const keys = await issueKeys(coffee);
    const url = `${coffee}/wp-json/wc/v3/system_status`;
    expect((await fetch(signedUrl(url, 'GET', keys, { nonce: 'n0nce' }))).status).toBe(200);
    const replay = await fetch(signedUrl(url, 'GET', keys, { nonce: 'n0nce' }));
    expect(replay.status).toBe(401);
    expect(await replay.json()).toMatchObject({
      code: 'woocommerce_rest_authentication_error',
      message: 'Invalid nonce - nonce has already been used.',
    });
  });

  it('ignores Basic auth and query keys over http', async () => {
    const keys = await issueKeys(coffee);
    const basic = Buffer.from(`${keys.consumer_key}:${keys.consumer_secret}`).toString('base64');
    const viaHeader = await fetch(`${coffee}/wp-json/wc/v3/system_status`, {
      headers: { authorization: `Basic ${basic}` },
    });
    const query = new URLSearchParams({
      consumer_key: keys.consumer_key,
      consumer_secret: keys.consumer_secret,
    });
    const viaQuery = await fetch(`${coffee}/wp-json/pos-connect/v1/connection?${query}`);
    for (const response of [viaHeader, viaQuery]) {
      expect(response.status).toBe(401);
      expect(await response.json()).toEqual({
        code: 'woocommerce_rest_cannot_view',
        message: 'Sorry, you cannot list resources.',
        data: { status: 401 },
      });
    }
  });

  it('names missing OAuth parameters', async () => {
    const response = await fetch(
      `${coffee}/wp-json/wc/v3/system_status?oauth_consumer_key=ck_x&oauth_nonce=1`,
    );
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({
      code: 'woocommerce_rest_authentication_missing_parameter',
      message: 'Missing OAuth parameters oauth_timestamp, oauth_signature, oauth_signature_method',
    });
  });

  it('refuses a write with a read-only key', async () => {
    const keys = await issueKeys(coffee, { permissions: 'read' });
    const response = await signedFetch(`${coffee}/wp-json/pos-connect/v1/invitations`, keys, {
      method: 'POST',
      body: { user_id: 3, inviter_name: 'Maya', app_name: 'Coffee', signup_url: 'http://x.test/' },
    });
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('The API key provided does not have write permissions.');
  });

  it('answers unknown REST routes with rest_no_route', async () => {
    const response = await fetch(`${coffee}/wp-json/wc/v3/nothing-here`);
    expect(response.status).toBe(404);
    expect(await response.json()).toMatchObject({ code: 'rest_no_route' });
  });
});

describe('the POS plugin endpoints', () => {
  it('describe the connection: site, key permissions, owner and plugin flag', async () => {
    const keys = await issueKeys(coffee, { user_id: 1 });
    const response = await signedFetch(`${coffee}/wp-json/pos-connect/v1/connection`, keys);
    expect(response.status).toBe(200);
    expect(response.body).toEqual({
      home_url: coffee,
      site_name: 'Demo Coffee Roasters',
      key_permissions: 'read_write',
      user: {
        id: 1,
        username: 'storeadmin',
        email: 'owner@coffee.demo.test',
        name: 'Sam Owner',
        roles: ['administrator'],
      },
      multiple_user_plugin_active: true,
    });
    const other = await signedFetch(
      `${books}/wp-json/pos-connect/v1/connection`,
      await issueKeys(books),
    );
    expect(other.body).toMatchObject({
      site_name: 'Demo Book Nook',
      multiple_user_plugin_active: false,
      user: { email: 'owner@books.demo.test', name: 'Bea Owner' },
    });
  });

  it('page the users with a POS role, ordered by id, with WordPress total headers', async () => {
    const keys = await issueKeys(coffee);
    const first = await signedFetch(
      `${coffee}/wp-json/pos-connect/v1/users?page=1&per_page=10`,
      keys,
    );
    expect(first.status).toBe(200);
    expect(first.headers.get('x-wp-total')).toBe('14');
    expect(first.headers.get('x-wp-totalpages')).toBe('2');
    expect(first.body).toHaveLength(10);
    expect(first.body[1]).toEqual({
      id: 2,
      username: 'cashier',
      email: 'cashier@demo.test',
      name: 'Cash Ier',
      roles: ['cashier'],
    });
    const second = await signedFetch(
      `${coffee}/wp-json/pos-connect/v1/users?page=2&per_page=10`,
      keys,
    );
    const ids = (second.body as Array<{ id: number; roles: string[] }>).map((u) => u.id);
    expect(ids).toEqual([11, 12, 13, 14]);
    const all = [...first.body, ...second.body] as Array<{ roles: string[] }>;
    expect(all.every((u) => !u.roles.includes('customer'))).toBe(true);

    const tooMany = await signedFetch(`${coffee}/wp-json/pos-connect/v1/users?per_page=101`, keys);
    expect(tooMany.status).toBe(400);
    expect(tooMany.body).toMatchObject({ code: 'rest_invalid_param' });
  });

  it('return one user, or 404 rest_user_invalid_id', async () => {
    const keys = await issueKeys(books);
    const found = await signedFetch(`${books}/wp-json/pos-connect/v1/users/2`, keys);
    expect(found.body).toMatchObject({
      id: 2,
      email: 'nina.page@books.demo.test',
      roles: ['cashier'],
    });
    const missing = await signedFetch(`${books}/wp-json/pos-connect/v1/users/99`, keys);
    expect(missing.status).toBe(404);
    expect(missing.body).toMatchObject({ code: 'rest_user_invalid_id', data: { status: 404 } });
  });

  it('send an invitation mail to the store user through the outbox', async () => {
    await fetch(`${sandbox.mailHttpUrl}/messages`, { method: 'DELETE' });
    const keys = await issueKeys(coffee);
    const response = await signedFetch(`${coffee}/wp-json/pos-connect/v1/invitations`, keys, {
      method: 'POST',
      body: {
        user_id: 3,
        inviter_name: 'Maya Manager',
        app_name: 'Demo Coffee Roasters',
        signup_url: 'http://127.0.0.1:3000/signup?invite=abc',
      },
    });
    expect(response.status).toBe(201);
    expect(response.body).toEqual({ message: 'The invitation is sent', user_id: 3 });

    const messages = (await (
      await fetch(`${sandbox.mailHttpUrl}/messages?to=olivia.hart@coffee.demo.test`)
    ).json()) as Array<{ subject: string; text: string }>;
    expect(messages).toHaveLength(1);
    expect(messages[0]?.subject).toBe(
      'Maya Manager invited you to the Demo Coffee Roasters point of sale',
    );
    expect(messages[0]?.text).toContain('http://127.0.0.1:3000/signup?invite=abc');
  });

  it('refuse an invitation for an unknown user or with a bad body', async () => {
    const keys = await issueKeys(coffee);
    const url = `${coffee}/wp-json/pos-connect/v1/invitations`;
    const body = { inviter_name: 'M', app_name: 'A', signup_url: 'https://pos.test/s' };
    const unknown = await signedFetch(url, keys, {
      method: 'POST',
      body: { ...body, user_id: 99 },
    });
    expect(unknown.status).toBe(404);
    const bad = await signedFetch(url, keys, { method: 'POST', body: { ...body, user_id: '3' } });
    expect(bad.status).toBe(400);
    expect(bad.body).toMatchObject({
      code: 'rest_invalid_param',
      message: 'Invalid parameter(s): user_id',
    });
  });
});
