// The static server's part in the remotes' releases (issue 31): a remote's server serves its
// content-addressed releases with `immutable` caching, and the shell's server puts the api's
// live release mapping into remotes.json (the file alone when the api does not answer).
const { spawn } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');
const Fastify = require('fastify');

const PORT = 3700 + (process.pid % 80);
const REMOTES = {
  remotes: [
    { name: 'mf_admin', entry: 'http://127.0.0.1:3006/mf-manifest.json', routes: ['/admin-panel'] },
    { name: 'mf_staff', entry: 'http://127.0.0.1:3007/mf-manifest.json', routes: ['/staff'] },
  ],
};
const MAPPING = {
  remotes: [
    {
      name: 'mf_admin',
      release: 'rel-live',
      entry: 'http://127.0.0.1:3006/releases/aaaa/mf-manifest.json',
      canary: {
        release: 'rel-canary',
        entry: 'http://127.0.0.1:3006/releases/bbbb/mf-manifest.json',
        share: 50,
      },
    },
  ],
};

/** remotes.json with each remote's declared slots (issue 30). */
const tile = (id, rows) => ({ id, title: id, access: 'all', order: 10, rows });
const SLOTTED_REMOTES = {
  remotes: [
    { ...REMOTES.remotes[0], slots: { tiles: [tile('admin-users', 1)] } },
    { ...REMOTES.remotes[1], slots: { tiles: [tile('staff', 1)] } },
  ],
};
/** A live mapping whose mf_admin releases recorded slots and whose mf_staff releases did not. */
const LIVE_SLOTS = { tiles: [tile('admin-users', 1), tile('admin-new', 2)] };
const CANARY_SLOTS = { tiles: [tile('admin-users', 1), tile('admin-new', 3)] };
const SLOTTED_MAPPING = {
  remotes: [
    {
      ...MAPPING.remotes[0],
      slots: LIVE_SLOTS,
      canary: { ...MAPPING.remotes[0].canary, slots: CANARY_SLOTS },
    },
    {
      name: 'mf_staff',
      release: 'rel-staff',
      entry: 'http://127.0.0.1:3007/releases/cccc/mf-manifest.json',
      canary: {
        release: 'rel-staff-canary',
        entry: 'http://127.0.0.1:3007/releases/dddd/mf-manifest.json',
        share: 10,
      },
    },
  ],
};

let dir;
let api;
/** The live release the fake api's promote route last set. */
let promoted = 'rel-live';
const servers = [];

function post(port, url) {
  return new Promise((resolve, reject) => {
    const request = http.request(
      `http://127.0.0.1:${port}${url}`,
      { method: 'POST', headers: { 'content-type': 'application/json' } },
      (res) => {
        res.resume();
        res.on('end', () => resolve(res.statusCode));
      },
    );
    request.on('error', reject);
    request.end('{}');
  });
}

function get(port, url, headers = {}) {
  return new Promise((resolve, reject) => {
    http
      .get(`http://127.0.0.1:${port}${url}`, { headers }, (res) => {
        const chunks = [];
        res.on('data', (chunk) => chunks.push(chunk));
        res.on('end', () =>
          resolve({ status: res.statusCode, headers: res.headers, body: Buffer.concat(chunks) }),
        );
      })
      .on('error', reject);
  });
}

async function start(port, args) {
  const child = spawn(process.execPath, [
    path.join(__dirname, '..', 'static-server.mjs'),
    ...['--port', String(port)],
    ...args,
  ]);
  servers.push(child);
  for (let attempt = 0; attempt < 100; attempt += 1) {
    try {
      return await get(port, '/index.html');
    } catch {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
  }
  throw new Error('static server did not start');
}

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'static-releases-'));
  const root = path.join(dir, 'dist');
  fs.mkdirSync(root);
  fs.writeFileSync(path.join(root, 'index.html'), '<!doctype html><title>app</title>');
  const release = path.join(dir, 'releases', 'aaaa');
  fs.mkdirSync(release, { recursive: true });
  fs.writeFileSync(path.join(release, 'mf-manifest.json'), JSON.stringify({ name: 'mf_admin' }));
  fs.writeFileSync(path.join(release, 'remoteEntry.js'), 'var mf_admin;');
  fs.writeFileSync(path.join(dir, 'remotes.json'), JSON.stringify(REMOTES));
  fs.writeFileSync(path.join(dir, 'remotes-slotted.json'), JSON.stringify(SLOTTED_REMOTES));
  // The first paint's build: its page and its (empty) list of stylesheets.
  fs.writeFileSync(
    path.join(root, 'first-paint.html'),
    '<!doctype html><html><head><title>app</title></head><body><div id="root"></div></body></html>',
  );
  fs.writeFileSync(
    path.join(root, 'first-paint.json'),
    JSON.stringify({ page: 'first-paint.html', stylesheets: [] }),
  );
  fs.writeFileSync(
    path.join(dir, 'config.json'),
    // The links the first paint stand-in writes.
    JSON.stringify({
      loginProviderUrl: 'http://127.0.0.1:4199',
      links: { privacy: 'https://example.test/privacy' },
    }),
  );

  api = Fastify();
  api.get('/api/connect-ui/releases/live', async () => MAPPING);
  api.get('/api/connect-ui/slotted/releases/live', async () => SLOTTED_MAPPING);
  // The account the first paint stand-in (fixtures/first-paint/server.cjs) asks for.
  api.get('/api/connect-ui/user-settings', async () => ({ userRole: 'manager' }));
  api.get('/api/connect-ui/user-data', async () => ({ fullName: 'Ada Admin' }));
  api.get('/api/connect-ui/promoted/releases/live', async () => ({
    remotes: [{ ...MAPPING.remotes[0], release: promoted, canary: null }],
  }));
  api.post('/api/connect-ui/admin-panel/releases/:id/promote', async (request) => {
    promoted = request.params.id;
    return { ok: true };
  });
  // A failure report that withdrew a canary: the api says the mapping changed.
  api.post('/api/connect-ui/releases/reports', async (_request, reply) => {
    promoted = 'rel-previous';
    reply.header('x-live-releases-changed', '1');
    return reply.code(202).send(null);
  });
  await api.listen({ port: 0, host: '127.0.0.1' });
  const closed = http.createServer();
  await new Promise((resolve) => closed.listen(0, '127.0.0.1', resolve));
  const downPort = closed.address().port;
  await new Promise((resolve) => closed.close(resolve));

  const shellArgs = (mappingUrl) => [
    ...['--root', root, '--spa', '--csp', 'shell'],
    ...['--json', `/remotes.json=${path.join(dir, 'remotes.json')}`],
    ...['--json', `/config.json=${path.join(dir, 'config.json')}`],
    ...['--live-releases', mappingUrl],
  ];
  await Promise.all([
    start(PORT, [...['--root', root, '--cors'], ...['--releases', path.join(dir, 'releases')]]),
    start(
      PORT + 1,
      shellArgs(`http://127.0.0.1:${api.server.address().port}/api/connect-ui/releases/live`),
    ),
    start(PORT + 2, shellArgs(`http://127.0.0.1:${downPort}/api/connect-ui/releases/live`)),
    start(PORT + 4, [
      ...['--root', root, '--spa', '--csp', 'shell'],
      ...['--json', `/remotes.json=${path.join(dir, 'remotes-slotted.json')}`],
      ...['--json', `/config.json=${path.join(dir, 'config.json')}`],
      ...[
        '--live-releases',
        `http://127.0.0.1:${api.server.address().port}/api/connect-ui/slotted/releases/live`,
      ],
      ...['--proxy', `/api/connect-ui=http://127.0.0.1:${api.server.address().port}`],
      ...['--first-paint', path.join(__dirname, 'fixtures', 'first-paint', 'server.cjs')],
    ]),
    start(PORT + 3, [
      ...shellArgs(
        `http://127.0.0.1:${api.server.address().port}/api/connect-ui/promoted/releases/live`,
      ),
      ...['--proxy', `/api/connect-ui=http://127.0.0.1:${api.server.address().port}`],
    ]),
  ]);
}, 30_000);

afterAll(async () => {
  for (const child of servers) child.kill();
  await api?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

describe("the static server and the remotes' releases", () => {
  it("serves a remote's releases under /releases/ to any origin, cached as immutable", async () => {
    for (const file of ['mf-manifest.json', 'remoteEntry.js']) {
      const answer = await get(PORT, `/releases/aaaa/${file}`);
      expect(answer.status).toBe(200);
      expect(answer.headers['cache-control']).toBe('public, max-age=31536000, immutable');
      expect(answer.headers['access-control-allow-origin']).toBe('*');
    }
    expect((await get(PORT, '/releases/zzzz/mf-manifest.json')).status).toBe(404);
    // The remote's own files keep their caching.
    expect((await get(PORT, '/index.html')).headers['cache-control']).toBe('no-cache');
  });

  it("puts each remote's live release and canary into remotes.json", async () => {
    const answer = await get(PORT + 1, '/remotes.json');
    expect(answer.status).toBe(200);
    expect(answer.headers['cache-control']).toBe('no-cache');
    expect(JSON.parse(answer.body.toString())).toEqual({
      remotes: [
        {
          ...REMOTES.remotes[0],
          entry: MAPPING.remotes[0].entry,
          release: 'rel-live',
          canary: MAPPING.remotes[0].canary,
        },
        REMOTES.remotes[1],
      ],
    });
  });

  it('answers the file alone when the api cannot be reached', async () => {
    const answer = await get(PORT + 2, '/remotes.json');
    expect(answer.status).toBe(200);
    expect(JSON.parse(answer.body.toString())).toEqual(REMOTES);
  });

  it('asks the api again at once after a release action passes through its proxy', async () => {
    const releaseOf = async () =>
      JSON.parse((await get(PORT + 3, '/remotes.json')).body.toString()).remotes[0].release;
    expect(await releaseOf()).toBe('rel-live');
    expect(await post(PORT + 3, '/api/connect-ui/admin-panel/releases/rel-next/promote')).toBe(200);
    // Well within the second an answer may otherwise be kept.
    expect(await releaseOf()).toBe('rel-next');
  });

  it('asks the api again at once after a report that withdrew a canary', async () => {
    const releaseOf = async () =>
      JSON.parse((await get(PORT + 3, '/remotes.json')).body.toString()).remotes[0].release;
    await releaseOf();
    expect(await post(PORT + 3, '/api/connect-ui/releases/reports')).toBe(202);
    expect(await releaseOf()).toBe('rel-previous');
  });

  it("takes a live release's slots over the file's, gives the canary its own, and keeps the file's for a release without", async () => {
    const answer = await get(PORT + 4, '/remotes.json');
    expect(JSON.parse(answer.body.toString())).toEqual({
      remotes: [
        {
          ...SLOTTED_REMOTES.remotes[0],
          entry: MAPPING.remotes[0].entry,
          release: 'rel-live',
          slots: LIVE_SLOTS,
          canary: { ...MAPPING.remotes[0].canary, slots: CANARY_SLOTS },
        },
        {
          ...SLOTTED_REMOTES.remotes[1],
          entry: SLOTTED_MAPPING.remotes[1].entry,
          release: 'rel-staff',
          canary: { ...SLOTTED_MAPPING.remotes[1].canary, slots: SLOTTED_REMOTES.remotes[1].slots },
        },
      ],
    });
  });

  it("lays out the live release's tiles in the first paint, from the mapping /remotes.json serves", async () => {
    const page = await get(PORT + 4, '/', { cookie: 'pos_token=manager-token' });
    expect(page.status).toBe(200);
    // The fixture writes each remote's tiles with their rows: the release's new tile is there.
    expect(page.body.toString()).toContain(
      '<ul><li>mf_admin(admin-users:1,admin-new:2)</li><li>mf_staff(staff:1)</li></ul>',
    );
  });
});
