import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import { createServer } from 'node:https';
import type { Server } from 'node:https';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { generate } from 'selfsigned';
import type { TestSandbox } from './helpers';
import { postForm, postJson, startTestSandbox } from './helpers';
import { signedFetch } from './storeClient';
import { getPage, nonceIn, storeCookie } from './storeWeb';

interface Received {
  contentType: string | undefined;
  body: unknown;
}

/** A stand-in for the api's POS host: https with a self-signed certificate for 127.0.0.1. */
async function startCallbackServer() {
  const pems = await generate([{ name: 'commonName', value: '127.0.0.1' }], {
    keySize: 2048,
    algorithm: 'sha256',
    extensions: [
      { name: 'basicConstraints', cA: true },
      {
        name: 'subjectAltName',
        altNames: [
          { type: 7, ip: '127.0.0.1' },
          { type: 2, value: 'localhost' },
        ],
      },
    ],
  });
  const received: Received[] = [];
  let status = 200;
  const server: Server = createServer(
    { key: pems.private, cert: pems.cert },
    (req: IncomingMessage, res) => {
      let text = '';
      req.setEncoding('utf8');
      req.on('data', (chunk: string) => (text += chunk));
      req.on('end', () => {
        received.push({ contentType: req.headers['content-type'], body: JSON.parse(text) });
        res.writeHead(status, { 'content-type': 'application/json' }).end('{}');
      });
    },
  );
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  return {
    cert: pems.cert,
    url: `https://127.0.0.1:${port}`,
    received,
    answer(next: number) {
      status = next;
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

let sandbox: TestSandbox;
let store: string;
let callback: Awaited<ReturnType<typeof startCallbackServer>>;
let caDir: string;
let caFile: string;

beforeAll(async () => {
  callback = await startCallbackServer();
  caDir = await mkdtemp(path.join(tmpdir(), 'sandbox-ca-'));
  caFile = path.join(caDir, 'pos-host.crt');
  sandbox = await startTestSandbox({ storePorts: [0], controls: true, storeCallbackCa: caFile });
  store = sandbox.stores[0]?.url ?? '';
});

afterEach(() => jest.restoreAllMocks());

afterAll(async () => {
  await sandbox.close();
  await callback.close();
  await rm(caDir, { recursive: true, force: true });
});

beforeEach(async () => {
  // A failed callback is logged on purpose; keep the test output readable.
  jest.spyOn(console, 'error').mockImplementation(() => undefined);
  // Written after the sandbox started: the store reads the CA at each callback.
  await writeFile(caFile, callback.cert);
  callback.received.length = 0;
  callback.answer(200);
  await postJson(`${store}/_control/reset`, {});
});

const RETURN_URL = 'http://127.0.0.1:3000/wc-authorization?applicationId=app_42';

function authorizeQuery(overrides: Record<string, string | null> = {}): string {
  const params: Record<string, string | null> = {
    app_name: 'Cloud POS',
    scope: 'read_write',
    user_id: 'app_42',
    return_url: RETURN_URL,
    callback_url: `${callback.url}/wc-authorize?token=t0k3n`,
    ...overrides,
  };
  const query = new URLSearchParams();
  for (const [name, value] of Object.entries(params)) if (value !== null) query.set(name, value);
  return query.toString();
}

/** Goes through the wc-auth login the way a browser does and lands on the approve page. */
async function loginAndOpenApprovePage(query = authorizeQuery()) {
  const first = await getPage(`${store}/wc-auth/v1/authorize?${query}`);
  expect(first.status).toBe(302);
  expect(first.headers.get('location')).toBe(`/wc-auth/v1/login?${query}`);
  const loginForm = await (await getPage(`${store}/wc-auth/v1/login?${query}`)).text();
  expect(loginForm).toContain('Username or Email Address');
  const login = await postForm(`${store}/wc-auth/v1/login?${query}`, {
    log: 'storeadmin',
    pwd: 'demo1234',
  });
  expect(login.status).toBe(302);
  expect(login.headers.get('location')).toBe(`/wc-auth/v1/authorize?${query}`);
  const cookie = storeCookie(login);
  const page = await getPage(`${store}/wc-auth/v1/authorize?${query}`, cookie);
  expect(page.status).toBe(200);
  return { cookie, html: await page.text(), query };
}

const keysOnStore = async () =>
  ((await (await fetch(`${store}/_control/state`)).json()) as { keys: unknown[] }).keys;

describe('wc-auth authorize', () => {
  it('asks a logged-out browser to log in, then shows the approve page', async () => {
    const { html } = await loginAndOpenApprovePage();
    expect(html).toContain('Cloud POS would like to connect to your store');
    expect(html).toContain('View and manage orders and sales reports');
    expect(html).toContain('Logged in as Sam Owner');
    expect(html).toMatch(/<button type="submit">Approve<\/button>/);
    expect(html).toContain(
      `href="/wc-auth/v1/access_denied?${authorizeQuery().replace(/&/g, '&amp;')}"`,
    );
  });

  it('keeps a wrong password on the login form', async () => {
    const query = authorizeQuery();
    const response = await postForm(`${store}/wc-auth/v1/login?${query}`, {
      log: 'storeadmin',
      pwd: 'nope',
    });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('The username or password you entered is incorrect.');
  });

  it('on approve, POSTs the key as JSON to the callback, then returns with success=1', async () => {
    const { cookie, html, query } = await loginAndOpenApprovePage();
    const response = await postForm(
      `${store}/wc-auth/v1/access_granted?${query}`,
      { _wpnonce: nonceIn(html) },
      cookie,
    );
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(`${location.origin}${location.pathname}`).toBe('http://127.0.0.1:3000/wc-authorization');
    expect(Object.fromEntries(location.searchParams)).toEqual({
      applicationId: 'app_42',
      success: '1',
      user_id: 'app_42',
    });

    expect(callback.received).toHaveLength(1);
    const [call] = callback.received;
    expect(call?.contentType).toMatch(/^application\/json/);
    expect(call?.body).toEqual({
      key_id: expect.any(Number),
      user_id: 'app_42',
      consumer_key: expect.stringMatching(/^ck_[0-9a-f]{40}$/),
      consumer_secret: expect.stringMatching(/^cs_[0-9a-f]{40}$/),
      key_permissions: 'read_write',
    });
    const keys = call?.body as { consumer_key: string; consumer_secret: string };
    const connection = await signedFetch(`${store}/wp-json/pos-connect/v1/connection`, keys);
    expect(connection.status).toBe(200);
    expect(connection.body).toMatchObject({
      key_permissions: 'read_write',
      user: { username: 'storeadmin' },
    });
    expect(await keysOnStore()).toEqual([
      expect.objectContaining({
        description: expect.stringMatching(/^Cloud POS - API \(\d{4}-\d\d-\d\d \d\d:\d\d:\d\d\)$/),
      }),
    ]);
  });

  it('deletes the key and shows an error when the callback does not answer 200', async () => {
    callback.answer(500);
    const { cookie, html, query } = await loginAndOpenApprovePage();
    const response = await postForm(
      `${store}/wc-auth/v1/access_granted?${query}`,
      { _wpnonce: nonceIn(html) },
      cookie,
    );
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(
      'An error occurred in the request and at the time were unable to send the consumer data',
    );
    expect(callback.received).toHaveLength(1);
    expect(await keysOnStore()).toEqual([]);
    const keys = callback.received[0]?.body as { consumer_key: string; consumer_secret: string };
    expect((await signedFetch(`${store}/wp-json/wc/v3/system_status`, keys)).status).toBe(401);
  });

  it('trusts only the configured certificate for the callback', async () => {
    const other = await generate([{ name: 'commonName', value: '127.0.0.1' }], { keySize: 2048 });
    await writeFile(caFile, other.cert);
    const { cookie, html, query } = await loginAndOpenApprovePage();
    const response = await postForm(
      `${store}/wc-auth/v1/access_granted?${query}`,
      { _wpnonce: nonceIn(html) },
      cookie,
    );
    expect(response.status).toBe(400);
    expect(callback.received).toHaveLength(0);
    expect(await keysOnStore()).toEqual([]);
  });

  it('refuses an approval without the form nonce', async () => {
    const { cookie, query } = await loginAndOpenApprovePage();
    const response = await postForm(
      `${store}/wc-auth/v1/access_granted?${query}`,
      { _wpnonce: 'forged' },
      cookie,
    );
    expect(response.status).toBe(403);
    expect(callback.received).toHaveLength(0);
    expect(await keysOnStore()).toEqual([]);
  });

  it('on deny, returns with success=0 and creates nothing', async () => {
    const { cookie, query } = await loginAndOpenApprovePage();
    const response = await getPage(`${store}/wc-auth/v1/access_denied?${query}`, cookie);
    expect(response.status).toBe(302);
    const location = new URL(response.headers.get('location') ?? '');
    expect(location.searchParams.get('success')).toBe('0');
    expect(location.searchParams.get('user_id')).toBe('app_42');
    expect(callback.received).toHaveLength(0);
    expect(await keysOnStore()).toEqual([]);
  });

  it('answers 400 naming a missing or invalid parameter, before any login', async () => {
    const cases: Array<[Record<string, string | null>, string]> = [
      [{ scope: 'read_write2' }, 'Invalid scope read_write2'],
      [
        { callback_url: 'http://127.0.0.1:4443/wc-authorize?token=x' },
        'The callback_url needs to be over SSL',
      ],
      [{ app_name: null }, 'Missing parameter app_name'],
      [{ return_url: 'not a url' }, 'The return_url is not a valid URL'],
    ];
    for (const [overrides, message] of cases) {
      const response = await getPage(`${store}/wc-auth/v1/authorize?${authorizeQuery(overrides)}`);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      expect(html).toContain('<html lang="en">');
    }
  });
});
