import fs from 'node:fs';
import http from 'node:http';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { loadOrCreatePosHostTls } from '../../src/services/pos-host-tls';
import type { StoreClient } from '../../src/services/store-client';
import {
  createStoreClient,
  StoreHttpError,
  StoreUnreachableError,
} from '../../src/services/store-client';
import type { TestSandbox } from '../helpers/sandbox';
import { startTestSandbox } from '../helpers/sandbox';

const listen = (server: http.Server | https.Server) =>
  new Promise<number>((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
  );
const close = (server: http.Server | https.Server) =>
  new Promise<void>((resolve) => server.close(() => resolve()));

describe('store client against the sandbox store (OAuth 1.0a over http)', () => {
  let sandbox: TestSandbox;
  let client: StoreClient;
  beforeAll(async () => {
    sandbox = await startTestSandbox();
    client = createStoreClient({ timeoutMs: 3000, allowPrivateHosts: true });
  });
  afterAll(() => sandbox.close());

  it('reads the connection, users and stations with a signed key', async () => {
    const [store] = sandbox.stores;
    const key = await sandbox.mintKey(store);
    const credentials = { consumerKey: key.consumer_key, consumerSecret: key.consumer_secret };
    const connection = await client.connection(store, credentials);
    expect(connection).toMatchObject({
      homeUrl: store,
      keyPermissions: 'read_write',
      multipleUserPluginActive: true,
      user: { id: 1, username: 'storeadmin', email: 'owner@coffee.demo.test' },
    });
    const page = await client.users(store, credentials, 1, 5);
    expect(page.users).toHaveLength(5);
    expect(page.total).toBeGreaterThan(5);
    expect(await client.stations(store, credentials)).toHaveLength(3);
    // Nonces are single use: two identical calls in a row must both pass.
    await client.connection(store, credentials);
  });

  it('reads the public index without keys', async () => {
    const info = await client.siteInfo(sandbox.stores[1]);
    expect(info.name).toBe('Demo Book Nook');
    expect(info.namespaces).toContain('wc/v3');
  });

  it("gives the store's message for an unknown key, and not found for a missing user", async () => {
    const [store] = sandbox.stores;
    await expect(
      client.connection(store, { consumerKey: 'ck_nope', consumerSecret: 'cs_nope' }),
    ).rejects.toMatchObject({ status: 401, message: 'Consumer key is invalid.', rejected: true });
    const key = await sandbox.mintKey(store);
    const credentials = { consumerKey: key.consumer_key, consumerSecret: key.consumer_secret };
    const missing = client.user(store, credentials, 9999);
    await expect(missing).rejects.toBeInstanceOf(StoreHttpError);
    await expect(missing).rejects.toMatchObject({ notFound: true });
  });

  it('cannot reach an offline store', async () => {
    const [, store] = sandbox.stores;
    await sandbox.control(store, 'offline', { offline: true });
    try {
      await expect(client.siteInfo(store)).rejects.toBeInstanceOf(StoreUnreachableError);
    } finally {
      await sandbox.control(store, 'offline', { offline: false });
    }
  });
});

describe('store client over https and on failures', () => {
  let dir: string;
  beforeAll(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-store-tls-'));
  });
  afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('sends Basic auth over https (never a signature) and trusts the given CA', async () => {
    const tls = await loadOrCreatePosHostTls(path.join(dir, 'c.crt'), path.join(dir, 'c.key'));
    const seen: Array<{ url: string; authorization?: string }> = [];
    const server = https.createServer(tls, (request, response) => {
      seen.push({ url: request.url ?? '', authorization: request.headers.authorization });
      response.writeHead(200, { 'content-type': 'application/json' }).end(
        JSON.stringify({
          home_url: 'https://127.0.0.1',
          site_name: 'TLS shop',
          key_permissions: 'read_write',
          user: { id: 3, username: 'u', email: 'u@x.test', name: 'U', roles: ['administrator'] },
          multiple_user_plugin_active: false,
        }),
      );
    });
    const port = await listen(server);
    try {
      const client = createStoreClient({ timeoutMs: 3000, allowPrivateHosts: true, ca: tls.cert });
      const connection = await client.connection(`https://127.0.0.1:${port}`, {
        consumerKey: 'ck_abc',
        consumerSecret: 'cs_def',
      });
      expect(connection.siteName).toBe('TLS shop');
      expect(seen[0]?.url).toBe('/wp-json/pos-connect/v1/connection');
      expect(seen[0]?.authorization).toBe(
        `Basic ${Buffer.from('ck_abc:cs_def').toString('base64')}`,
      );
      // Without the CA the self-signed certificate is refused: unreachable, not trusted.
      const strict = createStoreClient({ timeoutMs: 3000, allowPrivateHosts: true });
      await expect(
        strict.connection(`https://127.0.0.1:${port}`, { consumerKey: 'a', consumerSecret: 'b' }),
      ).rejects.toBeInstanceOf(StoreUnreachableError);
    } finally {
      await close(server);
    }
  });

  it('gives up after the timeout', async () => {
    const server = http.createServer(() => undefined);
    const port = await listen(server);
    try {
      const client = createStoreClient({ timeoutMs: 200, allowPrivateHosts: true });
      const started = Date.now();
      await expect(client.siteInfo(`http://127.0.0.1:${port}`)).rejects.toBeInstanceOf(
        StoreUnreachableError,
      );
      expect(Date.now() - started).toBeLessThan(2000);
    } finally {
      server.closeAllConnections();
      await close(server);
    }
  });

  it('treats a REST answer that is not JSON as unreachable, and a refused port too', async () => {
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'text/html' }).end('<html>maintenance</html>');
    });
    const port = await listen(server);
    const client = createStoreClient({ timeoutMs: 2000, allowPrivateHosts: true });
    try {
      await expect(
        client.connection(`http://127.0.0.1:${port}`, { consumerKey: 'ck', consumerSecret: 'cs' }),
      ).rejects.toBeInstanceOf(StoreUnreachableError);
      // The site itself answered: it is there, only not a WordPress site.
      await expect(client.siteInfo(`http://127.0.0.1:${port}`)).rejects.toBeInstanceOf(
        StoreHttpError,
      );
    } finally {
      await close(server);
    }
    await expect(client.siteInfo(`http://127.0.0.1:${port}`)).rejects.toBeInstanceOf(
      StoreUnreachableError,
    );
  });

  it('never follows a redirect', async () => {
    const seen: string[] = [];
    const server = http.createServer((request, response) => {
      seen.push(request.url ?? '');
      if (request.url?.startsWith('/moved')) {
        response.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"moved"}');
        return;
      }
      response.writeHead(302, { location: '/moved/wp-json/' }).end();
    });
    const port = await listen(server);
    const client = createStoreClient({ timeoutMs: 2000, allowPrivateHosts: true });
    try {
      await expect(client.siteInfo(`http://127.0.0.1:${port}`)).rejects.toMatchObject({
        name: 'StoreHttpError',
        status: 302,
      });
      await expect(
        client.connection(`http://127.0.0.1:${port}`, { consumerKey: 'ck', consumerSecret: 'cs' }),
      ).rejects.toMatchObject({ name: 'StoreHttpError', status: 302 });
      expect(seen).toHaveLength(2);
      expect(seen.every((url) => url.startsWith('/wp-json/'))).toBe(true);
    } finally {
      await close(server);
    }
  });

  it('stops reading an answer larger than 2 MiB', async () => {
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ name: 'x'.repeat(3 * 1024 * 1024) }));
    });
    const port = await listen(server);
    const client = createStoreClient({ timeoutMs: 5000, allowPrivateHosts: true });
    try {
      await expect(client.siteInfo(`http://127.0.0.1:${port}`)).rejects.toBeInstanceOf(
        StoreUnreachableError,
      );
    } finally {
      server.closeAllConnections();
      await close(server);
    }
  });

  it('refuses names that resolve to private addresses unless private hosts are allowed', async () => {
    const server = http.createServer((_request, response) => {
      response.writeHead(200, { 'content-type': 'application/json' }).end('{"name":"x"}');
    });
    const port = await listen(server);
    try {
      const guarded = createStoreClient({ timeoutMs: 2000, allowPrivateHosts: false });
      await expect(guarded.siteInfo(`http://localhost:${port}`)).rejects.toThrow(/private address/);
      // An IP literal skips the name lookup: the client itself must refuse it.
      await expect(guarded.siteInfo(`http://127.0.0.1:${port}`)).rejects.toThrow(/private address/);
      await expect(guarded.siteInfo(`http://[::1]:${port}`)).rejects.toThrow(/private address/);
      const open = createStoreClient({ timeoutMs: 2000, allowPrivateHosts: true });
      await expect(open.siteInfo(`http://localhost:${port}`)).resolves.toMatchObject({
        name: 'x',
      });
    } finally {
      await close(server);
    }
  });
});

describe('store client: the staff calls of the POS plugin', () => {
  const credentials = { consumerKey: 'ck_staff', consumerSecret: 'cs_staff' };
  const ada = { id: 12, username: 'ada', email: 'ada@shop.test', name: 'Ada Lovelace' };

  /** A store whose answers the test chooses, recording what it was asked. */
  async function fakeStore(
    answer: (method: string, url: string) => { status: number; body: unknown },
  ) {
    const seen: Array<{ method: string; url: string; body: unknown; type?: string }> = [];
    const server = http.createServer((request, response) => {
      const chunks: Buffer[] = [];
      request.on('data', (chunk: Buffer) => chunks.push(chunk));
      request.on('end', () => {
        const text = Buffer.concat(chunks).toString('utf8');
        const url = (request.url ?? '').split('?')[0] ?? '';
        seen.push({
          method: request.method ?? '',
          url,
          body: text ? (JSON.parse(text) as unknown) : undefined,
          type: request.headers['content-type'],
        });
        const { status, body } = answer(request.method ?? '', url);
        response
          .writeHead(status, { 'content-type': 'application/json' })
          .end(JSON.stringify(body));
      });
    });
    const port = await listen(server);
    return { home: `http://127.0.0.1:${port}`, seen, close: () => close(server) };
  }

  const client = createStoreClient({ timeoutMs: 3000, allowPrivateHosts: true });

  it('creates a user with POST users (JSON name, email, role) and reads the 201', async () => {
    const store = await fakeStore(() => ({
      status: 201,
      body: { ...ada, roles: ['cashier'] },
    }));
    try {
      await expect(
        client.createUser(store.home, credentials, {
          name: 'Ada Lovelace',
          email: 'ada@shop.test',
          role: 'cashier',
        }),
      ).resolves.toEqual({ ...ada, roles: ['cashier'] });
      expect(store.seen).toEqual([
        {
          method: 'POST',
          url: '/wp-json/pos-connect/v1/users',
          body: { name: 'Ada Lovelace', email: 'ada@shop.test', role: 'cashier' },
          type: expect.stringContaining('application/json') as unknown,
        },
      ]);
    } finally {
      await store.close();
    }
  });

  it("gives WordPress's refusal of a used email as a 400 in its own words", async () => {
    const store = await fakeStore(() => ({
      status: 400,
      body: {
        code: 'existing_user_email',
        message: 'Sorry, that email address is already used!',
        data: { status: 400 },
      },
    }));
    try {
      await expect(
        client.createUser(store.home, credentials, {
          name: 'Ada Lovelace',
          email: 'ada@shop.test',
          role: 'cashier',
        }),
      ).rejects.toMatchObject({
        name: 'StoreHttpError',
        status: 400,
        code: 'existing_user_email',
        message: 'Sorry, that email address is already used!',
      });
    } finally {
      await store.close();
    }
  });

  it('changes a role with PUT users/{id} and removes POS access with DELETE users/{id}/pos-access', async () => {
    const store = await fakeStore((method) =>
      method === 'PUT'
        ? { status: 200, body: { ...ada, roles: ['shop_manager'] } }
        : { status: 200, body: { removed: true, user: { ...ada, roles: ['customer'] } } },
    );
    try {
      await expect(
        client.updateUserRole(store.home, credentials, 12, 'shop_manager'),
      ).resolves.toMatchObject({ id: 12, roles: ['shop_manager'] });
      await expect(client.removePosAccess(store.home, credentials, 12)).resolves.toEqual({
        removed: true,
        user: { ...ada, roles: ['customer'] },
      });
      expect(store.seen.map(({ method, url, body }) => ({ method, url, body }))).toEqual([
        { method: 'PUT', url: '/wp-json/pos-connect/v1/users/12', body: { role: 'shop_manager' } },
        { method: 'DELETE', url: '/wp-json/pos-connect/v1/users/12/pos-access', body: undefined },
      ]);
    } finally {
      await store.close();
    }
  });

  it("refuses the key's own user (403 pos_connect_own_user) and an unknown one (404)", async () => {
    const store = await fakeStore((_method, url) =>
      url.endsWith('/1') || url.endsWith('/1/pos-access')
        ? {
            status: 403,
            body: {
              code: 'pos_connect_own_user',
              message: "The store's own administrator cannot be changed from the dashboard.",
            },
          }
        : { status: 404, body: { code: 'rest_user_invalid_id', message: 'Invalid user ID.' } },
    );
    try {
      await expect(
        client.updateUserRole(store.home, credentials, 1, 'cashier'),
      ).rejects.toMatchObject({ status: 403, code: 'pos_connect_own_user' });
      await expect(client.removePosAccess(store.home, credentials, 1)).rejects.toMatchObject({
        status: 403,
        code: 'pos_connect_own_user',
      });
      const missing = client.removePosAccess(store.home, credentials, 404);
      await expect(missing).rejects.toMatchObject({ notFound: true, routeMissing: false });
    } finally {
      await store.close();
    }
  });
});

describe('POS host certificate', () => {
  it('is generated once for 127.0.0.1 and localhost, key readable by its owner only', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-tls-'));
    try {
      const cert = path.join(dir, 'tls', 'pos-host.crt');
      const key = path.join(dir, 'tls', 'pos-host.key');
      const first = await loadOrCreatePosHostTls(cert, key);
      const x509 = new (await import('node:crypto')).X509Certificate(first.cert);
      expect(x509.checkIP('127.0.0.1')).toBe('127.0.0.1');
      expect(x509.checkHost('localhost')).toBe('localhost');
      expect(fs.statSync(key).mode & 0o777).toBe(0o600);
      const again = await loadOrCreatePosHostTls(cert, key);
      expect(again.cert).toBe(first.cert);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
