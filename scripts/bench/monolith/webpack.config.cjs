// The bench's monolith: the shell's own production config, with the remotes' contracts compiled
// in instead of federated. The ModuleFederationPlugin goes; the shell's federation runtime
// module (shell/src/remotes/federationRuntime.ts) is swapped for staticRuntime.ts, which hands
// the shell's RemoteRegistry the contracts imported statically. No product code is copied: the
// shell, the remotes and their build settings are the product's own.
//   pnpm --filter @pos/shell exec webpack --config ../scripts/bench/monolith/webpack.config.cjs
const fs = require('node:fs');
const path = require('node:path');
const { createRequire } = require('node:module');
const { pathToFileURL } = require('node:url');

const repoRoot = path.resolve(__dirname, '../../..');
const fromShell = createRequire(path.join(repoRoot, 'shell/package.json'));
const webpack = fromShell('webpack');
const shellConfigs = require(path.join(repoRoot, 'shell/webpack.config.cjs'));

/** Where the monolith is built (and its contracts module written): beside the bench's data. */
const outputDir = path.join(repoRoot, '.run/bench-monolith');

/** The module of every remote's contract, by remote name, from the stack's list of remotes. */
const writeContractsModule = (remotes) => {
  const file = path.join(outputDir, 'contracts.generated.ts');
  const lines = remotes.map(
    (remote, i) =>
      `import contract${i} from ${JSON.stringify(path.join(repoRoot, remote.pkg, 'src/contract.ts'))};`,
  );
  const entries = remotes.map((remote, i) => `  ${JSON.stringify(remote.name)}: contract${i},`);
  fs.mkdirSync(outputDir, { recursive: true });
  fs.writeFileSync(
    file,
    `// Written by scripts/bench/monolith/webpack.config.cjs.\n${lines.join('\n')}\n\n` +
      `export const contracts: Record<string, unknown> = {\n${entries.join('\n')}\n};\n`,
  );
  return file;
};

module.exports = async (env, argv) => {
  const { remotes } = await import(pathToFileURL(path.join(repoRoot, 'scripts/lib/services.mjs')));
  const contractsModule = writeContractsModule(remotes);
  // The shell's config may be one config or several (another entry), each maybe a function of
  // (env, argv); the dashboard is the one with the `main` entry.
  const shell = [shellConfigs]
    .flat()
    .map((config) =>
      typeof config === 'function' ? config(env, { ...argv, mode: 'production' }) : config,
    )
    .flat()
    .find((config) => config.entry && 'main' in config.entry);
  if (!shell) throw new Error('shell/webpack.config.cjs has no config with the main entry');
  return {
    ...shell,
    name: 'monolith',
    devtool: false,
    output: { ...shell.output, path: path.join(outputDir, 'dist'), uniqueName: 'monolith' },
    resolve: {
      ...shell.resolve,
      alias: { ...shell.resolve?.alias, 'bench-monolith-contracts$': contractsModule },
    },
    plugins: [
      ...shell.plugins.filter((plugin) => plugin.constructor.name !== 'ModuleFederationPlugin'),
      new webpack.NormalModuleReplacementPlugin(
        /[\\/]remotes[\\/]federationRuntime$/,
        path.join(__dirname, 'staticRuntime.ts'),
      ),
    ],
  };
};
