// A remote's production build writes its contract's slots (scripts/lib/contract-slots.cjs) into
// its output as slots.json, beside remoteEntry.js and mf-manifest.json: a release of the build
// records these (scripts/lib/release.mjs), the slots of the contract it was built from, whatever
// is checked out when it is published.
const { contractSlotsOfAsync } = require('../../scripts/lib/contract-slots.cjs');
const { SLOTS_FILE, checkSlots } = require('../../scripts/lib/build-slots.cjs');

const NAME = 'ContractSlotsPlugin';

class ContractSlotsPlugin {
  /** @param {{ pkg: string }} options the remote's package folder, e.g. mf-stations */
  constructor({ pkg }) {
    this.pkg = pkg;
  }

  /** @param {import('webpack').Compiler} compiler */
  apply(compiler) {
    const { Compilation, WebpackError, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap(NAME, (compilation) => {
      // Read from the start: the child Node that reads the contract runs while webpack compiles,
      // so the build takes hardly longer.
      const slots = contractSlotsOfAsync(this.pkg).then((read) => {
        checkSlots(read, `${this.pkg}'s contract slots`);
        return read;
      });
      // A compilation that stops before its assets never awaits it.
      slots.catch(() => undefined);
      compilation.hooks.processAssets.tapPromise(
        { name: NAME, stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        async () => {
          try {
            const json = `${JSON.stringify(await slots, null, 2)}\n`;
            compilation.emitAsset(SLOTS_FILE, new sources.RawSource(json));
          } catch (error) {
            // No build without its slots: a release of it could not record them.
            compilation.errors.push(new WebpackError(`${NAME}: ${error.message}`));
          }
        },
      );
    });
  }
}

module.exports = { ContractSlotsPlugin };
