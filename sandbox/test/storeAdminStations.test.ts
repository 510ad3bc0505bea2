import type { TestSandbox } from './helpers';
import { postForm, postJson, startTestSandbox } from './helpers';
import type { FakePosHost } from './posHandoff';
import { startFakePosHost } from './posHandoff';
import { issueKeys, signedFetch } from './storeClient';
import { getPage, logInToStore, nonceIn } from './storeWeb';

const LIST = '/wp-admin/edit.php?post_type=pos_station';
const access = (posId: number) => `/wp-admin/users.php?pos_station=${posId}`;

let posHost: FakePosHost;
let sandbox: TestSandbox;
let store: string;
let cookie: string;

beforeAll(async () => {
  posHost = await startFakePosHost();
  sandbox = await startTestSandbox({ storePorts: [0], controls: true, posJwks: posHost.jwksUrl });
  store = sandbox.stores[0]?.url ?? '';
});
afterAll(async () => {
  await sandbox.close();
  await posHost.close();
});
beforeEach(async () => {
  await postJson(`${store}/_control/reset`, {});
  cookie = await logInToStore(store);
});

async function restStations(): Promise<Array<{ pos_id: number; users: number[] | null }>> {
  const { body } = await signedFetch(
    `${store}/wp-json/pos-connect/v1/stations`,
    await issueKeys(store),
  );
  return body;
}

/** The nonce of one row's Delete form. */
function deleteNonce(html: string, posId: number): string {
  const match = new RegExp(
    `name="post" value="${posId}">\\s*<input type="hidden" name="_wpnonce" value="([^"]+)"`,
  ).exec(html);
  if (!match?.[1]) throw new Error(`no delete form for station ${posId}`);
  return match[1];
}

describe('the POS Stations list in wp-admin', () => {
  it('needs the store admin login', async () => {
    const response = await getPage(`${store}${LIST}`);
    expect(response.status).toBe(302);
    expect(
      new URL(response.headers.get('location') ?? '', store).searchParams.get('redirect_to'),
    ).toBe(LIST);
  });

  it('is linked from the dashboard and the menu', async () => {
    const html = await (await getPage(`${store}/wp-admin/`, cookie)).text();
    expect(html).toContain('href="/wp-admin/edit.php?post_type=pos_station">POS Stations</a>');
  });

  it('lists every station with its slug, default flag, access and actions', async () => {
    const response = await getPage(`${store}${LIST}`, cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>POS Stations</h1>');
    for (const column of ['Name', 'POS ID', 'Cloud POS URL slug', 'Default', 'Access']) {
      expect(html).toContain(`<th scope="col">${column}</th>`);
    }
    expect(html).toContain('<td>Front Counter</td>');
    expect(html).toContain('<td>All POS users</td>');
    expect(html).toContain('<td>Sam Owner, Olivia Hart</td>');
    expect(html).toContain('<td>Cash Ier</td>');
    expect(html).toContain(
      `href="${access(3)}" aria-label="Edit access to Pickup Window">Edit access</a>`,
    );
    expect(html).toContain('aria-label="Delete Espresso Bar">Delete</button>');
  });

  it('shows the slug and default the dashboard stored', async () => {
    await signedFetch(`${store}/wp-json/pos-connect/v1/stations/2`, await issueKeys(store), {
      method: 'PUT',
      body: { cloud_slug: 'pos', is_default: true },
    });
    const html = await (await getPage(`${store}${LIST}`, cookie)).text();
    expect(html).toMatch(
      /<td>Espresso Bar<\/td>\s*<td>2<\/td>\s*<td><code>pos<\/code><\/td>\s*<td>Yes<\/td>/,
    );
  });

  it('deletes a station with Delete, removing it from the POS plugin', async () => {
    const html = await (await getPage(`${store}${LIST}`, cookie)).text();
    const response = await postForm(
      `${store}${LIST}`,
      { action: 'delete', post: '2', _wpnonce: deleteNonce(html, 2) },
      cookie,
    );
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${LIST}&deleted=1`);
    const after = await (await getPage(`${store}${LIST}&deleted=1`, cookie)).text();
    expect(after).toContain('1 station permanently deleted.');
    expect(after).not.toContain('Espresso Bar');
    expect((await restStations()).map((s) => s.pos_id)).toEqual([1, 3]);
  });

  it('refuses a Delete without the right nonce', async () => {
    const html = await (await getPage(`${store}${LIST}`, cookie)).text();
    for (const nonce of ['', 'forged', deleteNonce(html, 1)]) {
      const response = await postForm(
        `${store}${LIST}`,
        { action: 'delete', post: '2', _wpnonce: nonce },
        cookie,
      );
      expect(response.status).toBe(403);
      expect(await response.text()).toContain('The link you followed has expired.');
    }
    expect((await restStations()).map((s) => s.pos_id)).toEqual([1, 2, 3]);
  });
});

describe('the station access screen in wp-admin', () => {
  it('shows who may open the station, one labelled checkbox per POS user', async () => {
    const html = await (await getPage(`${store}${access(2)}`, cookie)).text();
    expect(html).toContain('<h1>Station access: Espresso Bar</h1>');
    expect(html).toContain('<label for="all_users">All POS users</label>');
    expect(html).not.toMatch(/id="all_users"[^>]*checked/);
    expect(html).toMatch(/id="pos_user_1"[^>]*checked/);
    expect(html).toMatch(/id="pos_user_3"[^>]*checked/);
    expect(html).not.toMatch(/id="pos_user_2"[^>]*checked/);
    expect(html).toContain('<label for="pos_user_2">Cash Ier (cashier@demo.test)</label>');
    // Customers are no POS users.
    expect(html).not.toContain('Carl Customer');
  });

  it('saves the chosen users, and All POS users', async () => {
    const html = await (await getPage(`${store}${access(2)}`, cookie)).text();
    const nonce = nonceIn(html);
    const body = new URLSearchParams([
      ['_wpnonce', nonce],
      ['users', '2'],
      ['users', '3'],
      ['users', '15'],
    ]);
    const response = await fetch(`${store}${access(2)}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: body.toString(),
    });
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe(`${access(2)}&updated=1`);
    expect((await restStations())[1]?.users).toEqual([2, 3]);
    const updated = await (await getPage(`${store}${access(2)}&updated=1`, cookie)).text();
    expect(updated).toContain('Station access updated.');

    await postForm(`${store}${access(2)}`, { _wpnonce: nonce, all_users: '1' }, cookie);
    expect((await restStations())[1]?.users).toBeNull();
  });

  it('refuses a save without the station nonce', async () => {
    const otherStation = nonceIn(await (await getPage(`${store}${access(1)}`, cookie)).text());
    for (const nonce of ['', otherStation]) {
      const response = await postForm(
        `${store}${access(3)}`,
        { _wpnonce: nonce, all_users: '1' },
        cookie,
      );
      expect(response.status).toBe(403);
    }
    expect((await restStations())[2]?.users).toEqual([2]);
  });

  it('sharing a station lets the cashier in; taking access away closes an open register', async () => {
    const cashierToken = () =>
      posHost.token(store, {
        pos_id: '2',
        wp_user_id: 2,
        name: 'Cash Ier',
        email: 'cashier@demo.test',
      });
    expect((await postForm(`${store}/pos/2`, { token: await cashierToken() })).status).toBe(403);

    const nonce = nonceIn(await (await getPage(`${store}${access(2)}`, cookie)).text());
    await postForm(`${store}${access(2)}`, { _wpnonce: nonce, users: '2' }, cookie);
    const signedIn = await postForm(`${store}/pos/2`, { token: await cashierToken() });
    expect(signedIn.status).toBe(303);
    const session =
      /(pos_station_session=[^;]+)/.exec(signedIn.headers.get('set-cookie') ?? '')?.[1] ?? '';
    expect((await getPage(`${store}/pos/2`, session)).status).toBe(200);

    await postForm(`${store}${access(2)}`, { _wpnonce: nonce, users: '3' }, cookie);
    const closed = await getPage(`${store}/pos/2`, session);
    expect(closed.status).toBe(403);
    expect(await closed.text()).toContain('You do not have access to the Espresso Bar station.');
  });
});
