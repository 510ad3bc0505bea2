import type { TestSandbox } from './helpers';
import { postJson, startTestSandbox } from './helpers';
import { issueKeys, signedFetch } from './storeClient';

let sandbox: TestSandbox;
let coffee: string;
let books: string;

beforeAll(async () => {
  sandbox = await startTestSandbox({ storePorts: [0, 0], controls: true });
  [coffee, books] = sandbox.stores.map((store) => store.url) as [string, string];
});
afterAll(() => sandbox.close());
beforeEach(() => Promise.all([coffee, books].map((url) => postJson(`${url}/_control/reset`, {}))));

const stationsUrl = (home: string, suffix = '') =>
  `${home}/wp-json/pos-connect/v1/stations${suffix}`;

describe('GET pos-connect/v1/stations', () => {
  it('lists the seeded stations with their page, slug, default flag, users and settings', async () => {
    const { status, body } = await signedFetch(stationsUrl(coffee), await issueKeys(coffee));
    expect(status).toBe(200);
    expect(body).toEqual([
      {
        pos_id: 1,
        name: 'Front Counter',
        url: `${coffee}/pos/1`,
        cloud_slug: null,
        is_default: false,
        users: null,
        settings: expect.objectContaining({ receipt_header: 'Demo Coffee Roasters' }),
      },
      expect.objectContaining({ pos_id: 2, name: 'Espresso Bar', users: [1, 3] }),
      expect.objectContaining({ pos_id: 3, name: 'Pickup Window', users: [2] }),
    ]);
    expect(body[0].settings).toMatchObject({ tax_display: 'excl', currency: 'USD' });
  });

  it('lists the one Checkout station of the second store, open to every POS user', async () => {
    const { body } = await signedFetch(stationsUrl(books), await issueKeys(books));
    expect(body).toEqual([
      expect.objectContaining({ pos_id: 1, name: 'Checkout', url: `${books}/pos/1`, users: null }),
    ]);
  });

  it('refuses an unsigned request', async () => {
    const response = await fetch(stationsUrl(coffee));
    expect(response.status).toBe(401);
    expect(await response.json()).toMatchObject({ code: 'woocommerce_rest_cannot_view' });
  });
});

describe('PUT pos-connect/v1/stations/{pos_id}', () => {
  it('stores the slug and default flag and answers the station', async () => {
    const keys = await issueKeys(coffee);
    const response = await signedFetch(stationsUrl(coffee, '/2'), keys, {
      method: 'PUT',
      body: { cloud_slug: 'espresso-bar', is_default: false },
    });
    expect(response.status).toBe(200);
    expect(response.body).toEqual(
      expect.objectContaining({
        pos_id: 2,
        name: 'Espresso Bar',
        url: `${coffee}/pos/2`,
        cloud_slug: 'espresso-bar',
        is_default: false,
        users: [1, 3],
      }),
    );
    const listed = await signedFetch(stationsUrl(coffee), keys);
    expect(listed.body[1]).toMatchObject({ cloud_slug: 'espresso-bar', is_default: false });
  });

  it('keeps one default station: a new default clears the previous one', async () => {
    const keys = await issueKeys(coffee);
    const put = (id: number, body: object) =>
      signedFetch(stationsUrl(coffee, `/${id}`), keys, { method: 'PUT', body });
    await put(1, { cloud_slug: 'pos', is_default: true });
    await put(1, { cloud_slug: '1', is_default: false });
    await put(3, { cloud_slug: 'pos', is_default: true });
    const { body } = await signedFetch(stationsUrl(coffee), keys);
    expect(body.map((s: { is_default: boolean }) => s.is_default)).toEqual([false, false, true]);
    expect(body[0].cloud_slug).toBe('1');
  });

  it('answers 404 pos_station_not_found for a station the store does not have', async () => {
    const response = await signedFetch(stationsUrl(coffee, '/9'), await issueKeys(coffee), {
      method: 'PUT',
      body: { cloud_slug: 'nine', is_default: false },
    });
    expect(response.status).toBe(404);
    expect(response.body).toEqual({
      code: 'pos_station_not_found',
      message: 'Station not found.',
      data: { status: 404 },
    });
  });

  it.each([
    [{ cloud_slug: 'Front Desk', is_default: false }, 'cloud_slug'],
    [{ cloud_slug: 'a'.repeat(65) }, 'cloud_slug'],
    [{ cloud_slug: 7 }, 'cloud_slug'],
    [{ is_default: 'yes' }, 'is_default'],
    [{}, 'cloud_slug'],
    [[1], 'cloud_slug'],
  ])('answers 400 rest_invalid_param for the bad body %j', async (body, param) => {
    const response = await signedFetch(stationsUrl(coffee, '/1'), await issueKeys(coffee), {
      method: 'PUT',
      body,
    });
    expect(response.status).toBe(400);
    expect(response.body).toMatchObject({
      code: 'rest_invalid_param',
      data: { status: 400, params: { [param]: expect.any(String) } },
    });
  });

  it('needs a key with write permission', async () => {
    const response = await signedFetch(
      stationsUrl(coffee, '/1'),
      await issueKeys(coffee, { permissions: 'read' }),
      { method: 'PUT', body: { cloud_slug: 'front' } },
    );
    expect(response.status).toBe(401);
    expect(response.body.message).toBe('The API key provided does not have write permissions.');
  });

  it('is undone by the reset control', async () => {
    const keys = await issueKeys(coffee);
    await signedFetch(stationsUrl(coffee, '/1'), keys, {
      method: 'PUT',
      body: { cloud_slug: 'front' },
    });
    await postJson(`${coffee}/_control/reset`, {});
    const { body } = await signedFetch(stationsUrl(coffee), await issueKeys(coffee));
    expect(body[0].cloud_slug).toBeNull();
  });
});
