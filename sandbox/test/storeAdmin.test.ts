import type { TestSandbox } from './helpers';
import { postForm, postJson, startTestSandbox } from './helpers';
import { signedFetch } from './storeClient';
import { getPage, logInToStore, nonceIn } from './storeWeb';

const KEYS = '/wp-admin/admin.php?page=wc-settings&tab=advanced&section=keys';

let sandbox: TestSandbox;
let store: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ storePorts: [0], controls: true });
  store = sandbox.stores[0]?.url ?? '';
});
afterAll(() => sandbox.close());
beforeEach(() => postJson(`${store}/_control/reset`, {}));

function inputValue(html: string, id: string): string {
  const match = new RegExp(`id="${id}"[^>]*value="([^"]*)"`).exec(html);
  if (!match?.[1]) throw new Error(`no #${id} in the page`);
  return match[1];
}

describe('store admin login', () => {
  it('sends a logged-out visitor to wp-login.php and back after logging in', async () => {
    const first = await getPage(`${store}${KEYS}`);
    expect(first.status).toBe(302);
    const login = new URL(first.headers.get('location') ?? '', store);
    expect(login.pathname).toBe('/wp-login.php');
    expect(login.searchParams.get('redirect_to')).toBe(KEYS);

    const form = await (await getPage(login.toString())).text();
    expect(form).toContain('<html lang="en">');
    expect(form).toContain('<label for="user_login">Username or Email Address</label>');
    expect(form).toContain('<label for="user_pass">Password</label>');
    expect(form).toContain('Log In</button>');
    expect(form).toContain(`name="redirect_to" value="${KEYS.replace(/&/g, '&amp;')}"`);

    const response = await postForm(`${store}/wp-login.php`, {
      log: 'owner@coffee.demo.test',
      pwd: 'demo1234',
      redirect_to: KEYS,
    });
    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(KEYS);
    expect(response.headers.get('set-cookie')).toMatch(
      /^wordpress_logged_in_[0-9a-f]{32}=[^;]+; Path=\/; HttpOnly; SameSite=Lax/,
    );
  });

  it('refuses a wrong password and never redirects off the site', async () => {
    const wrong = await postForm(`${store}/wp-login.php`, { log: 'storeadmin', pwd: 'x' });
    expect(wrong.status).toBe(200);
    expect(await wrong.text()).toContain('The username or password you entered is incorrect.');
    const offsite = await postForm(`${store}/wp-login.php`, {
      log: 'storeadmin',
      pwd: 'demo1234',
      redirect_to: '//evil.test/',
    });
    expect(offsite.headers.get('location')).toBe('/wp-admin/');
  });

  it('keeps users without WooCommerce rights out of the admin', async () => {
    const cookie = await logInToStore(store, 'cashier');
    const response = await getPage(`${store}/wp-admin/`, cookie);
    expect(response.status).toBe(403);
  });

  it('logs out with the nonce of the admin bar link', async () => {
    const cookie = await logInToStore(store);
    const dashboard = await (await getPage(`${store}/wp-admin/`, cookie)).text();
    const logout = /href="(\/wp-login\.php\?action=logout[^"]+)"/.exec(dashboard)?.[1] ?? '';
    const out = await getPage(`${store}${logout.replace(/&amp;/g, '&')}`, cookie);
    expect(out.headers.get('location')).toBe('/wp-login.php?loggedout=true');
    expect((await getPage(`${store}/wp-admin/`, cookie)).status).toBe(302);
  });
});

describe('store admin screens', () => {
  it('show the dashboard and the users with their roles', async () => {
    const cookie = await logInToStore(store);
    const dashboard = await (await getPage(`${store}/wp-admin/`, cookie)).text();
    expect(dashboard).toContain('Demo Coffee Roasters');
    expect(dashboard).toContain('Howdy, Sam Owner');
    const users = await (await getPage(`${store}/wp-admin/users.php`, cookie)).text();
    expect(users).toContain('cashier@demo.test');
    expect(users).toContain('<td>customer</td>');
    expect(users).toContain('15 users');
  });

  it('create a key once, list it truncated, and revoke it', async () => {
    const cookie = await logInToStore(store);
    const page = await (await getPage(`${store}${KEYS}`, cookie)).text();
    expect(page).toContain('<label for="key_description">Description</label>');
    expect(page).toContain('<label for="key_permissions">Permissions</label>');
    const created = await postForm(
      `${store}${KEYS}`,
      { _wpnonce: nonceIn(page), description: 'Till app', user: '1', permissions: 'read_write' },
      cookie,
    );
    expect(created.status).toBe(200);
    const html = await created.text();
    const keys = {
      consumer_key: inputValue(html, 'key_consumer_key'),
      consumer_secret: inputValue(html, 'key_consumer_secret'),
    };
    expect(keys.consumer_key).toMatch(/^ck_[0-9a-f]{40}$/);
    expect(keys.consumer_secret).toMatch(/^cs_[0-9a-f]{40}$/);
    expect((await signedFetch(`${store}/wp-json/wc/v3/system_status`, keys)).status).toBe(200);

    const listed = await (await getPage(`${store}${KEYS}`, cookie)).text();
    expect(listed).toContain(`…${keys.consumer_key.slice(-7)}`);
    expect(listed).toContain('Read/Write');
    expect(listed).not.toContain(keys.consumer_secret);
    expect(listed).not.toContain('id="key_consumer_key"');

    const keyId = /name="revoke_key" value="(\d+)"/.exec(listed)?.[1] ?? '';
    const revoked = await postForm(
      `${store}${KEYS}`,
      { _wpnonce: nonceIn(listed), revoke_key: keyId },
      cookie,
    );
    expect(revoked.status).toBe(303);
    const after = await signedFetch(`${store}/wp-json/wc/v3/system_status`, keys);
    expect(after.status).toBe(401);
    expect(after.body.message).toBe('Consumer key is invalid.');
  });

  it('refuse a form without its nonce, and a key without a description', async () => {
    const cookie = await logInToStore(store);
    const fields = { description: 'x', user: '1', permissions: 'read' };
    expect((await postForm(`${store}${KEYS}`, fields, cookie)).status).toBe(403);
    const page = await (await getPage(`${store}${KEYS}`, cookie)).text();
    const missing = await postForm(
      `${store}${KEYS}`,
      { ...fields, description: ' ', _wpnonce: nonceIn(page) },
      cookie,
    );
    expect(missing.status).toBe(400);
    expect(await missing.text()).toContain('Description is missing.');
  });
});
