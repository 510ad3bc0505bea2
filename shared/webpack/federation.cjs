// Build settings every front end shares: the one list of run-time singletons, the loaders, and a
// factory for a remote's webpack config. A remote's webpack.config.cjs stays a few lines long.
const fs = require('node:fs');
const path = require('node:path');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const CssMinimizerPlugin = require('css-minimizer-webpack-plugin');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const { standalonePolicy } = require('../../scripts/lib/csp.cjs');
const { BuildFilesPlugin } = require('./build-files-plugin.cjs');

const sharedPackage = require('../package.json');

/** A package's own manifest and folder, found from its entry (some hide package.json from exports). */
const manifestOf = (name, from = path.join(__dirname, '..')) => {
  let dir = path.dirname(require.resolve(name, { paths: [from] }));
  while (dir !== path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (fs.existsSync(manifest)) {
      const pkg = JSON.parse(fs.readFileSync(manifest, 'utf8'));
      // Some ship a package.json of their own inside dist/ with the name but no version.
      if (pkg.name === name && pkg.version) return { dir, pkg };
    }
    dir = path.dirname(dir);
  }
  throw new Error(`cannot find the package.json of ${name}`);
};

/** The installed version of a package, as a caret range. */
const version = (name) => `^${manifestOf(name).pkg.version}`;

/** The file a browser build takes for a package without an exports map: its ES module build. */
const moduleEntry = (name) => {
  const { dir, pkg } = manifestOf(name);
  return path.join(dir, pkg.module ?? pkg.main);
};

/**
 * React Router 7's exports map gives bundlers its development build (warnings, invariant texts)
 * under every condition; production builds take dist/production instead.
 */
const reactRouterProduction = () => {
  const dom = require.resolve('react-router-dom', { paths: [path.join(__dirname, '..')] });
  const router = manifestOf('react-router', dom).dir;
  const file = (name) => {
    const found = path.join(router, 'dist', 'production', name);
    if (!fs.existsSync(found)) throw new Error(`no ${found}`);
    return found;
  };
  return {
    'react-router$': file('index.mjs'),
    'react-router/dom$': file('dom-export.mjs'),
  };
};

/**
 * Packages that must exist once at run time (ARCHITECTURE.md "Shared singletons").
 * Subpath imports are listed too: Module Federation shares by import request.
 */
const sharedSingletons = () => {
  const entries = {
    react: version('react'),
    'react/jsx-runtime': version('react'),
    'react-dom': version('react-dom'),
    'react-dom/client': version('react-dom'),
    // React Router and RxJS are shared through thin modules of the kit (src/router.ts, src/rx.ts):
    // a shared package is kept whole, a thin module keeps only the names it re-exports.
    '@pos/shared/router': `^${sharedPackage.version}`,
    '@pos/shared/forms': `^${sharedPackage.version}`,
    // The store kit's stylesheet (src/storeKit.css), once for every remote whose store kit
    // components import it, loaded only when one does: bundled by each of them, a page with two
    // got it twice; in the kit's own stylesheet, every first paint carried rules it never uses.
    // (The store kit's code keeps no state: each remote bundles the parts it uses.)
    '@pos/shared/store-kit.css': `^${sharedPackage.version}`,
    '@pos/shared/rx': `^${sharedPackage.version}`,
    axios: version('axios'),
    dayjs: version('dayjs'),
    'jwt-decode': version('jwt-decode'),
    // The kit's field adapters and the remotes' forms must share one form context.
    'react-final-form': version('react-final-form'),
    'final-form': version('final-form'),
    '@pos/shared': `^${sharedPackage.version}`,
  };
  return Object.fromEntries(
    Object.entries(entries).map(([name, requiredVersion]) => [
      name,
      // The version provided is given too: webpack reads it from the nearest package.json, which
      // for react-final-form is its dist/package.json, without a version.
      { singleton: true, requiredVersion, version: requiredVersion.replace(/^\^/, '') },
    ]),
  );
};

/**
 * The host's shared config: every singleton, and these provided even though the shell's own code
 * never imports them. Module Federation provides a package only when the build imports it, or
 * when its `import` is a file; without the host's, each remote registers its own copy, and a
 * later registration whose name sorts higher replaces a copy still loading (runtime-core's
 * `hostName > from`): two remotes on one page then got two react-final-forms ("useField must be
 * used inside of a <Form>"). The host's name, 'shell', sorts after every 'mf_…', so its copy is
 * the one all remotes load, and only when one of them needs it.
 */
const hostSingletons = () => {
  const shared = sharedSingletons();
  const providedByFile = {
    'react-final-form': moduleEntry('react-final-form'),
    'final-form': moduleEntry('final-form'),
    '@pos/shared/forms': path.join(__dirname, '..', sharedPackage.exports['./forms']),
    '@pos/shared/store-kit.css': path.join(
      __dirname,
      '..',
      sharedPackage.exports['./store-kit.css'],
    ),
  };
  for (const [name, file] of Object.entries(providedByFile)) {
    shared[name] = { ...shared[name], import: file };
  }
  return shared;
};

/**
 * The kit's stylesheets, as the shell's production build groups them (of @pos/shared's sources,
 * its dev harness's aside): `kit`, the kit's one stylesheet, which every page loads and every
 * first paint carries; `storeKit`, the store kit's (src/storeKit.css and the stylesheets it
 * imports), loaded only on a page whose remotes use the store kit.
 */
const kitStylesheets = () => {
  const entry = path.join(__dirname, '..', sharedPackage.exports['./store-kit.css']);
  const imported = [...fs.readFileSync(entry, 'utf8').matchAll(/@import '\.\/([^']+\.css)';/g)];
  if (imported.length === 0) throw new Error(`${entry} imports no stylesheet`);
  // A path under src/ as a pattern: its dots literal, its slashes either way.
  const pattern = (file) => file.replaceAll('.', '\\.').replaceAll('/', String.raw`[\\/]`);
  const files = [path.basename(entry), ...imported.map((match) => match[1])];
  const storeKit = `(?:${files.map(pattern).join('|')})$`;
  return {
    kit: new RegExp(String.raw`[\\/]shared[\\/]src[\\/](?!dev[\\/]|${storeKit}).*\.css$`),
    storeKit: new RegExp(String.raw`[\\/]shared[\\/]src[\\/]${storeKit}`),
  };
};

/**
 * What the shell provides to the remotes, name → version (its `federation-shared.json`): what a
 * release's declared ranges are checked against before it goes live (issue 31).
 */
const hostSharedVersions = () =>
  Object.fromEntries(
    Object.entries(hostSingletons()).map(([name, config]) => [name, config.version]),
  );

/**
 * A browser build's plugin that leaves out axios's fetch adapter, which the browser never uses:
 * axios takes XMLHttpRequest first (axios-without-fetch-adapter.mjs). The shell's build and the
 * bench's monolith of it use it, so both measure the same axios.
 * @param {typeof import('webpack')} webpack
 */
const withoutAxiosFetchAdapter = (webpack) =>
  new webpack.NormalModuleReplacementPlugin(
    /[\\/]axios[\\/]lib[\\/]adapters[\\/]fetch\.js$/,
    path.join(__dirname, 'axios-without-fetch-adapter.mjs'),
  );

/**
 * Loaders for TypeScript/TSX (swc) and CSS. CSS goes in <style> tags by default (style-loader);
 * production builds pass mini-css-extract-plugin's loader to ship their CSS as files instead.
 * @param {{ styleLoader?: string }} [options]
 */
const moduleRules = ({ styleLoader = require.resolve('style-loader') } = {}) => [
  {
    test: /\.[jt]sx?$/,
    exclude: /node_modules/,
    use: {
      loader: require.resolve('swc-loader'),
      options: {
        jsc: {
          parser: { syntax: 'typescript', tsx: true },
          transform: { react: { runtime: 'automatic' } },
          target: 'es2020',
        },
      },
    },
  },
  { test: /\.css$/, use: [styleLoader, require.resolve('css-loader')] },
];

/**
 * The oldest browsers the stylesheets are minified for (lightningcss's targets, the major version
 * in the high 16 bits): those of their container queries (Chrome 105, Safari 16, Firefox 110).
 * Without targets lightningcss writes the newest syntax it knows, e.g. media ranges (`width<=…`),
 * which Safari reads only from 16.4.
 */
const CSS_TARGETS = { chrome: 105 << 16, edge: 105 << 16, firefox: 110 << 16, safari: 16 << 16 };

/**
 * A production build's minimizers: webpack's own for scripts ('...') and lightningcss for the CSS
 * files, which mini-css-extract-plugin otherwise ships as written (comments, indentation, long
 * forms): a fifth of every stylesheet, and of the first paint's inline CSS.
 */
const productionMinimizers = () => [
  '...',
  new CssMinimizerPlugin({
    minify: CssMinimizerPlugin.lightningCssMinify,
    minimizerOptions: { targets: CSS_TARGETS },
  }),
];

/**
 * Where a remote's build goes: dist/, or REMOTE_OUTPUT_DIR, where a release (scripts/release.mjs)
 * builds so that the dist/ a running server may be serving is left alone.
 */
const remoteOutputPath = (dir) =>
  process.env.REMOTE_OUTPUT_DIR
    ? path.resolve(process.env.REMOTE_OUTPUT_DIR)
    : path.join(dir, 'dist');

/**
 * The global a production remote reads the bundler runtime's functions from, which the shell's
 * runtime plugin (provide-bundler-runtime.mjs) sets. `externalRuntime` leaves out runtime-core
 * only (read from `_FEDERATION_RUNTIME_CORE`, which the shell's `provideExternalRuntime` sets);
 * these functions (share-scope set-up, consumes, the container's init: about 3 KB gzip) were
 * still in each of the seven remoteEntry.js files the dashboard loads.
 */
const BUNDLER_RUNTIME_GLOBAL = '_FEDERATION_BUNDLER_RUNTIME';

/** The dist folder of the @module-federation/webpack-bundler-runtime that enhanced builds with. */
const bundlerRuntimeDir = () => {
  const enhanced = path.dirname(require.resolve('@module-federation/enhanced/webpack'));
  const index = require.resolve('@module-federation/webpack-bundler-runtime', {
    paths: [enhanced],
  });
  return fs.realpathSync(path.dirname(index));
};

/**
 * The bundler runtime's files a remote takes from the shell: each is stateless — it works on the
 * `webpackRequire` it is given, so one copy serves every container — while the runtime's entry
 * (index.js: the per-container `federation` object and its `runtime`, whose instance lookup is
 * by the container's own build id) stays in each remoteEntry.js.
 * File → the name it exports, as index.js imports it.
 */
const SHELL_BUNDLER_RUNTIME_FILES = {
  './attachShareScopeMap.js': 'attachShareScopeMap',
  './remotes.js': 'remotes',
  './consumes.js': 'consumes',
  './initializeSharing.js': 'initializeSharing',
  './installInitialConsumes.js': 'installInitialConsumes',
  './initContainerEntry.js': 'initContainerEntry',
  './init.js': 'init',
  './getSharedFallbackGetter.js': 'getSharedFallbackGetter',
};

/**
 * The global a production remote reads '@module-federation/error-codes' from (its runtime's entry
 * asserts with {@link SHELL_ERROR_CODES}): the shell's copy, which its runtime plugin sets.
 */
const ERROR_CODES_GLOBAL = '_FEDERATION_ERROR_CODES';

/** What a remote's runtime entry (@module-federation/runtime) imports from the error codes. */
const SHELL_ERROR_CODES = ['RUNTIME_009', 'runtimeDescMap'];

/** The ES module entry of the error codes the runtime imports (the one the shell bundles). */
const errorCodesEntry = () => {
  const enhanced = path.dirname(require.resolve('@module-federation/enhanced/webpack'));
  const runtime = path.dirname(
    require.resolve('@module-federation/runtime', { paths: [enhanced] }),
  );
  const cjs = fs.realpathSync(
    require.resolve('@module-federation/error-codes', { paths: [runtime] }),
  );
  const esm = cjs.replace(/index\.cjs$/, 'index.mjs');
  if (esm === cjs || !fs.existsSync(esm)) throw new Error(`no ES module build beside ${cjs}`);
  return esm;
};

/**
 * webpack externals for a production remote: the bundler runtime's stateless files, imported by
 * its index.js, come from the shell's {@link BUNDLER_RUNTIME_GLOBAL}, and the error codes from
 * its {@link ERROR_CODES_GLOBAL}.
 */
const bundlerRuntimeExternals = () => {
  const dir = bundlerRuntimeDir();
  return ({ context, request }, callback) => {
    if (context && fs.realpathSync(context) === dir && request in SHELL_BUNDLER_RUNTIME_FILES) {
      return callback(null, BUNDLER_RUNTIME_GLOBAL, 'global');
    }
    if (request === '@module-federation/error-codes') {
      return callback(null, ERROR_CODES_GLOBAL, 'global');
    }
    return callback();
  };
};

/**
 * The shared config of a production remote: every singleton is consumed from the shell, none is
 * provided (`import: false`). The shell provides them all (hostSingletons), so the remote's own
 * copies were never used: their registrations and fallbacks only made remoteEntry.js larger and
 * the build longer. (The dev build keeps them, for its standalone page.)
 */
const consumedSingletons = () =>
  Object.fromEntries(
    Object.entries(sharedSingletons()).map(([name, config]) => [
      name,
      { ...config, import: false },
    ]),
  );

/**
 * The webpack config of a remote: exposes './contract', shares the singletons, emits
 * mf-manifest.json with publicPath 'auto' (and, in production, the contract's slots.json and the
 * build's facts, build.json, that a release of the build records), and a standalone dev page
 * from src/index.ts.
 * The production remoteEntry.js is for the shell only and carries as little as it can: no
 * federation runtime-core (about 18 KB gzip) and no stateless bundler runtime (the shell gives
 * both), no copy of a singleton, no code for remotes of its own or for Node. The standalone page,
 * which has no host to give it these, is the dev server's (`pnpm dev`).
 * @param {{ dir: string, name: string, port: number, title: string }} options
 */
const createRemoteConfig =
  ({ dir, name, port, title }) =>
  (_env, argv) => {
    const production = argv.mode !== 'development';
    const outputPath = remoteOutputPath(dir);
    const remote = {
      name,
      mode: production ? 'production' : 'development',
      context: dir,
      // The production build is the remote's container only (remoteEntry.js, which the
      // federation plugin adds); src/index.ts starts the dev server's standalone page.
      entry: production ? {} : { main: './src/index.ts' },
      devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
      output: {
        path: outputPath,
        publicPath: 'auto',
        filename: production ? '[name].[contenthash:8].js' : '[name].js',
        chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
        uniqueName: name,
        clean: true,
      },
      resolve: { extensions: ['.tsx', '.ts', '.js'] },
      // Production CSS ships as files beside each chunk, as the shell's does: JavaScript that
      // writes <style> tags carried every stylesheet (and its source map) in the remote's
      // scripts, with style-loader's runtime, and the page's JS grew by them.
      module: {
        rules: moduleRules(production ? { styleLoader: MiniCssExtractPlugin.loader } : {}),
      },
      // The bundler runtime's stateless functions come from the shell (see above).
      externals: production ? [bundlerRuntimeExternals()] : [],
      optimization: production ? { minimizer: productionMinimizers() } : undefined,
      plugins: [
        ...(production
          ? [
              new MiniCssExtractPlugin({
                filename: '[name].[contenthash:8].css',
                chunkFilename: '[id].[contenthash:8].css',
              }),
              new BuildFilesPlugin({ pkg: path.basename(dir), dir }),
            ]
          : []),
        new ModuleFederationPlugin({
          name,
          filename: 'remoteEntry.js',
          exposes: { './contract': './src/contract.ts' },
          shared: production ? consumedSingletons() : sharedSingletons(),
          manifest: { fileName: 'mf-manifest.json' },
          dts: false,
          experiments: {
            externalRuntime: production,
            // A remote loads no remote of its own and runs in browsers only.
            optimization: production ? { disableRemote: true, target: 'web' } : undefined,
          },
        }),
        // The standalone page: the dev server's only (see above).
        ...(production
          ? []
          : [
              new HtmlWebpackPlugin({
                title,
                templateContent: standaloneHtml(title),
                chunks: ['main'],
              }),
            ]),
      ],
      devServer: {
        port,
        host: '127.0.0.1',
        historyApiFallback: true,
        headers: {
          'Access-Control-Allow-Origin': '*',
          'X-Content-Type-Options': 'nosniff',
          'Referrer-Policy': 'strict-origin-when-cross-origin',
          // The standalone page's policy (scripts/lib/csp.cjs), with the dev server's eval
          // source maps and socket, and the harness's local Stripe.js.
          'Content-Security-Policy': standalonePolicy({
            stripeJs: 'http://127.0.0.1:4600/v3/',
            dev: { websocket: `ws://127.0.0.1:${port}` },
          }),
        },
        proxy: [{ context: ['/api/connect-ui'], target: 'http://127.0.0.1:4000' }],
      },
      performance: { hints: false },
    };
    return remote;
  };

/** The standalone dev page. */
const standaloneHtml = (title) => `<!doctype html>
<html lang="en">
  <head>
    <meta charset="utf-8" />
    <meta name="viewport" content="width=device-width, initial-scale=1" />
    <title>${title}</title>
  </head>
  <body>
    <div id="root"></div>
  </body>
</html>`;

module.exports = {
  BUNDLER_RUNTIME_GLOBAL,
  ERROR_CODES_GLOBAL,
  SHELL_BUNDLER_RUNTIME_FILES,
  SHELL_ERROR_CODES,
  errorCodesEntry,
  bundlerRuntimeDir,
  withoutAxiosFetchAdapter,
  hostSharedVersions,
  sharedSingletons,
  hostSingletons,
  kitStylesheets,
  reactRouterProduction,
  moduleRules,
  productionMinimizers,
  createRemoteConfig,
};
