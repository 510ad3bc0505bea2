// scripts/lib/release.mjs (issue 31): a build is stored under the hash of its content, once, and
// its declared singletons, sizes, slots and facts (version, commit, builtAgainst) are read from
// the build. An ES module: run in a child
// Node; `release.mjs --from` runs as the release script, against a stand-in api.
const { execFile, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const http = require('node:http');
const os = require('node:os');
const path = require('node:path');

const LIB = path.join(__dirname, '..', 'lib', 'release.mjs');
const CLI = path.join(__dirname, '..', 'release.mjs');

const { stationsSlots } = require('./fixtures/slots.cjs');

/** What a build of mf-stations made on another checkout says it is (its build.json). */
const builtElsewhere = {
  version: '0.0.9',
  commit: 'abcdef012345',
  builtAgainst: { '@pos/shared': '0.0.1', react: '19.0.0', rxjs: '7.0.0' },
};

/** Calls `lib[name](...args)` in a child process and answers its JSON result. */
function call(name, ...args) {
  const script = `import(${JSON.stringify(LIB)}).then(async (lib) => {
    process.stdout.write(JSON.stringify(await lib[${JSON.stringify(name)}](...${JSON.stringify(args)})));
  })`;
  return JSON.parse(execFileSync(process.execPath, ['-e', script], { encoding: 'utf8' }));
}

let dir;
let build;

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'release-'));
  build = path.join(dir, 'build');
  fs.mkdirSync(build);
  fs.writeFileSync(path.join(build, 'remoteEntry.js'), 'var mf_x = 1;'.repeat(100));
  fs.writeFileSync(path.join(build, 'main.1234abcd.js'), 'console.log(1);');
  fs.writeFileSync(path.join(build, 'main.1234abcd.js.map'), '{}');
  fs.writeFileSync(
    path.join(build, 'mf-manifest.json'),
    JSON.stringify({
      shared: [{ name: 'react', requiredVersion: '^19.3.1', version: '19.3.1', assets: {} }],
    }),
  );
  fs.writeFileSync(path.join(build, 'build.json'), JSON.stringify(builtElsewhere));
});

afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('a release of a remote', () => {
  it('is stored under the hash of its content and never written again', () => {
    const releases = path.join(dir, 'releases');
    const first = call('storeRelease', build, 'mf_x', releases);
    expect(first.contentHash).toMatch(/^[0-9a-f]{64}$/);
    expect(first.dir).toBe(path.join(releases, 'mf_x', first.contentHash.slice(0, 16)));
    expect(fs.readFileSync(path.join(first.dir, 'remoteEntry.js'), 'utf8')).toContain('mf_x');

    // The same content again: the same address, the stored files untouched.
    fs.writeFileSync(path.join(first.dir, 'marker'), 'kept');
    expect(call('storeRelease', build, 'mf_x', releases)).toEqual(first);
    expect(fs.existsSync(path.join(first.dir, 'marker'))).toBe(true);

    // Any change of content is another release.
    fs.writeFileSync(path.join(build, 'main.1234abcd.js'), 'console.log(2);');
    const second = call('storeRelease', build, 'mf_x', releases);
    expect(second.contentHash).not.toBe(first.contentHash);
    expect(fs.readdirSync(path.join(releases, 'mf_x')).sort()).toEqual(
      [first.dir, second.dir].map((folder) => path.basename(folder)).sort(),
    );
  });

  it('declares the singletons of its manifest and measures its JavaScript without source maps', () => {
    expect(call('sharedOf', build)).toEqual([
      { name: 'react', requiredVersion: '^19.3.1', version: '19.3.1' },
    ]);
    const sizes = call('sizesOf', build);
    expect(sizes.jsBytes).toBe(1300 + 'console.log(1);'.length);
    expect(sizes.entryBytes).toBe(1300);
    expect(sizes.jsGzipBytes).toBeGreaterThan(0);
    expect(sizes.jsGzipBytes).toBeLessThan(sizes.jsBytes);
  });

  it('has the same address whichever commit built it: its facts (build.json) are not its content', () => {
    const releases = path.join(dir, 'releases');
    const first = call('storeRelease', build, 'mf_x', releases);
    fs.writeFileSync(
      path.join(build, 'build.json'),
      JSON.stringify({ ...builtElsewhere, commit: '999999999999' }),
    );
    expect(call('storeRelease', build, 'mf_x', releases)).toEqual(first);
    // The folder keeps the facts of the build first stored, as the api keeps its first record.
    expect(JSON.parse(fs.readFileSync(path.join(first.dir, 'build.json'), 'utf8'))).toEqual(
      builtElsewhere,
    );
  });

  it('is recorded with the slots its build wrote (slots.json)', () => {
    fs.writeFileSync(path.join(build, 'slots.json'), JSON.stringify(stationsSlots));
    // A stand-in for the api's publish route in the child: the body the release script sends.
    const script = `
      import http from 'node:http';
      const lib = await import(${JSON.stringify(LIB)});
      let received = null;
      const api = http.createServer((request, response) => {
        let body = '';
        request.on('data', (chunk) => (body += chunk));
        request.on('end', () => {
          received = JSON.parse(body);
          response.writeHead(201, { 'content-type': 'application/json' });
          response.end(JSON.stringify({ id: 'rel_1' }));
        });
      });
      await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
      try {
        await lib.publishRemote('mf-stations', {
          token: 'token',
          from: ${JSON.stringify(build)},
          dir: ${JSON.stringify(path.join(dir, 'releases'))},
          apiUrl: 'http://127.0.0.1:' + api.address().port,
        });
      } finally {
        api.close();
      }
      process.stdout.write(JSON.stringify(received));
    `;
    const sent = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
    );
    expect(sent.remote).toBe('mf_stations');
    expect(sent.slots).toEqual(stationsSlots);
    expect(sent).toMatchObject(builtElsewhere);
  });
});

describe('`release.mjs REMOTE --from DIR`', () => {
  /** The bodies the stand-in api was sent, and the CLI's exit and output. */
  async function publishFrom(from) {
    const received = [];
    const api = http.createServer((request, response) => {
      let body = '';
      request.on('data', (chunk) => (body += chunk));
      request.on('end', () => {
        received.push({ url: request.url, body: JSON.parse(body) });
        response.writeHead(201, { 'content-type': 'application/json' });
        response.end(JSON.stringify({ id: 'rel_1', ...JSON.parse(body) }));
      });
    });
    await new Promise((resolve) => api.listen(0, '127.0.0.1', resolve));
    try {
      const { code, stdout, stderr } = await new Promise((resolve) => {
        execFile(
          process.execPath,
          [CLI, 'mf-stations', '--from', from],
          {
            encoding: 'utf8',
            env: {
              ...process.env,
              POS_RELEASE_TOKEN: 'token',
              API_URL: `http://127.0.0.1:${api.address().port}`,
              RELEASES_DIR: path.join(dir, 'releases'),
            },
          },
          (error, out, err) => resolve({ code: error ? error.code : 0, stdout: out, stderr: err }),
        );
      });
      return { code, stdout, stderr, received };
    } finally {
      await new Promise((resolve) => api.close(resolve));
    }
  }

  const stored = () =>
    fs.existsSync(path.join(dir, 'releases')) ? fs.readdirSync(path.join(dir, 'releases')) : [];

  it("records DIR's slots, not those of the contract checked out now", async () => {
    // A build of a contract that had one more tile than the one in the working tree.
    const built = {
      ...stationsSlots,
      tiles: [
        ...stationsSlots.tiles,
        { id: 'queue', title: 'Queue', access: 'all', order: 31, rows: 3 },
      ],
    };
    fs.writeFileSync(path.join(build, 'slots.json'), JSON.stringify(built));
    const published = await publishFrom(build);
    expect(published.stderr).toBe('');
    expect(published.code).toBe(0);
    expect(published.received).toHaveLength(1);
    expect(published.received[0].url).toBe('/api/connect-ui/admin-panel/releases');
    expect(published.received[0].body.slots).toEqual(built);
    expect(published.stdout).toContain('as release rel_1');
  });

  it("records DIR's version, commit and versions built against, not the working tree's", async () => {
    fs.writeFileSync(path.join(build, 'slots.json'), JSON.stringify(stationsSlots));
    const published = await publishFrom(build);
    expect(published.stderr).toBe('');
    expect(published.code).toBe(0);
    expect(published.received).toHaveLength(1);
    const { version, commit, builtAgainst } = published.received[0].body;
    expect({ version, commit, builtAgainst }).toEqual(builtElsewhere);
    expect(published.stdout).toContain('Published mf_stations 0.0.9 (abcdef012345)');
  });

  it("loads no reader of the contracts' source (the api's tsx): a built folder is all it needs", () => {
    const script = `
      import { createRequire } from 'node:module';
      await import(${JSON.stringify(LIB)});
      process.stdout.write(JSON.stringify(Object.keys(createRequire(import.meta.url).cache)));
    `;
    const loaded = JSON.parse(
      execFileSync(process.execPath, ['--input-type=module', '-e', script], { encoding: 'utf8' }),
    );
    expect(loaded).toContain(path.join(__dirname, '..', 'lib', 'build-files.cjs'));
    expect(loaded).not.toContain(path.join(__dirname, '..', 'lib', 'contract-slots.cjs'));
  });

  it('refuses a DIR without slots.json, asking for a rebuild, and publishes nothing', async () => {
    const published = await publishFrom(build);
    expect(published.code).toBe(1);
    expect(published.stderr).toContain(`${build} has no slots.json`);
    expect(published.stderr).toContain('Rebuild it (pnpm --filter @pos/mf-stations build');
    expect(published.received).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it('refuses a DIR without build.json, asking for a rebuild, and publishes nothing', async () => {
    fs.writeFileSync(path.join(build, 'slots.json'), JSON.stringify(stationsSlots));
    fs.rmSync(path.join(build, 'build.json'));
    const published = await publishFrom(build);
    expect(published.code).toBe(1);
    expect(published.stderr).toContain(`${build} has no build.json`);
    expect(published.stderr).toContain('Rebuild it (pnpm --filter @pos/mf-stations build');
    expect(published.received).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it('refuses a build.json of the wrong shape, naming the field, and publishes nothing', async () => {
    fs.writeFileSync(path.join(build, 'slots.json'), JSON.stringify(stationsSlots));
    fs.writeFileSync(
      path.join(build, 'build.json'),
      JSON.stringify({ ...builtElsewhere, commit: 'HEAD' }),
    );
    const published = await publishFrom(build);
    expect(published.code).toBe(1);
    expect(published.stderr).toContain("build.json is not a remote build's facts");
    expect(published.stderr).toContain('/commit must match pattern');
    expect(published.received).toEqual([]);
    expect(stored()).toEqual([]);
  });

  it('refuses a slots.json of the wrong shape, naming the field, and publishes nothing', async () => {
    const { rows: _rows, ...withoutRows } = stationsSlots.tiles[0];
    fs.writeFileSync(
      path.join(build, 'slots.json'),
      JSON.stringify({ ...stationsSlots, tiles: [{ ...withoutRows, access: 'everyone' }] }),
    );
    const published = await publishFrom(build);
    expect(published.code).toBe(1);
    expect(published.stderr).toContain("slots.json is not a remote's slots");
    expect(published.stderr).toContain("/tiles/0 must have required property 'rows'");
    expect(published.stderr).toContain(
      '/tiles/0/access must be equal to one of the allowed values',
    );
    expect(published.received).toEqual([]);
    expect(stored()).toEqual([]);
  });
});
