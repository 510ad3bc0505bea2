// A remote's production build writes what it is into its output, beside remoteEntry.js and
// mf-manifest.json (scripts/lib/build-files.cjs): its contract's slots (slots.json, through
// scripts/lib/contract-slots.cjs) and its facts (build.json: the remote's version, the commit
// it is built from, the versions it is built against). A release of the build records these
// (scripts/lib/release.mjs), whatever is checked out when it is published.
const path = require('node:path');
const { contractSlotsOfAsync } = require('../../scripts/lib/contract-slots.cjs');
const {
  FACTS_FILE,
  SLOTS_FILE,
  buildFactsOf,
  checkFacts,
  checkSlots,
} = require('../../scripts/lib/build-files.cjs');

const NAME = 'BuildFilesPlugin';

class BuildFilesPlugin {
  /**
   * @param {{ pkg: string, dir?: string }} options the remote's package folder's name (e.g.
   *   mf-stations) and the folder built, when it is not the repository's (a copy of the sources):
   *   the files describe what is built, so both the contract and the facts are read from there.
   */
  constructor({ pkg, dir }) {
    this.pkg = pkg;
    this.pkgDir = dir ?? path.join(__dirname, '..', '..', pkg);
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, WebpackError, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      // Both read from the start, once per build: the child Node that reads the contract and
      // the git calls run while webpack compiles, so the build takes hardly longer.
      const files = [
        [
          SLOTS_FILE,
          contractSlotsOfAsync(this.pkg, this.pkgDir),
          checkSlots,
          `${this.pkg}'s contract slots`,
        ],
        [FACTS_FILE, buildFactsOf(this.pkgDir), checkFacts, `${this.pkg}'s build facts`],
      ].map(([name, read, check, what]) => {
        const value = read.then((found) => {
          check(found, what);
          return found;
        });
        // A compilation that stops before its assets never awaits it.
        value.catch(() => undefined);
        return { name, value };
      });
      compilation.hooks.processAssets.tapPromise(
        { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          for (const { name, value } of files) {
            try {
              const json = `${JSON.stringify(await value, null, 2)}\n`;
              compilation.emitAsset(name, new sources.RawSource(json));
            } catch (error) {
              // No build without them: a release of it could not record what it is.
              compilation.errors.push(new WebpackError(`${NAME}: ${error.message}`));
            }
          }
        },
      );
    });
  }
}

module.exports = { BuildFilesPlugin };
