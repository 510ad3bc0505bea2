// remotes.json's `slots` (scripts/lib/services.mjs, and the shell's runtime default): each
// remote's navigation items, dashboard tiles and navigation widgets, declared so that the first
// paint and the shell give them their places before the remote loads (issue 30). A declaration
// that differs from the contract would show an item the remote does not have, or let one arrive
// unannounced and move the page: they must be the contract's own. services.mjs is an ES module
// and the contracts TypeScript, so a child Node with the api's tsx loader reads them.
const { spawnSync } = require('node:child_process');
const path = require('node:path');

const repoRoot = path.join(__dirname, '..', '..');
const services = path.join(repoRoot, 'scripts', 'lib', 'services.mjs');
const tsxLoader = path.join(repoRoot, 'api', 'node_modules', 'tsx', 'dist', 'loader.mjs');

/** Each remote's declared slots and its contract's items, tiles and widgets (loaders left out). */
function declaredAndContracts() {
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
    const { remotes, repoRoot } = await import(${JSON.stringify(pathToFileUrl(services))});
    const withoutLoad = ({ load, ...rest }) => rest;
    const out = [];
    for (const remote of remotes) {
      const file = pathToFileURL(path.join(repoRoot, remote.pkg, 'src', 'contract.ts')).href;
      // A package without "type": "module" loads as CommonJS: its default export is one level down.
      const loaded = (await import(file)).default;
      const contract = loaded.default ?? loaded;
      out.push({
        name: remote.name,
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
  const child = spawnSync(
    process.execPath,
    ['--import', pathToFileUrl(tsxLoader), '--input-type=module', '-e', script],
    // The remotes' compiler settings (the automatic JSX runtime of what a contract's texts import).
    {
      encoding: 'utf8',
      cwd: repoRoot,
      env: { ...process.env, TSX_TSCONFIG_PATH: path.join(repoRoot, 'tsconfig.base.json') },
    },
  );
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout);
}

function pathToFileUrl(file) {
  return require('node:url').pathToFileURL(file).href;
}

const remotes = declaredAndContracts();

describe("the remotes' declared slots", () => {
  it.each(remotes.map((remote) => [remote.name, remote]))(
    '%s declares exactly its contract’s nav items, tiles and widgets',
    (_name, { slots, contract }) => {
      expect(slots).not.toBeNull();
      expect(slots.navItems ?? []).toEqual(contract.navItems);
      const tiles = (slots.tiles ?? []).map(({ rows, ...tile }) => {
        expect(Number.isInteger(rows) && rows >= 1).toBe(true);
        return tile;
      });
      expect(tiles).toEqual(contract.tiles);
      const widgets = (slots.navWidgets ?? []).map(({ height, collapsedHeight, ...widget }) => {
        expect(height).toBeGreaterThan(0);
        expect(collapsedHeight).toBeGreaterThan(0);
        return widget;
      });
      expect(widgets).toEqual(contract.navWidgets);
    },
  );

  it("are the same in the shell's runtime default remotes.json", () => {
    const defaults = require('../../shell/runtime/remotes.default.json').remotes;
    for (const entry of defaults) {
      const declared = remotes.find((remote) => remote.name === entry.name);
      expect([entry.name, entry.slots]).toEqual([entry.name, declared.slots]);
    }
  });
});
