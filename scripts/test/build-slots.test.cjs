// A remote's production build writes its contract's slots into its output (slots.json, from
// shared/webpack/slots-plugin.cjs through contract-slots.cjs), which a release of that build
// records (scripts/lib/build-slots.cjs reads and checks it).
const { execFile } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');
const { contractSlotsOf } = require('../lib/contract-slots.cjs');
const { SLOTS_FILE, checkSlots, readBuildSlots } = require('../lib/build-slots.cjs');

const repoRoot = path.join(__dirname, '..', '..');

let dir;
beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'build-slots-'));
});
afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

describe("a remote's production build", () => {
  it("writes its contract's slots beside its entry and manifest", async () => {
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
  }, 180_000);
});

describe('ContractSlotsPlugin', () => {
  it('fails the build when the contract cannot be read: no build without its slots', async () => {
    const webpack = require(require.resolve('webpack', { paths: [path.join(repoRoot, 'shell')] }));
    const { ContractSlotsPlugin } = require('../../shared/webpack/slots-plugin.cjs');
    fs.writeFileSync(path.join(dir, 'index.js'), 'console.log(1);\n');
    const compiler = webpack({
      mode: 'production',
      context: dir,
      entry: './index.js',
      output: { path: path.join(dir, 'dist') },
      plugins: [new ContractSlotsPlugin({ pkg: 'mf-nowhere' })],
    });
    const stats = await new Promise((resolve, reject) =>
      compiler.run((error, result) => {
        compiler.close(() => undefined);
        return error ? reject(error) : resolve(result);
      }),
    );
    expect(stats.hasErrors()).toBe(true);
    expect(stats.toString('errors-only')).toContain('ContractSlotsPlugin: no remote in mf-nowhere');
    expect(fs.existsSync(path.join(dir, 'dist', SLOTS_FILE))).toBe(false);
  }, 60_000);
});

describe("a build's slots.json", () => {
  const slots = {
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
    navWidgets: [
      {
        id: 'assistant',
        title: 'Assistant',
        access: 'manager',
        order: 10,
        height: 106,
        collapsedHeight: 56,
      },
    ],
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
