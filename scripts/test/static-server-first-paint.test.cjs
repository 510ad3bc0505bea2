// scripts/static-server.mjs with --first-paint, run as the services run it (its CLI, in a child
// process), over a small build folder, a stand-in of the shell's first-paint module
// (fixtures/first-paint/server.cjs) and a tiny Fastify upstream standing in for the api.
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const Fastify = require('fastify');

const INDEX =
  '<!doctype html><html><head><title>shell</title></head><body><div id="root"></div></body></html>';
/** The build's page for a first paint: its entry script starts after the paint. */
const FIRST_PAINT_PAGE =
  '<!doctype html><html><head><title>shell</title><script defer src="/loader.js"></script></head><body><div id="root"></div></body></html>';
const CONFIG = {
  loginProviderUrl: 'http://127.0.0.1:4199/',
  links: { privacy: 'https://example.test/privacy' },
};
/** The api's people, by bearer token. */
const PEOPLE = {
  'manager-token': { userRole: 'manager', fullName: 'Ada Admin' },
  'other-token': { userRole: 'other', fullName: 'Otto Other' },
};
/** Answers only after the static server has given up waiting. */
const SLOW_TOKEN = 'slow-token';

let dir;
let port;
let server;
let upstream;
const bearers = [];

function get(url, headers = {}) {
  return new Promise((resolve, reject) => {
    const request = http.get(`http://127.0.0.1:${port}${url}`, { headers }, (res) => {
      let body = '';
      res.on('data', (chunk) => (body += chunk));
      res.on('end', () => resolve({ status: res.statusCode, headers: res.headers, body }));
    });
    request.on('error', reject);
  });
}

const freePort = async () => {
  const probe = http.createServer();
  await new Promise((resolve) => probe.listen(0, '127.0.0.1', resolve));
  const { port: free } = probe.address();
  await new Promise((resolve) => probe.close(resolve));
  return free;
};

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'first-paint-'));
  const root = path.join(dir, 'dist');
  fs.mkdirSync(root);
  fs.writeFileSync(path.join(root, 'index.html'), INDEX);
  fs.writeFileSync(path.join(root, 'first-paint.html'), FIRST_PAINT_PAGE);
  fs.writeFileSync(
    path.join(root, 'first-paint.json'),
    JSON.stringify({ page: 'first-paint.html', stylesheets: ['/signed-in.0123abcd.css'] }),
  );
  fs.writeFileSync(path.join(root, 'signed-in.0123abcd.css'), '.shell{display:grid}');
  fs.writeFileSync(path.join(dir, 'config.json'), JSON.stringify(CONFIG));
  fs.writeFileSync(
    path.join(dir, 'remotes.json'),
    JSON.stringify({
      remotes: [{ name: 'mf_staff', entry: 'http://staff.test/mf-manifest.json' }],
    }),
  );

  upstream = Fastify();
  const person = async (request, reply) => {
    const bearer = (request.headers.authorization ?? '').replace(/^Bearer /, '');
    bearers.push(bearer);
    if (bearer === SLOW_TOKEN) await new Promise((resolve) => setTimeout(resolve, 1500));
    const found = PEOPLE[bearer] ?? (bearer === SLOW_TOKEN ? PEOPLE['manager-token'] : null);
    if (!found) return reply.code(401).send({ code: 'ERR_UNAUTHORIZED' });
    return found;
  };
  upstream.get('/api/connect-ui/user-settings', person);
  upstream.get('/api/connect-ui/user-data', person);
  await upstream.listen({ port: 0, host: '127.0.0.1' });

  port = await freePort();
  server = spawn(process.execPath, [
    path.join(__dirname, '..', 'static-server.mjs'),
    ...['--root', root, '--port', String(port), '--spa'],
    ...['--json', `/remotes.json=${path.join(dir, 'remotes.json')}`],
    ...['--json', `/config.json=${path.join(dir, 'config.json')}`],
    ...['--csp', 'shell'],
    ...['--first-paint', path.join(__dirname, 'fixtures', 'first-paint', 'server.cjs')],
    ...['--proxy', `/api/connect-ui=http://127.0.0.1:${upstream.server.address().port}`],
  ]);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      await get('/index.html');
      return;
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('static server did not start');
}, 30_000);

afterAll(async () => {
  server?.kill();
  await upstream?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

beforeEach(() => {
  bearers.length = 0;
});

const cookie = (token) => ({ cookie: `theme=dark; pos_token=${encodeURIComponent(token)}` });

describe('static server --first-paint', () => {
  it("renders a signed-in visitor's dashboard from the api's answers to their cookie's token", async () => {
    const page = await get('/', { ...cookie('manager-token'), accept: 'text/html' });
    expect(page.status).toBe(200);
    expect(page.body).toContain('<script defer src="/loader.js">');
    expect(page.body).toContain(
      '<div id="first"><h1>Welcome back, Ada Admin</h1><a href="https://example.test/privacy">',
    );
    // remotes.json as the shell will read it: its remotes' declared places are in the paint.
    expect(page.body).toContain('<ul><li>mf_staff</li></ul>');
    // The build's stylesheet, read from the served folder, in the head.
    expect(page.body).toContain(
      '<style data-href="/signed-in.0123abcd.css">.shell{display:grid}</style></head>',
    );
    expect(bearers).toEqual(['manager-token', 'manager-token']);
  });

  it('keeps the page out of every cache and under the shell’s policy, never framed', async () => {
    const page = await get('/', cookie('manager-token'));
    expect(page.headers['cache-control']).toBe('no-store');
    expect(page.headers.vary).toMatch(/\bcookie\b/i);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("script-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers['x-frame-options']).toBe('DENY');
    expect(page.headers['x-content-type-options']).toBe('nosniff');
  });

  it('sends the page as built without a cookie, asking the api nothing', async () => {
    const page = await get('/');
    expect(page.status).toBe(200);
    expect(page.body).toBe(INDEX);
    expect(page.headers.vary).toMatch(/\bcookie\b/i);
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(bearers).toEqual([]);
  });

  it('sends the page as built when the api refuses the token', async () => {
    const page = await get('/', cookie('forged-token'));
    expect(page.status).toBe(200);
    expect(page.body).toBe(INDEX);
    expect(bearers).toContain('forged-token');
  });

  it('sends the page as built when the module has no first paint for the account', async () => {
    const page = await get('/', cookie('other-token'));
    expect(page.body).toBe(INDEX);
  });

  it('does not keep the page waiting for a slow api', async () => {
    const started = Date.now();
    const page = await get('/', cookie(SLOW_TOKEN));
    expect(page.body).toBe(INDEX);
    // FIRST_PAINT_WAIT_MS is 500; the api answers after 1 500.
    expect(Date.now() - started).toBeLessThan(1400);
  });

  it('renders only the module’s paths: other pages are the app as built', async () => {
    const page = await get('/applications', { ...cookie('manager-token'), accept: 'text/html' });
    expect(page.body).toBe(INDEX);
    expect(bearers).toEqual([]);
  });
});
