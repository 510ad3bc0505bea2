// scripts/lib/release.mjs (issue 31): a build is stored under the hash of its content, once, and
// its declared singletons and sizes are read from the build. An ES module: run in a child Node.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const LIB = path.join(__dirname, '..', 'lib', 'release.mjs');

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

  it('records the versions of the contract and the singletons it was built against', () => {
    const versions = call('builtAgainstOf', path.join(__dirname, '..', '..', 'mf-admin'));
    for (const name of [
      '@pos/shared',
      'react',
      'react-dom',
      'react-router-dom',
      'rxjs',
      'react-final-form',
    ]) {
      expect(versions[name]).toMatch(/^\d+\.\d+\.\d+/);
    }
  });

  it("is recorded with its contract's slots, read from the remote's source", () => {
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
    expect(sent.slots).toEqual({
      navItems: [
        {
          id: 'stations',
          label: 'Stations',
          path: '/stations',
          access: 'all',
          order: 60,
          disabledWhenBanned: true,
          icon: 'stations',
        },
      ],
      tiles: [{ id: 'pos', title: 'POS', access: 'all', order: 30, rows: 2 }],
      navWidgets: [],
    });
  });
});
