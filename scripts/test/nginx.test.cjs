// lib/nginx.mjs: the configuration it writes, run by Debian's nginx in front of stand-in
// upstreams (two api instances, two POS hosts, the shell's server) on free ports: TLS and
// HTTP/2, the redirect, precompressed files and their caching, the pools' retries (idempotent
// requests only), the request id, the live stream unbuffered, body and rate limits.
const { execFileSync, spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const http2 = require('node:http2');
const https = require('node:https');
const net = require('node:net');
const os = require('node:os');
const path = require('node:path');
const zlib = require('node:zlib');

const lib = path.join(__dirname, '..', 'lib', 'nginx.mjs');
const haveNginx = fs.existsSync('/usr/sbin/nginx');
const describeWithNginx = haveNginx ? describe : describe.skip;

/** Runs `code` (an ES module body with `nginx` imported) in a child: the library is ESM. */
const esm = (code) =>
  execFileSync(
    process.execPath,
    ['--input-type=module', '-e', `import * as nginx from ${JSON.stringify(lib)};\n${code}`],
    { encoding: 'utf8' },
  );

const freePort = () =>
  new Promise((resolve) => {
    const server = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** A stand-in upstream: answers with `handler` (or a JSON echo), keeps every request seen. */
async function upstream(name, handler) {
  const seen = [];
  const server = http.createServer((request, response) => {
    seen.push({ method: request.method, url: request.url, headers: request.headers });
    if (handler) return handler(request, response);
    request.resume();
    request.on('end', () => {
      response.writeHead(200, { 'content-type': 'application/json' });
      response.end(JSON.stringify({ from: name }));
    });
  });
  const port = await freePort();
  await new Promise((resolve) => server.listen(port, '127.0.0.1', resolve));
  return { port, seen, server, handler: (h) => (handler = h) };
}

/** One request over TLS (HTTP/1.1), the certificate being the test's own. */
function request(port, pathname, { method = 'GET', headers = {}, body, plain = false } = {}) {
  return new Promise((resolve, reject) => {
    const call = (plain ? http : https).request(
      {
        host: '127.0.0.1',
        port,
        path: pathname,
        method,
        headers,
        rejectUnauthorized: false,
        agent: false,
      },
      (response) => {
        const chunks = [];
        response.on('data', (chunk) => chunks.push(chunk));
        response.on('end', () =>
          resolve({
            status: response.statusCode,
            headers: response.headers,
            body: Buffer.concat(chunks),
          }),
        );
      },
    );
    call.on('error', reject);
    call.end(body);
  });
}

describeWithNginx('nginx in front (lib/nginx.mjs)', () => {
  let dir;
  let nginx;
  let site;
  let api;
  let host;
  let shell;
  const big = `/* ${'the shell, hashed '.repeat(200)} */`;

  beforeAll(async () => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-nginx-'));
    // nginx's workers (nobody, when started as root) read the files.
    fs.chmodSync(dir, 0o755);
    const shellRoot = path.join(dir, 'shell');
    const remoteRoot = path.join(dir, 'mf-demo');
    fs.mkdirSync(shellRoot);
    fs.mkdirSync(remoteRoot);
    fs.writeFileSync(path.join(shellRoot, 'main.0123abcd.js'), big);
    fs.writeFileSync(path.join(remoteRoot, 'mf-manifest.json'), JSON.stringify({ big }));
    fs.writeFileSync(path.join(remoteRoot, 'remoteEntry.js'), 'var entry;');
    api = [await upstream('api-1'), await upstream('api-2')];
    host = [await upstream('pos-host-1'), await upstream('pos-host-2')];
    shell = await upstream('shell', (request, response) => {
      response.writeHead(200, {
        'content-type': 'text/html',
        'content-security-policy': "default-src 'self'",
        'x-content-type-options': 'nosniff',
        'cache-control': 'no-cache',
      });
      response.end('<!doctype html><title>shell</title>');
    });
    site = {
      prefix: path.join(dir, 'nginx'),
      logDir: path.join(dir, 'logs'),
      ports: { https: await freePort(), http: await freePort(), cloudPosHttps: await freePort() },
      tls: { cert: path.join(dir, 'tls/site.crt'), key: path.join(dir, 'tls/site.key') },
      instances: api.map((a, i) => ({ api: a.port, posHost: host[i].port })),
      shell: { port: shell.port, root: shellRoot },
      remotes: [{ pkg: 'mf-demo', root: remoteRoot }],
      brotli: fs.existsSync('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'),
    };
    esm(`
      const site = ${JSON.stringify(site)};
      nginx.ensureCertificate(site.tls.cert, site.tls.key);
      nginx.precompress(site.shell.root);
      nginx.precompress(site.remotes[0].root);
      nginx.writeNginxConfig(site);
    `);
    const args = JSON.parse(
      esm(
        `process.stdout.write(JSON.stringify(nginx.nginxArgs(${JSON.stringify(site.prefix)}, ${JSON.stringify(path.join(site.prefix, 'nginx.conf'))})))`,
      ),
    );
    nginx = spawn('/usr/sbin/nginx', args, { stdio: 'ignore' });
    for (let i = 0; i < 100; i += 1) {
      try {
        await request(site.ports.http, '/', { plain: true });
        return;
      } catch {
        await new Promise((resolve) => setTimeout(resolve, 50));
      }
    }
    throw new Error('nginx did not start');
  }, 30_000);

  afterAll(async () => {
    if (nginx) {
      const exited = new Promise((resolve) => nginx.once('exit', resolve));
      nginx.kill('SIGTERM');
      await exited;
    }
    for (const server of [...(api ?? []), ...(host ?? []), shell].filter(Boolean)) {
      server.server.close();
    }
    fs.rmSync(dir, { recursive: true, force: true });
  });

  it('moves plain http to https, keeping the address', async () => {
    const response = await request(site.ports.http, '/applications?x=1', { plain: true });
    expect(response.status).toBe(301);
    expect(response.headers.location).toBe(
      `https://127.0.0.1:${site.ports.https}/applications?x=1`,
    );
  });

  it('speaks HTTP/2 over TLS', async () => {
    const session = http2.connect(`https://127.0.0.1:${site.ports.https}`, {
      rejectUnauthorized: false,
    });
    try {
      const status = await new Promise((resolve, reject) => {
        const stream = session.request({ ':path': '/main.0123abcd.js' });
        stream.on('response', (headers) => resolve(headers[':status']));
        stream.on('error', reject);
        stream.resume();
      });
      expect(status).toBe(200);
      expect(session.alpnProtocol).toBe('h2');
    } finally {
      session.close();
    }
  });

  it('sends the precompressed brotli or gzip copy, hashed files immutable, HSTS and nosniff', async () => {
    const br = await request(site.ports.https, '/main.0123abcd.js', {
      headers: { 'accept-encoding': 'br, gzip' },
    });
    expect(br.status).toBe(200);
    if (site.brotli) {
      expect(br.headers['content-encoding']).toBe('br');
      expect(zlib.brotliDecompressSync(br.body).toString()).toBe(big);
    }
    expect(br.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(br.headers['strict-transport-security']).toBe('max-age=31536000; includeSubDomains');
    expect(br.headers['x-content-type-options']).toBe('nosniff');
    expect(br.headers['referrer-policy']).toBe('strict-origin-when-cross-origin');
    const gz = await request(site.ports.https, '/main.0123abcd.js', {
      headers: { 'accept-encoding': 'gzip' },
    });
    expect(gz.headers['content-encoding']).toBe('gzip');
    expect(zlib.gunzipSync(gz.body).toString()).toBe(big);
  });

  it("serves the remotes' files, manifests no-cache", async () => {
    const manifest = await request(site.ports.https, '/remotes/mf-demo/mf-manifest.json');
    expect(manifest.status).toBe(200);
    expect(manifest.headers['cache-control']).toBe('no-cache');
    const entry = await request(site.ports.https, '/remotes/mf-demo/remoteEntry.js');
    expect(entry.body.toString()).toBe('var entry;');
    expect(entry.headers['cache-control']).toBe('no-cache');
    expect((await request(site.ports.https, '/remotes/mf-demo/nothing.js')).status).toBe(404);
  });

  it("sends pages to the shell's server, with its own policy and HSTS, once each", async () => {
    for (const page of ['/', '/applications/12/stations', '/login/a.b.c', '/popup/popup.html']) {
      const response = await request(site.ports.https, page);
      expect(response.status).toBe(200);
      expect(response.headers['content-security-policy']).toBe("default-src 'self'");
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['strict-transport-security']).toBeDefined();
    }
    expect(shell.seen.map((r) => r.url)).toEqual(
      expect.arrayContaining(['/', '/applications/12/stations', '/login/a.b.c']),
    );
  });

  it('spreads the api over the instances, with its request id and the client address', async () => {
    const from = new Set();
    for (let i = 0; i < 4; i += 1) {
      const response = await request(site.ports.https, '/api/connect-ui/user-data');
      from.add(JSON.parse(response.body.toString()).from);
    }
    expect([...from].sort()).toEqual(['api-1', 'api-2']);
    const last = api.flatMap((a) => a.seen).at(-1);
    expect(last.headers['x-request-id']).toMatch(/^[0-9a-f]{32}$/);
    expect(last.headers['x-forwarded-for']).toBe('127.0.0.1');
    expect(last.headers['x-forwarded-proto']).toBe('https');
  });

  it('tries a GET again on the other instance after a 503, never a POST', async () => {
    const unavailable = (request, response) => {
      request.resume();
      response.writeHead(503, { 'content-type': 'application/json' });
      response.end('{"message":"closing"}');
    };
    api[0].handler(unavailable);
    try {
      // Writes first: after two failures the passive check takes the instance out for 5 s.
      const statuses = [];
      for (let i = 0; i < 2; i += 1) {
        const write = await request(site.ports.https, '/api/connect-ui/activities', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        statuses.push(write.status);
      }
      // The first instance's 503 reached the client: sending a write twice could do it twice.
      expect(statuses.sort()).toEqual([200, 503]);
      for (let i = 0; i < 4; i += 1) {
        const read = await request(site.ports.https, '/api/connect-ui/user-data');
        expect(read.status).toBe(200);
      }
    } finally {
      api[0].handler(null);
    }
  });

  it('passes a POST to the next instance when the first refuses the connection', async () => {
    const closed = api[0];
    await new Promise((resolve) => closed.server.close(resolve));
    try {
      for (let i = 0; i < 4; i += 1) {
        const write = await request(site.ports.https, '/api/connect-ui/activities', {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: '{}',
        });
        expect(write.status).toBe(200);
      }
    } finally {
      await new Promise((resolve) => closed.server.listen(closed.port, '127.0.0.1', resolve));
    }
  });

  it('passes the live stream unbuffered', async () => {
    const stream = (request, response) => {
      response.writeHead(200, { 'content-type': 'text/event-stream' });
      response.write('data: first\n\n');
      // The second event only after the first has been read through nginx.
      request.socket.once('close', () => undefined);
      setTimeout(() => response.end('data: last\n\n'), 1500);
    };
    api[0].handler(stream);
    api[1].handler(stream);
    try {
      const started = Date.now();
      const firstChunkAfter = await new Promise((resolve, reject) => {
        https
          .get(
            {
              host: '127.0.0.1',
              port: site.ports.https,
              path: '/api/connect-ui/live/stream',
              rejectUnauthorized: false,
              agent: false,
            },
            (response) => {
              response.once('data', (chunk) => {
                expect(chunk.toString()).toContain('data: first');
                resolve(Date.now() - started);
                response.resume();
              });
            },
          )
          .on('error', reject);
      });
      expect(firstChunkAfter).toBeLessThan(1000);
    } finally {
      api[0].handler(null);
      api[1].handler(null);
    }
  });

  it('sends the POS host its paths on both TLS entries, and the cloud POS addresses', async () => {
    const callback = await request(site.ports.https, '/wc-authorize?token=t', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    expect(JSON.parse(callback.body.toString()).from).toMatch(/^pos-host-/);
    const address = await request(site.ports.cloudPosHttps, '/demo-coffee/pos');
    expect(JSON.parse(address.body.toString()).from).toMatch(/^pos-host-/);
    expect(address.headers['strict-transport-security']).toBeDefined();
  });

  it('refuses a body over the limit before an instance sees it', async () => {
    const seen = api[0].seen.length + api[1].seen.length;
    const response = await request(site.ports.https, '/api/connect-ui/activities', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: `"${'x'.repeat(300 * 1024)}"`,
    });
    expect(response.status).toBe(413);
    expect(api[0].seen.length + api[1].seen.length).toBe(seen);
  });

  it('answers 429 to a flood of promo codes, and never limits reads', async () => {
    const statuses = [];
    for (let i = 0; i < 20; i += 1) {
      const response = await request(site.ports.https, '/api/connect-ui/promotion-code', {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body: '{}',
      });
      statuses.push(response.status);
    }
    expect(statuses.slice(0, 5)).toEqual([200, 200, 200, 200, 200]);
    expect(statuses).toContain(429);
    for (let i = 0; i < 20; i += 1) {
      const read = await request(site.ports.https, '/api/connect-ui/promotion-code');
      expect(read.status).toBe(200);
    }
  });

  it('logs JSON lines with the request id and no sign-in token', async () => {
    await request(site.ports.https, '/login/secret.token.here');
    const lines = fs
      .readFileSync(path.join(site.logDir, 'nginx-access.log'), 'utf8')
      .trim()
      .split('\n')
      .map((line) => JSON.parse(line));
    expect(lines.at(-1)).toMatchObject({ path: '/login/[redacted]', status: 200 });
    expect(lines.at(-1).requestId).toMatch(/^[0-9a-f]{32}$/);
    expect(fs.readFileSync(path.join(site.logDir, 'nginx-access.log'), 'utf8')).not.toContain(
      'secret.token',
    );
  });
});
