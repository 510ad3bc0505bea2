import { generateKeyPair } from 'jose';
import type { TestSandbox } from './helpers';
import { postForm, postJson, startTestSandbox } from './helpers';
import type { FakePosHost } from './posHandoff';
import { startFakePosHost } from './posHandoff';
import { getPage } from './storeWeb';

let posHost: FakePosHost;
let sandbox: TestSandbox;
let coffee: string;
let books: string;

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
beforeEach(() => Promise.all([coffee, books].map((url) => postJson(`${url}/_control/reset`, {}))));

/** The `name=value` of the station session cookie in a response. */
function stationCookie(response: Response): string {
  const match = /(pos_station_session=[^;]+)/.exec(response.headers.get('set-cookie') ?? '');
  if (!match?.[1]) throw new Error('no station session cookie');
  return match[1];
}

function handOff(home: string, posId: number, token: string) {
  return postForm(`${home}/pos/${posId}`, { token });
}

describe('the station hand-off (POST /pos/{pos_id})', () => {
  it('signs the person in with a valid token and shows the register', async () => {
    const response = await handOff(coffee, 1, await posHost.token(coffee));
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/pos/1');
    expect(response.headers.get('set-cookie')).toMatch(
      /^pos_station_session=[^;]+; Path=\/pos\/1; HttpOnly; SameSite=Lax/,
    );
    // The same session for the register's calls, scoped to its routes, sent by its page only.
    expect(response.headers.getSetCookie()[1]).toMatch(
      /^pos_register_session=[^;]+; Path=\/wp-json\/pos-connect\/v1\/register\/1; HttpOnly; SameSite=Strict/,
    );

    const page = await getPage(`${coffee}/pos/1`, stationCookie(response));
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('<title>Front Counter · Demo Coffee Roasters</title>');
    expect(html).toContain('<h1>Front Counter</h1>');
    expect(html).toContain('Signed in as Maya Manager (manager@demo.test)');
    expect(html).toContain('Store user: Sam Owner');
    // The register application takes over below the bar: its config names the station's
    // register routes and the session's CSRF token; its scripts are the store's own files.
    const config = /data-config="([^"]+)"/.exec(html)?.[1]?.replace(/&quot;/g, '"');
    expect(JSON.parse(config ?? '{}')).toEqual({
      posId: 1,
      restBase: '/wp-json/pos-connect/v1/register/1',
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
    });
    expect(page.headers.get('content-security-policy')).toContain(
      "script-src 'self'; connect-src 'self'",
    );
  });

  it('accepts the audience with a trailing slash, as a stored home URL may have it', async () => {
    const response = await handOff(coffee, 1, await posHost.token(`${coffee}/`));
    expect(response.status).toBe(303);
  });

  it('refuses a token used before', async () => {
    const token = await posHost.token(coffee);
    expect((await handOff(coffee, 1, token)).status).toBe(303);
    const again = await handOff(coffee, 1, token);
    expect(again.status).toBe(403);
    expect(again.headers.get('set-cookie')).toBeNull();
    expect(await again.text()).toContain('The sign-in token was already used.');
  });

  it.each([
    ['for another store', async () => posHost.token(books), 'meant for another store'],
    [
      'expired',
      async () => posHost.token(coffee, {}, { iat: Math.floor(Date.now() / 1000) - 120 }),
      'The sign-in token has expired.',
    ],
    ['for another station', async () => posHost.token(coffee, { pos_id: '2' }), 'another station'],
    [
      'from another issuer',
      async () => posHost.token(coffee, {}, { issuer: 'someone-else' }),
      'not issued by the cloud POS',
    ],
    [
      'signed with another key',
      async () => posHost.token(coffee, {}, { key: (await generateKeyPair('ES256')).privateKey }),
      'The sign-in token is not valid.',
    ],
    [
      'without a store user',
      async () => posHost.token(coffee, { wp_user_id: '1' }),
      'The sign-in token is not valid.',
    ],
    ['missing', async () => '', 'The sign-in token is missing.'],
  ])('refuses a token %s with 403 and the reason', async (_case, makeToken, reason) => {
    const response = await handOff(coffee, 1, await makeToken());
    expect(response.status).toBe(403);
    expect(response.headers.get('set-cookie')).toBeNull();
    const html = await response.text();
    expect(html).toContain('<h1>Access denied</h1>');
    expect(html).toContain(reason);
  });

  it('lets in only the store users a station is shared with', async () => {
    // Pickup Window: users [2]; Espresso Bar: users [1, 3].
    const owner = await handOff(coffee, 3, await posHost.token(coffee, { pos_id: '3' }));
    expect(owner.status).toBe(403);
    expect(await owner.text()).toContain('You do not have access to the Pickup Window station.');

    const cashierAtBar = await handOff(
      coffee,
      2,
      await posHost.token(coffee, { pos_id: '2', wp_user_id: 2 }),
    );
    expect(cashierAtBar.status).toBe(403);

    const cashier = await handOff(
      coffee,
      3,
      await posHost.token(coffee, {
        pos_id: '3',
        wp_user_id: 2,
        name: 'Cash Ier',
        email: 'cashier@demo.test',
      }),
    );
    expect(cashier.status).toBe(303);
    const html = await (await getPage(`${coffee}/pos/3`, stationCookie(cashier))).text();
    expect(html).toContain('Signed in as Cash Ier (cashier@demo.test)');
  });

  it('refuses a store user without a POS role even on a station open to all', async () => {
    const customer = await handOff(coffee, 1, await posHost.token(coffee, { wp_user_id: 15 }));
    expect(customer.status).toBe(403);
  });

  it('answers the not-found page for a station the store does not have', async () => {
    const response = await handOff(coffee, 9, await posHost.token(coffee, { pos_id: '9' }));
    expect(response.status).toBe(404);
  });
});

describe('the station POS page (GET /pos/{pos_id})', () => {
  it('asks to sign in through the cloud POS address without a session', async () => {
    const response = await getPage(`${books}/pos/1`);
    expect(response.status).toBe(401);
    const html = await response.text();
    expect(html).toContain('<html lang="en">');
    expect(html).toContain('<h1>Sign in required</h1>');
    expect(html).toContain('Open this station from its cloud POS address.');
  });

  it('keeps a session to its own station', async () => {
    const signedIn = await handOff(coffee, 1, await posHost.token(coffee));
    const response = await getPage(`${coffee}/pos/2`, stationCookie(signedIn));
    expect(response.status).toBe(401);
  });

  it('signs out with the Sign out button', async () => {
    const signedIn = await handOff(books, 1, await posHost.token(books));
    const cookie = stationCookie(signedIn);
    const html = await (await getPage(`${books}/pos/1`, cookie)).text();
    expect(html).toContain('<title>Checkout · Demo Book Nook</title>');
    expect(html).toContain('action="/pos/1/sign-out"');
    const out = await postForm(`${books}/pos/1/sign-out`, {}, cookie);
    expect(out.status).toBe(303);
    expect(out.headers.get('set-cookie')).toMatch(
      /^pos_station_session=; Path=\/pos\/1;.*Max-Age=0/,
    );
    expect((await getPage(`${books}/pos/1`, cookie)).status).toBe(401);
  });
});

describe('the station hand-off without the cloud POS keys', () => {
  it('answers 503 when the JWKS cannot be fetched', async () => {
    const lonely = await startTestSandbox({
      storePorts: [0],
      posJwks: 'http://127.0.0.1:9/.well-known/jwks.json',
    });
    try {
      const home = lonely.stores[0]?.url ?? '';
      const response = await handOff(home, 1, await posHost.token(home));
      expect(response.status).toBe(503);
      expect(await response.text()).toContain('the cloud POS keys are unavailable');
    } finally {
      await lonely.close();
    }
  });
});
