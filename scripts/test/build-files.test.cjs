// A remote's production build writes what it is into its output
// (shared/webpack/build-files-plugin.cjs): its contract's slots (slots.json, through
// contract-slots.cjs) and its facts (build.json: version, commit, the versions it was built
// against), which a release of that build records (scripts/lib/build-files.cjs reads and checks
// them).
const { execFile, execFileSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { contractSlotsOf } = require('../lib/contract-slots.cjs');
const { addTileToContract, buildChangedCopy } = require('../lib/remote-copy.cjs');
const {
  BUILT_AGAINST,
  FACTS_FILE,
  SLOTS_FILE,
  builtAgainstOf,
  checkFacts,
  checkSlots,
  commitOf,
  readBuildFacts,
  readBuildSlots,
} = require('../lib/build-files.cjs');
const { assistantWidget, stationsSlots } = require('./fixtures/slots.cjs');

const repoRoot = path.join(__dirname, '..', '..');

let dir;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-files-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("a remote's production build", () => {
  it("writes its contract's slots and its facts beside its entry and manifest", async () => {
    // The remote's own build (`pnpm build`), into a folder of its own as a release builds it.
    await new Promise((resolve, reject) =>
      execFile(
        'pnpm',
        ['exec', 'webpack', '--mode', 'production', '--stats=errors-warnings'],
        {
          cwd: path.join(repoRoot, 'mf-stations'),
          env: { ...process.env, REMOTE_OUTPUT_DIR: dir },
        },
        (error, _stdout, stderr) =>
          error ? reject(new Error(stderr || error.message)) : resolve(),
      ),
    );
    expect(fs.existsSync(path.join(dir, 'remoteEntry.js'))).toBe(true);
    expect(fs.existsSync(path.join(dir, 'mf-manifest.json'))).toBe(true);
    const written = JSON.parse(fs.readFileSync(path.join(dir, SLOTS_FILE), 'utf8'));
    expect(written).toEqual(contractSlotsOf('mf-stations'));
    expect(readBuildSlots(dir, 'mf-stations')).toEqual(written);

    // What the build is: the remote's version, the commit checked out, the versions installed.
    const stations = path.join(repoRoot, 'mf-stations');
    const facts = JSON.parse(fs.readFileSync(path.join(dir, FACTS_FILE), 'utf8'));
    expect(facts).toEqual({
      version: require('../../mf-stations/package.json').version,
      commit: await commitOf(stations),
      builtAgainst: builtAgainstOf(stations),
    });
    const head = execFileSync('git', ['rev-parse', '--short=12', 'HEAD'], { cwd: stations });
    expect(facts.commit).toMatch(new RegExp(`^${head.toString().trim()}(-dirty)?$`));
    expect(Object.keys(facts.builtAgainst)).toEqual(BUILT_AGAINST);
    expect(readBuildFacts(dir, 'mf-stations')).toEqual(facts);
  }, 180_000);

  it("of a copy of the sources writes the copy's slots and facts, not the repository's", () => {
    // A copy of mf-admin whose contract adds a tile, built outside the checkout (its own folder
    // name kept, its dependencies the installed ones), as a team builds a changed remote.
    const out = buildChangedCopy('mf-admin', path.join(dir, 'sources'), (sources) =>
      addTileToContract(
        sources,
        "{ id: 'copy-tile', title: 'Copy Tile', access: 'admin', order: 95, load: () => import('./parcels/usersTile').then((m) => m.default) }",
      ),
    );
    expect(readBuildSlots(out, 'mf-admin').tiles).toEqual([
      { id: 'copy-tile', title: 'Copy Tile', access: 'admin', order: 95, rows: 1 },
      ...contractSlotsOf('mf-admin').tiles,
    ]);
    // Not the checkout's commit: the copy is no part of it.
    expect(readBuildFacts(out, 'mf-admin').commit).toBe('0000000');
  }, 180_000);

  it('records the versions of the contract and the singletons it was built against', () => {
    const versions = builtAgainstOf(path.join(repoRoot, 'mf-admin'));
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

  it('is built from commit 0000000 outside a git checkout (a copy of the sources)', async () => {
    expect(await commitOf(dir)).toBe('0000000');
  });
});

describe('BuildFilesPlugin', () => {
  it('fails the build when the contract cannot be read: no build without its slots', async () => {
    const webpack = require(require.resolve('webpack', { paths: [path.join(repoRoot, 'shell')] }));
    const { BuildFilesPlugin } = require('../../shared/webpack/build-files-plugin.cjs');
    fs.writeFileSync(path.join(dir, 'index.js'), 'console.log(1);\n');
    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry: './index.js',
      output: { path: path.join(dir, 'dist') },
      plugins: [new BuildFilesPlugin({ pkg: 'mf-nowhere' })],
    });
    const stats = await new Promise((resolve, reject) =>
      compiler.run((error, result) => {
        compiler.close(() => undefined);
        return error ? reject(error) : resolve(result);
      }),
    );
    expect(stats.hasErrors()).toBe(true);
    expect(stats.toString('errors-only')).toContain('BuildFilesPlugin: no remote in mf-nowhere');
    expect(fs.existsSync(path.join(dir, 'dist', SLOTS_FILE))).toBe(false);
    // Nor its facts: the remote has no package.json to give its version.
    expect(stats.toString('errors-only')).toMatch(/BuildFilesPlugin: ENOENT.*mf-nowhere/);
    expect(fs.existsSync(path.join(dir, 'dist', FACTS_FILE))).toBe(false);
  }, 60_000);
});

describe("a build's slots.json", () => {
  const slots = {
    ...stationsSlots,
    navWidgets: [{ ...assistantWidget, height: 106, collapsedHeight: 56 }],
  };

  it('is read as written when it has the shape of slots', () => {
    fs.writeFileSync(path.join(dir, SLOTS_FILE), JSON.stringify(slots));
    expect(readBuildSlots(dir, 'mf-stations')).toEqual(slots);
  });

  it('is asked for by name, with a rebuild, when the build has none', () => {
    expect(() => readBuildSlots(dir, 'mf-stations')).toThrow(
      `${dir} has no slots.json: it was built before builds recorded their slots. ` +
        'Rebuild it (pnpm --filter @pos/mf-stations build, or a release without --from) and publish again.',
    );
  });

  it('is refused when it is not JSON', () => {
    fs.writeFileSync(path.join(dir, SLOTS_FILE), '{"navItems": [');
    expect(() => readBuildSlots(dir, 'mf-stations')).toThrow(
      `${path.join(dir, SLOTS_FILE)} is not JSON`,
    );
  });

  it.each([
    ['a list missing', { navItems: [], tiles: [] }, "/ must have required property 'navWidgets'"],
    [
      "a tile's rows missing",
      { ...slots, tiles: [{ id: 'pos', title: 'POS', access: 'all', order: 30 }] },
      "/tiles/0 must have required property 'rows'",
    ],
    [
      "a tile's rows not a whole number",
      { ...slots, tiles: [{ ...slots.tiles[0], rows: 1.5 }] },
      '/tiles/0/rows must be integer',
    ],
    [
      "a widget's height of zero",
      { ...slots, navWidgets: [{ ...slots.navWidgets[0], height: 0 }] },
      '/navWidgets/0/height must be > 0',
    ],
    [
      'an unknown access',
      { ...slots, navItems: [{ ...slots.navItems[0], access: 'root' }] },
      '/navItems/0/access must be equal to one of the allowed values',
    ],
    [
      'a field the api does not know',
      { ...slots, tiles: [{ ...slots.tiles[0], load: 'x' }] },
      '/tiles/0 must NOT have additional properties (load)',
    ],
  ])('is refused with %s, naming the field', (_case, wrong, problem) => {
    expect(() => checkSlots(wrong, 'the file')).toThrow(
      `the file is not a remote's slots: ${problem}`,
    );
  });
});

describe("a build's build.json", () => {
  const facts = {
    version: '0.3.0',
    commit: '0123456789ab-dirty',
    builtAgainst: { '@pos/shared': '0.1.0', react: '19.2.0' },
  };

  it('is read as written when it has the shape of facts', () => {
    fs.writeFileSync(path.join(dir, FACTS_FILE), JSON.stringify(facts));
    expect(readBuildFacts(dir, 'mf-stations')).toEqual(facts);
  });

  it('is asked for by name, with a rebuild, when the build has none', () => {
    expect(() => readBuildFacts(dir, 'mf-stations')).toThrow(
      `${dir} has no build.json: it was built before builds recorded their version, commit and ` +
        'the versions they were built against. ' +
        'Rebuild it (pnpm --filter @pos/mf-stations build, or a release without --from) and publish again.',
    );
  });

  it('is refused when it is not JSON', () => {
    fs.writeFileSync(path.join(dir, FACTS_FILE), '{"version": ');
    expect(() => readBuildFacts(dir, 'mf-stations')).toThrow(
      `${path.join(dir, FACTS_FILE)} is not JSON`,
    );
  });

  it.each([
    [
      'the commit missing',
      { version: '1.0.0', builtAgainst: {} },
      "/ must have required property 'commit'",
    ],
    [
      'an empty version',
      { ...facts, version: '' },
      '/version must NOT have fewer than 1 characters',
    ],
    ['a commit that is not one', { ...facts, commit: 'main' }, '/commit must match pattern'],
    [
      'a version built against that is not a text',
      { ...facts, builtAgainst: { react: 19 } },
      '/builtAgainst/react must be string',
    ],
    [
      'a field the api does not know',
      { ...facts, builtAt: 'now' },
      '/ must NOT have additional properties (builtAt)',
    ],
  ])('is refused with %s, naming the field', (_case, wrong, problem) => {
    expect(() => checkFacts(wrong, 'the file')).toThrow(
      `the file is not a remote build's facts: ${problem}`,
    );
  });
});
