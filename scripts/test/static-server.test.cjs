// Runs scripts/static-server.mjs as the services do (its CLI, in a child process) over a small
// build folder and a tiny Fastify upstream standing in for the api.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');
const Fastify = require('fastify');

const PORT = 3900 + (process.pid % 80);
const BIG = 'export const value = "pos";\n'.repeat(4000);
const REMOTES = {
  remotes: [{ name: 'mf_admin', entry: 'http://127.0.0.1:3906/mf-manifest.json', routes: [] }],
};
const CONFIG = {
  loginProviderUrl: 'http://127.0.0.1:4199/',
  stripe: { publishableKey: 'pk_test_x', jsUrl: 'http://127.0.0.1:4699/v3/' },
};
let dir;
let server;
let remoteServer;
let upstream;
const pair = [];

/** Raw GET: the body as sent on the wire, undecoded. */
function get(url, headers = {}, method = 'GET', port = PORT) {
  return new Promise((resolve, reject) => {
    const request = http.request(`http://127.0.0.1:${port}${url}`, { method, headers }, (res) => {
      const chunks = [];
      res.on('data', (chunk) => chunks.push(chunk));
      res.on('end', () =>
        resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
      );
    });
    request.on('error', reject);
    request.end();
  });
}

async function waitUntilUp(port = PORT) {
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      return await get('/index.html', {}, 'GET', port);
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('static server did not start');
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-server-'));
  const root = path.join(dir, 'dist');
  fs.mkdirSync(root);
  fs.writeFileSync(
    path.join(root, 'index.html'),
    `<!doctype html><title>shell</title>${'<p>'.repeat(500)}`,
  );
  fs.writeFileSync(path.join(root, 'connect.html'), '<!doctype html><title>connect</title>');
  fs.writeFileSync(path.join(root, 'main.0123abcd89.js'), BIG);
  fs.writeFileSync(path.join(root, 'remoteEntry.js'), BIG);
  fs.writeFileSync(path.join(root, 'mf-manifest.json'), JSON.stringify({ name: 'shell' }));
  fs.writeFileSync(path.join(dir, 'remotes.json'), JSON.stringify(REMOTES));
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(CONFIG));

  upstream = Fastify();
  upstream.post('/api/connect-ui/echo', async (request, reply) =>
    reply
      .header('x-upstream', 'yes')
      .send({ got: request.body, auth: request.headers.authorization }),
  );
  // The api's live stream: one event now, then nothing until the client goes.
  upstream.get('/api/connect-ui/live/stream', (_request, reply) => {
    reply.hijack();
    reply.raw.writeHead(200, {
      'content-type': 'text/event-stream; charset=utf-8',
      'cache-control': 'no-store',
      'x-accel-buffering': 'no',
    });
    reply.raw.write('retry: 3000\n\nid: 1\nevent: orders\ndata: {"applicationId":"a1"}\n\n');
    const heartbeat = setInterval(() => reply.raw.write(': heartbeat\n\n'), 50);
    reply.raw.on('close', () => clearInterval(heartbeat));
  });
  await upstream.listen({ port: 0, host: '127.0.0.1' });
  // Two api instances behind one prefix, each telling its name.
  for (const name of ['one', 'two']) {
    const instance = Fastify();
    instance.get('/api/pair/who', async () => ({ name }));
    await instance.listen({ port: 0, host: '127.0.0.1' });
    pair.push(instance);
  }
  // A port that nothing listens on: the api when it is down.
  const closed = http.createServer();
  await new Promise((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const downPort = closed.address().port;
  await new Promise((resolve) => closed.close(resolve));

  server = spawn(process.execPath, [
    path.join(__dirname, '..', 'static-server.mjs'),
    ...['--root', root, '--port', String(PORT), '--spa', '--cors'],
    ...['--json', `/remotes.json=${path.join(dir, 'remotes.json')}`],
    ...['--json', `/config.json=${path.join(dir, 'config.json')}`],
    ...['--csp', 'shell'],
    ...['--html', '/connect=connect.html'],
    ...['--proxy', `/api/connect-ui=http://127.0.0.1:${upstream.server.address().port}`],
    ...['--proxy', `/api/down=http://127.0.0.1:${downPort}`],
    ...[
      '--proxy',
      `/api/pair=${pair.map((p) => `http://127.0.0.1:${p.server.address().port}`).join(',')}`,
    ],
  ]);
  await waitUntilUp();
  // A remote's server: its files for any origin, its standalone page under its own policy.
  remoteServer = spawn(process.execPath, [
    path.join(__dirname, '..', 'static-server.mjs'),
    ...['--root', root, '--port', String(PORT + 100), '--cors', '--csp', 'standalone'],
    ...['--csp-stripe-js', 'http://127.0.0.1:4699/v3/'],
  ]);
  await waitUntilUp(PORT + 100);
}, 30_000);

afterAll(async () => {
  server?.kill();
  remoteServer?.kill();
  await upstream?.close();
  await Promise.all(pair.map((instance) => instance.close()));
  fs.rmSync(dir, { recursive: true, force: true });
});

describe('static server', () => {
  it('spreads a prefix with several upstreams over them in turn (round robin)', async () => {
    const names = [];
    for (let i = 0; i < 4; i += 1) {
      const answer = await get('/api/pair/who');
      expect(answer.status).toBe(200);
      names.push(JSON.parse(answer.body.toString()).name);
    }
    expect(new Set(names)).toEqual(new Set(['one', 'two']));
    expect(names).toEqual([names[0], names[1], names[0], names[1]]);
  });

  it('sends brotli or gzip by Accept-Encoding, each smaller than the file', async () => {
    const br = await get('/remoteEntry.js', { 'accept-encoding': 'br, gzip' });
    expect(br.headers['content-encoding']).toBe('br');
    expect(zlib.brotliDecompressSync(br.body).toString()).toBe(BIG);
    const gzip = await get('/remoteEntry.js', { 'accept-encoding': 'gzip' });
    expect(gzip.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gzip.body).toString()).toBe(BIG);
    expect(br.body.length).toBeLessThan(BIG.length);
    expect(gzip.body.length).toBeLessThan(BIG.length);
    const plain = await get('/remoteEntry.js');
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body.toString()).toBe(BIG);
  });

  it('caches hashed assets for a year and revalidates entries, manifests, HTML and JSON', async () => {
    expect((await get('/main.0123abcd89.js')).headers['cache-control']).toBe(
      'public, max-age=31536000, immutable',
    );
    for (const url of ['/remoteEntry.js', '/mf-manifest.json', '/index.html', '/remotes.json']) {
      expect([url, (await get(url)).headers['cache-control']]).toEqual([url, 'no-cache']);
    }
  });

  it('answers 304 to a matching If-None-Match', async () => {
    const first = await get('/remoteEntry.js');
    expect(first.headers.etag).toBeTruthy();
    const again = await get('/remoteEntry.js', { 'if-none-match': first.headers.etag });
    expect(again.status).toBe(304);
  });

  it('answers byte ranges', async () => {
    const part = await get('/remoteEntry.js', { range: 'bytes=0-5' });
    expect(part.status).toBe(206);
    expect(part.headers['content-range']).toBe(`bytes 0-5/${BIG.length}`);
    expect(part.body.toString()).toBe('export');
  });

  it('serves index.html for app routes, extra HTML entries, and 404 for missing assets', async () => {
    const route = await get('/applications/42');
    expect(route.status).toBe(200);
    expect(route.body.toString()).toContain('<title>shell</title>');
    const navigation = await get('/login/a.b.c', { accept: 'text/html' });
    expect(navigation.body.toString()).toContain('<title>shell</title>');
    expect((await get('/connect/abc')).body.toString()).toContain('<title>connect</title>');
    const missing = await get('/missing.0123abcd89.js');
    expect(missing.status).toBe(404);
  });

  it('serves the JSON files and allows any origin', async () => {
    const json = await get('/remotes.json');
    expect(JSON.parse(json.body.toString())).toEqual(REMOTES);
    expect(json.headers['access-control-allow-origin']).toBe('*');
    const preflight = await get('/remoteEntry.js', {}, 'OPTIONS');
    expect(preflight.status).toBe(204);
    expect(preflight.headers['access-control-allow-methods']).toContain('GET');
  });

  it('proxies /api/connect-ui with its body and headers', async () => {
    const answer = await new Promise((resolve, reject) => {
      const request = http.request(
        `http://127.0.0.1:${PORT}/api/connect-ui/echo`,
        {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: 'Bearer t' },
        },
        (res) => {
          let body = '';
          res.on('data', (chunk) => (body += chunk));
          res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
        },
      );
      request.on('error', reject);
      request.end(JSON.stringify({ slug: 'front' }));
    });
    expect(answer.status).toBe(200);
    expect(answer.headers['x-upstream']).toBe('yes');
    expect(JSON.parse(answer.body)).toEqual({ got: { slug: 'front' }, auth: 'Bearer t' });
  });

  it('passes the live event stream through as it comes, neither buffered nor compressed', async () => {
    let timer;
    const first = await new Promise((resolve, reject) => {
      const request = http.get(
        `http://127.0.0.1:${PORT}/api/connect-ui/live/stream?ticket=t`,
        { headers: { 'accept-encoding': 'br, gzip', accept: 'text/event-stream' } },
        (res) => {
          let body = '';
          res.on('data', (chunk) => {
            body += chunk;
            // The upstream never ends: the event must arrive while the stream is open.
            if (body.includes('data: {"applicationId":"a1"}\n\n')) {
              resolve({ headers: res.headers, body });
              request.destroy();
            }
          });
        },
      );
      request.on('error', reject);
      timer = setTimeout(() => reject(new Error('the event did not come through')), 3000);
    }).finally(() => clearTimeout(timer));
    expect(first.headers['content-type']).toBe('text/event-stream; charset=utf-8');
    expect(first.headers['content-encoding']).toBeUndefined();
    expect(first.headers['cache-control']).toBe('no-store');
    expect(first.body.startsWith('retry: 3000\n\nid: 1\nevent: orders\n')).toBe(true);
  });

  it('answers 502 with a JSON message when the api cannot be reached', async () => {
    const answer = await get('/api/down/applications');
    expect(answer.status).toBe(502);
    expect(answer.headers['content-type']).toMatch(/^application\/json/);
    expect(JSON.parse(answer.body.toString())).toEqual({
      message: 'The service is unavailable right now',
    });
  });

  describe('security headers', () => {
    /** The directives of a Content-Security-Policy header, by name. */
    const directives = (header) =>
      Object.fromEntries(
        header.split(';').map((part) => {
          const [name, ...sources] = part.trim().split(/\s+/);
          return [name, sources];
        }),
      );

    it('sends nosniff and the referrer policy on every answer, proxied ones too', async () => {
      for (const url of [
        '/index.html',
        '/applications/42',
        '/main.0123abcd89.js',
        '/remotes.json',
      ]) {
        const { headers } = await get(url);
        expect([url, headers['x-content-type-options']]).toEqual([url, 'nosniff']);
        expect([url, headers['referrer-policy']]).toEqual([url, 'strict-origin-when-cross-origin']);
      }
      const remote = await get('/remoteEntry.js', {}, 'GET', PORT + 100);
      expect(remote.headers['x-content-type-options']).toBe('nosniff');
    });

    it("gives the shell's pages a policy from remotes.json and config.json, never framed", async () => {
      for (const url of ['/', '/index.html', '/applications/42']) {
        const { headers } = await get(url, { accept: 'text/html' });
        const policy = directives(headers['content-security-policy']);
        expect(policy['script-src']).toEqual([
          "'self'",
          'http://127.0.0.1:3906',
          'http://127.0.0.1:4699',
        ]);
        expect(policy['connect-src']).toEqual([
          "'self'",
          'http://127.0.0.1:4199',
          'http://127.0.0.1:3906',
        ]);
        expect(policy['frame-src']).toEqual([
          "'self'",
          'http://127.0.0.1:4199',
          'http://127.0.0.1:4699',
        ]);
        // The remotes' production stylesheets are files of their own origins.
        expect(policy['style-src']).toEqual(["'self'", "'unsafe-inline'", 'http://127.0.0.1:3906']);
        expect(policy['object-src']).toEqual(["'none'"]);
        expect(policy['base-uri']).toEqual(["'self'"]);
        expect(policy['form-action']).toEqual(["'self'"]);
        expect(policy['frame-ancestors']).toEqual(["'none'"]);
        expect(headers['x-frame-options']).toBe('DENY');
      }
      // Scripts and data carry no page policy.
      expect((await get('/main.0123abcd89.js')).headers['content-security-policy']).toBeUndefined();
    });

    it('lets this origin frame the --html entries (the popup pages of the onboarding overlay)', async () => {
      const { headers } = await get('/connect/abc');
      expect(directives(headers['content-security-policy'])['frame-ancestors']).toEqual(["'self'"]);
      expect(headers['x-frame-options']).toBe('SAMEORIGIN');
    });

    it('follows an edited remotes.json from the next page on', async () => {
      const file = path.join(dir, 'remotes.json');
      const moved = { remotes: [{ ...REMOTES.remotes[0], entry: 'https://admin.example/m.json' }] };
      fs.writeFileSync(file, JSON.stringify(moved));
      try {
        const { headers } = await get('/');
        expect(directives(headers['content-security-policy'])['script-src']).toEqual([
          "'self'",
          'https://admin.example',
          'http://127.0.0.1:4699',
        ]);
      } finally {
        fs.writeFileSync(file, JSON.stringify(REMOTES));
      }
    });

    it("gives a remote's standalone page its own origin only, and its files to any origin", async () => {
      const page = await get('/index.html', {}, 'GET', PORT + 100);
      const policy = directives(page.headers['content-security-policy']);
      expect(policy['script-src']).toEqual(["'self'", 'http://127.0.0.1:4699']);
      expect(policy['frame-src']).toEqual(["'self'", 'http://127.0.0.1:4699']);
      expect(policy['connect-src']).toEqual(["'self'"]);
      expect(policy['frame-ancestors']).toEqual(["'none'"]);
      const entry = await get('/remoteEntry.js', {}, 'GET', PORT + 100);
      expect(entry.headers['access-control-allow-origin']).toBe('*');
      expect(entry.headers['content-security-policy']).toBeUndefined();
    });
  });
});
