// The register is one plain bundle (no Module Federation: a store page has no shell), with
// hashed names, and a manifest.json naming the files the page loads, in order. The Cloud POS
// plugin's zip carries dist/ as assets/register/ (scripts/lib/plugin-zip.mjs); the sandbox
// store serves the same files.
const path = require('node:path');
const { moduleRules } = require('@pos/shared/webpack/federation.cjs');

/** Writes manifest.json: `{ scripts: [...] }`, the main entry's files. */
class RegisterManifestPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('RegisterManifestPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'RegisterManifestPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const scripts = compilation.entrypoints
            .get('main')
            .getFiles()
            .filter((file) => file.endsWith('.js'));
          const json = JSON.stringify({ scripts }, null, 2);
          compilation.emitAsset('manifest.json', new sources.RawSource(json));
        },
      );
    });
  }
}

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    mode: production ? 'production' : 'development',
    context: __dirname,
    entry: { main: './src/index.tsx' },
    devtool: production ? false : 'eval-cheap-module-source-map',
    output: {
      path: path.join(__dirname, 'dist'),
      // Relative to the page: the files' URL is known only at run time (plugins_url).
      publicPath: 'auto',
      filename: production ? 'register.[contenthash:8].js' : 'register.js',
      chunkFilename: production ? 'register.[name].[contenthash:8].js' : 'register.[name].js',
      uniqueName: 'cloud_pos_register',
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: { rules: moduleRules() },
    plugins: [new RegisterManifestPlugin()],
    performance: { hints: false },
  };
};
