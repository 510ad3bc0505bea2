// A remote built from a changed copy of its sources, outside the checkout, as a team builds a
// changed remote: the release journeys (e2e/support/releases.ts) and the build-files test
// (test/build-files.test.cjs) build one, through the remote's own webpack config, so the build
// writes the changed contract's slots.json and build.json.
const { execFileSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const repoRoot = path.join(__dirname, '..', '..');

/** What a remote's production build reads of its package: the rest is the installed packages. */
const SOURCES = ['src', 'package.json', 'webpack.config.cjs'];

/**
 * Copies `pkg`'s sources into `<root>/<pkg>` (the folder's name kept: the build finds its remote
 * by it; the installed dependencies linked), lets `change` edit them, and builds them into
 * `<root>/build`.
 * @param {string} pkg e.g. mf-admin
 * @param {string} root an empty folder of the caller's, which it removes
 * @param {(sources: string) => void} change
 * @returns {string} the build's folder
 */
function buildChangedCopy(pkg, root, change) {
  const sources = path.join(root, pkg);
  for (const entry of SOURCES) {
    fs.cpSync(path.join(repoRoot, pkg, entry), path.join(sources, entry), { recursive: true });
  }
  fs.symlinkSync(
    path.join(repoRoot, pkg, 'node_modules'),
    path.join(sources, 'node_modules'),
    'dir',
  );
  change(sources);
  const build = path.join(root, 'build');
  execFileSync('pnpm', ['exec', 'webpack', '--mode', 'production', '--stats=errors-warnings'], {
    cwd: sources,
    env: { ...process.env, REMOTE_OUTPUT_DIR: build },
    stdio: 'pipe',
  });
  return build;
}

/**
 * Puts a tile first in the tiles of the contract in `sources` (a copy's, see
 * {@link buildChangedCopy}).
 * @param {string} sources
 * @param {string} tile the tile as contract source, e.g. `{ id: 'x', …, load: () => … }`
 */
function addTileToContract(sources, tile) {
  const contract = path.join(sources, 'src', 'contract.ts');
  const source = fs.readFileSync(contract, 'utf8');
  const tiles = /^ {2}tiles: \[$/m;
  if (!tiles.test(source)) throw new Error(`no tiles list in ${contract}`);
  fs.writeFileSync(
    contract,
    source.replace(tiles, (list) => `${list}\n    ${tile},`),
  );
}

module.exports = { buildChangedCopy, addTileToContract };
