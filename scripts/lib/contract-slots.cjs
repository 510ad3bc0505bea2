// The remotes' contracts as data (issue 30): each remote's navigation items, dashboard tiles and
// navigation widgets, read from its own src/contract.ts, and the slots they make (remotes.json's
// `slots` shape, with the sizes the first paint and the shell reserve). The declared-slots test
// compares remotes.json's declarations with them, and each remote's production build writes them
// into its output (slots.json, shared/webpack/build-files-plugin.cjs), which a release of that
// build records (release.mjs): a release that adds a tile has its place before it loads. services.mjs
// is an ES module and the contracts TypeScript, so a child Node with the api's tsx loader reads
// them: a dev install's tool, needed to build a remote, never to publish a build.
const { execFile, spawnSync } = require('node:child_process');
const path = require('node:path');
const { pathToFileURL } = require('node:url');

const repoRoot = path.join(__dirname, '..', '..');
const services = path.join(repoRoot, 'scripts', 'lib', 'services.mjs');
const tsxLoader = path.join(repoRoot, 'api', 'node_modules', 'tsx', 'dist', 'loader.mjs');

/** The rows a tile takes when neither its contract nor remotes.json says (the shell's default). */
const DEFAULT_TILE_ROWS = 1;

/**
 * @typedef {{ navItems: object[], tiles: object[], navWidgets: object[] }} ContractItems
 * @typedef {{ name: string, pkg: string, slots: object | null, contract: ContractItems }} RemoteContractItems
 */

/**
 * The child Node that reads the contracts (of every remote, or of `onlyPkg`): its command.
 * `pkgDir` is where `onlyPkg`'s sources are when they are not its folder of the repository (a
 * copy being built): its contract is read there.
 */
function contractReader(onlyPkg, pkgDir) {
  const script = `
    import Module from 'node:module';
    import path from 'node:path';
    import { pathToFileURL } from 'node:url';
    // What a contract's texts import from the kit brings its stylesheets, which Node cannot read.
    Module._extensions['.css'] = (module) => {
      module.exports = {};
    };
    // The kit's rules as the front ends bundle them (their source), not the api's compiled copy
    // (Node's "node" condition), which a fresh clone has not built yet when the tests run.
    const resolveFilename = Module._resolveFilename;
    const kitRules = path.join(${JSON.stringify(path.join(repoRoot, 'shared'))}, ${JSON.stringify(require('../../shared/package.json').exports['./rules'].default)});
    Module._resolveFilename = function (request, ...rest) {
      return resolveFilename.call(this, request === '@pos/shared/rules' ? kitRules : request, ...rest);
    };
    const { remotes, repoRoot } = await import(${JSON.stringify(pathToFileURL(services).href)});
    const only = ${JSON.stringify(onlyPkg ?? null)};
    const onlyDir = ${JSON.stringify(pkgDir ? path.resolve(pkgDir) : null)};
    const withoutLoad = ({ load, ...rest }) => rest;
    const out = [];
    for (const remote of remotes.filter((candidate) => !only || candidate.pkg === only)) {
      const file = pathToFileURL(path.join(onlyDir ?? path.join(repoRoot, remote.pkg), 'src', 'contract.ts')).href;
      // A package without "type": "module" loads as CommonJS: its default export is one level down.
      const loaded = (await import(file)).default;
      const contract = loaded.default ?? loaded;
      out.push({
        name: remote.name,
        pkg: remote.pkg,
        slots: remote.slots ?? null,
        contract: {
          navItems: contract.navItems,
          tiles: contract.tiles.map(withoutLoad),
          navWidgets: (contract.navWidgets ?? []).map(withoutLoad),
        },
      });
    }
    process.stdout.write(JSON.stringify(out));
  `;
  return {
    args: ['--import', pathToFileURL(tsxLoader).href, '--input-type=module', '-e', script],
    // The remotes' compiler settings (the automatic JSX runtime of what a contract's texts import).
    options: {
      encoding: 'utf8',
      cwd: repoRoot,
      env: { ...process.env, TSX_TSCONFIG_PATH: path.join(repoRoot, 'tsconfig.base.json') },
    },
  };
}

/**
 * Each remote of services.mjs (or only the package `onlyPkg`): its declared `slots` and its
 * contract's nav items, tiles and widgets as the contract has them (loaders left out).
 * @param {string} [onlyPkg] a remote's package folder, e.g. mf-stations
 * @returns {RemoteContractItems[]}
 */
function remoteContracts(onlyPkg) {
  const { args, options } = contractReader(onlyPkg);
  const child = spawnSync(process.execPath, args, options);
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout);
}

/**
 * {@link remoteContracts} without blocking: a build reads its contract while webpack compiles.
 * @param {string} [onlyPkg]
 * @param {string} [pkgDir] where `onlyPkg`'s sources are, when not in the repository's folder
 * @returns {Promise<RemoteContractItems[]>}
 */
function remoteContractsAsync(onlyPkg, pkgDir) {
  const { args, options } = contractReader(onlyPkg, pkgDir);
  return new Promise((resolve, reject) => {
    execFile(process.execPath, args, options, (error, stdout, stderr) => {
      if (error) reject(new Error(stderr || error.message));
      else resolve(JSON.parse(stdout));
    });
  });
}

/**
 * The slots of a contract's items: its nav items as they are, each tile with the rows it takes
 * and each widget with its heights. A size comes from the contract when it gives one, else from
 * `declared` (remotes.json's slots of the remote) for the same id, else a tile takes one row; a
 * widget has no default (its height is its own), so one without a size anywhere throws.
 * @param {string} remote the remote's name, for the error
 * @param {ContractItems} contract
 * @param {{ tiles?: Array<{ id: string, rows: number }>, navWidgets?: Array<{ id: string, height: number, collapsedHeight: number }> } | null} declared
 */
function slotsOfContract(remote, contract, declared) {
  const declaredTile = new Map((declared?.tiles ?? []).map((tile) => [tile.id, tile]));
  const declaredWidget = new Map((declared?.navWidgets ?? []).map((widget) => [widget.id, widget]));
  return {
    navItems: contract.navItems,
    tiles: contract.tiles.map(({ rows, ...tile }) => ({
      ...tile,
      rows: rows ?? declaredTile.get(tile.id)?.rows ?? DEFAULT_TILE_ROWS,
    })),
    navWidgets: contract.navWidgets.map(({ height, collapsedHeight, ...widget }) => {
      const known = declaredWidget.get(widget.id);
      const sized = {
        ...widget,
        height: height ?? known?.height,
        collapsedHeight: collapsedHeight ?? known?.collapsedHeight,
      };
      if (sized.height === undefined || sized.collapsedHeight === undefined) {
        throw new Error(
          `${remote}'s widget ${widget.id} has no height: give it height and collapsedHeight in its contract`,
        );
      }
      return sized;
    }),
  };
}

/** The slots of the one remote of `remotes` (a reader's answer for its package `pkg`). */
function slotsOfOnly(pkg, [remote]) {
  if (!remote) throw new Error(`no remote in ${pkg}`);
  return slotsOfContract(remote.name, remote.contract, remote.slots);
}

/**
 * The slots of the remote in package folder `pkg` as its contract source has them now: what its
 * build writes into slots.json.
 * @param {string} pkg e.g. mf-stations
 */
function contractSlotsOf(pkg) {
  return slotsOfOnly(pkg, remoteContracts(pkg));
}

/**
 * {@link contractSlotsOf} without blocking (the build's slots plugin), of the sources in
 * `pkgDir`: the build's own, which are not the repository's when a copy is built.
 * @param {string} pkg e.g. mf-stations
 * @param {string} [pkgDir] the sources' folder; the repository's `<pkg>/` when left out
 */
async function contractSlotsOfAsync(pkg, pkgDir) {
  return slotsOfOnly(pkg, await remoteContractsAsync(pkg, pkgDir));
}

module.exports = {
  remoteContracts,
  slotsOfContract,
  contractSlotsOf,
  contractSlotsOfAsync,
  DEFAULT_TILE_ROWS,
};
