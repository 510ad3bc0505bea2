// The shell (host) build: no static remotes — their locations come from /remotes.json at run time.
const path = require('node:path');
const fs = require('node:fs');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const MiniCssExtractPlugin = require('mini-css-extract-plugin');
const webpack = require('webpack');
const {
  bundlerRuntimeDir,
  errorCodesEntry,
  withoutAxiosFetchAdapter,
  hostSharedVersions,
  hostSingletons,
  kitStylesheets,
  moduleRules,
  productionMinimizers,
  reactRouterProduction,
} = require('@pos/shared/webpack/federation.cjs');
const { shellPolicyFromFiles } = require('../scripts/lib/csp.cjs');
const {
  EntryScriptIntegrityPlugin,
  integrityPlaceholder,
} = require('../scripts/lib/entry-integrity.cjs');

const runtimeFile = (envName, defaultName) =>
  process.env[envName]
    ? path.resolve(process.env[envName])
    : path.join(__dirname, 'runtime', defaultName);

/**
 * The payments sandbox's publishable key for the dev server: PAYMENTS_PUBLISHABLE_KEY, else the
 * one `npm start` made in its data folder (POS_DATA_DIR, default .data), else the file's own.
 */
const localPublishableKey = (stripe = {}) => {
  if (process.env.PAYMENTS_PUBLISHABLE_KEY) return process.env.PAYMENTS_PUBLISHABLE_KEY;
  const dataDir = path.resolve(process.env.POS_DATA_DIR ?? path.join(__dirname, '..', '.data'));
  const file = path.join(dataDir, 'payments-keys.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8')).publishableKey;
  return stripe.publishableKey ?? '';
};

/** The dev server answers /config.json and /remotes.json like the static server does. */
const serveRuntimeFiles = (middlewares, devServer) => {
  const serveJson = (route, file, patch = (value) => value) =>
    devServer.app.get(route, (_request, response) => {
      const value = patch(JSON.parse(fs.readFileSync(file, 'utf8')));
      response.set('Cache-Control', 'no-store').json(value);
    });
  serveJson('/config.json', runtimeFile('SHELL_CONFIG_FILE', 'config.default.json'), (config) => ({
    ...config,
    ...(process.env.LOGIN_PROVIDER_URL ? { loginProviderUrl: process.env.LOGIN_PROVIDER_URL } : {}),
    stripe: { ...config.stripe, publishableKey: localPublishableKey(config.stripe) },
  }));
  serveJson('/remotes.json', runtimeFile('SHELL_REMOTES_FILE', 'remotes.default.json'));
  return middlewares;
};

/**
 * The dev server's security headers: the static server's Content-Security-Policy
 * (scripts/lib/csp.cjs, from the same runtime files; the popup's pages framed by this origin),
 * plus 'unsafe-eval' for the eval source maps and the live-reload socket.
 */
const devSecurityHeaders = (port) => {
  const policyOf = shellPolicyFromFiles({
    remotesFile: runtimeFile('SHELL_REMOTES_FILE', 'remotes.default.json'),
    configFile: runtimeFile('SHELL_CONFIG_FILE', 'config.default.json'),
  });
  return (request) => {
    const pathname = (request.url ?? '/').split('?')[0];
    const framedBySelf = POPUP_PAGES.some(
      (page) => pathname === page || pathname.startsWith(`${page}/`),
    );
    return {
      'Content-Security-Policy': policyOf({
        framedBySelf,
        dev: { websocket: `ws://127.0.0.1:${port}` },
      }),
      'X-Content-Type-Options': 'nosniff',
      'Referrer-Policy': 'strict-origin-when-cross-origin',
    };
  };
};

/**
 * Emits federation-shared.json: the singleton versions this shell provides to the remotes. The
 * api reads it from the live shell before a remote's release goes live (issue 31), so a release
 * built against a React or @pos/shared this shell does not fit is refused with the mismatch.
 */
class FederationSharedPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FederationSharedPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'FederationSharedPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          const json = JSON.stringify({ shared: hostSharedVersions() }, null, 2);
          compilation.emitAsset('federation-shared.json', new sources.RawSource(`${json}\n`));
        },
      );
    });
  }
}

/** The kit's stylesheets, and the store kit's (see kitStylesheets). */
const KIT_STYLESHEETS = kitStylesheets();

/** The chunks whose stylesheets the first paint carries: the bootstrap's and the signed-in shell's. */
const FIRST_PAINT_CHUNKS = ['bootstrap', 'signed-in'];
/** Where the server finds them (beside index.html in the served folder). */
const FIRST_PAINT_STYLES_FILE = 'first-paint.json';
/** The page the server's first paint goes into (src/firstPaint/server.tsx). */
const FIRST_PAINT_PAGE = 'first-paint.html';
/** public/first-paint-loader.js, under the name of its content (cached for a year). */
const firstPaintLoader = (() => {
  const source = fs.readFileSync(path.join(__dirname, 'public', 'first-paint-loader.js'));
  const hash = require('node:crypto').createHash('sha256').update(source).digest('hex');
  return { source, file: `first-paint-loader.${hash.slice(0, 8)}.js` };
})();

/**
 * Writes first-paint.json for the server (scripts/static-server.mjs --first-paint): the page the
 * first paint goes into, and the stylesheets of the chunks the signed-in page loads first, which
 * the first paint puts in its head (the chunks find them there and do not load them again).
 * Emits the first paint's loader script.
 */
class FirstPaintAssetsPlugin {
  apply(compiler) {
    const { Compilation, sources } = compiler.webpack;
    compiler.hooks.thisCompilation.tap('FirstPaintAssetsPlugin', (compilation) => {
      compilation.hooks.processAssets.tap(
        { name: 'FirstPaintAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_ADDITIONAL },
        () => {
          compilation.emitAsset(
            firstPaintLoader.file,
            new sources.RawSource(firstPaintLoader.source),
          );
        },
      );
      compilation.hooks.processAssets.tap(
        // After RealContentHashPlugin has named the stylesheets.
        { name: 'FirstPaintAssetsPlugin', stage: Compilation.PROCESS_ASSETS_STAGE_REPORT },
        () => {
          const publicPath = compilation.outputOptions.publicPath;
          const stylesheets = FIRST_PAINT_CHUNKS.flatMap((name) => {
            const group = compilation.namedChunkGroups.get(name);
            if (!group) throw new Error(`FirstPaintAssetsPlugin: no chunk named ${name}`);
            return group.getFiles().filter((file) => file.endsWith('.css'));
          });
          const json = JSON.stringify({
            page: FIRST_PAINT_PAGE,
            stylesheets: [...new Set(stylesheets)].map((file) => `${publicPath}${file}`),
          });
          compilation.emitAsset(FIRST_PAINT_STYLES_FILE, new sources.RawSource(json));
        },
      );
    });
  }
}

/**
 * first-paint.html: index.html whose entry scripts are preloaded and started by the loader one
 * frame later (public/first-paint-loader.js), so that the first paint is painted before they run.
 * Their integrity attributes are EntryScriptIntegrityPlugin's, like index.html's.
 */
const firstPaintPage =
  (template) =>
  ({ htmlWebpackPlugin }) => {
    const head = htmlWebpackPlugin.tags.headTags
      .map((tag) => {
        if (tag.tagName !== 'script') return tag.toString();
        const { src, integrity, crossorigin } = tag.attributes;
        return `<link rel="preload" as="script" data-entry href="${src}" integrity="${integrity}" crossorigin="${crossorigin}">`;
      })
      .join('');
    const publicPath = htmlWebpackPlugin.files.publicPath;
    const loader = `<script defer src="${publicPath}${firstPaintLoader.file}" integrity="${integrityPlaceholder(firstPaintLoader.file)}" crossorigin="anonymous"></script>`;
    return template.replace('</head>', `${head}${loader}</head>`);
  };

/** The full shell's config. */
const shellConfig = (_env, argv) => {
  const production = argv.mode !== 'development';
  const indexTemplate = fs.readFileSync(path.join(__dirname, 'public', 'index.html'), 'utf8');
  const devPort = Number(process.env.SHELL_PORT ?? process.env.PORT ?? 3000);
  return {
    name: 'shell',
    mode: production ? 'production' : 'development',
    context: __dirname,
    entry: { main: './src/index.ts' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(__dirname, 'dist'),
      publicPath: '/',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: 'shell',
      // dist/popup/ is the popup config's.
      clean: { keep: /^popup(\/|$)/ },
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: {
        ...oneFederationRuntime(),
        // The files the bundler-runtime plugin below gives the remotes.
        'mf-bundler-runtime': bundlerRuntimeDir(),
        'mf-error-codes$': errorCodesEntry(),
        ...(production ? reactRouterProduction() : {}),
      },
    },
    // Production CSS ships as files, loaded beside each chunk, not as JS that writes <style> tags:
    // the browser parses it in parallel, and the page's JS is smaller by the whole kit's CSS.
    module: {
      rules: moduleRules(production ? { styleLoader: MiniCssExtractPlugin.loader } : {}),
    },
    optimization: {
      minimize: production,
      minimizer: productionMinimizers(),
      // The kit's CSS (every stylesheet of @pos/shared, tokens included) is one stylesheet,
      // kit.css, which the bootstrap, the @pos/shared singleton and its forms share: loaded once
      // by whichever asks first (the chunk loader knows it is there), never a copy per chunk.
      // The store kit's is one of its own, store-kit.css: the singleton @pos/shared/store-kit.css,
      // loaded only when a remote's store kit component asks for it.
      splitChunks: production
        ? {
            cacheGroups: {
              kitStyles: {
                name: 'kit',
                type: 'css/mini-extract',
                test: KIT_STYLESHEETS.kit,
                chunks: 'all',
                enforce: true,
              },
              storeKitStyles: {
                name: 'store-kit',
                type: 'css/mini-extract',
                test: KIT_STYLESHEETS.storeKit,
                chunks: 'all',
                enforce: true,
              },
            },
          }
        : undefined,
    },
    plugins: [
      ...(production
        ? [
            new MiniCssExtractPlugin({
              filename: '[name].[contenthash:8].css',
              chunkFilename: '[name].[contenthash:8].css',
            }),
          ]
        : []),
      new ModuleFederationPlugin({
        name: 'shell',
        shared: hostSingletons(),
        dts: false,
        // The remotes' production builds leave out the federation runtime (externalRuntime)
        // and the bundler runtime's stateless functions: the shell gives them its own.
        runtimePlugins: [require.resolve('@pos/shared/webpack/provide-bundler-runtime.mjs')],
        // target 'web': the runtime leaves out its Node loaders. (The snapshot plugin stays: it
        // is what reads the remotes' mf-manifest.json entries.)
        experiments: { provideExternalRuntime: true, optimization: { target: 'web' } },
      }),
      new FederationSharedPlugin(),
      withoutAxiosFetchAdapter(webpack),
      new HtmlWebpackPlugin({
        // Read here, not compiled as a template: a template is a child compilation, which would
        // also build the singletons the host provides by file, and their CSS (hostSingletons).
        templateContent: indexTemplate,
        favicon: path.join(__dirname, 'public', 'favicon.svg'),
        chunks: ['main'],
      }),
      ...(production
        ? [
            new FirstPaintAssetsPlugin(),
            new HtmlWebpackPlugin({
              filename: FIRST_PAINT_PAGE,
              templateContent: firstPaintPage(indexTemplate),
              inject: false,
              favicon: path.join(__dirname, 'public', 'favicon.svg'),
              chunks: ['main'],
            }),
          ]
        : []),
      // integrity (sha384) on index.html's scripts; not on chunks, which federation loads
      // (webpack-subresource-integrity fails the build with Module Federation).
      ...(production ? [new EntryScriptIntegrityPlugin({ HtmlWebpackPlugin })] : []),
    ],
    devServer: {
      port: devPort,
      headers: devSecurityHeaders(devPort),
      host: '127.0.0.1',
      historyApiFallback: { rewrites: popupRewrites },
      setupMiddlewares: serveRuntimeFiles,
      proxy: [
        {
          context: ['/api/connect-ui'],
          target: process.env.API_URL ?? 'http://127.0.0.1:4000',
        },
      ],
    },
    performance: { hints: false },
  };
};

/**
 * provideExternalRuntime's plugin is imported as CommonJS, which pulls a second, CommonJS copy of
 * the federation runtime (runtime-core, sdk: ~28 KB gzip) beside the ES module one the bundler
 * runtime uses. Pointing it at its ES module build leaves one runtime, which the remotes share.
 */
function oneFederationRuntime() {
  const enhanced = require.resolve('@module-federation/enhanced/webpack');
  const plugin = require.resolve('@module-federation/inject-external-runtime-core-plugin', {
    paths: [enhanced],
  });
  const esm = plugin.replace(/index\.cjs$/, 'index.js');
  if (esm === plugin || !fs.existsSync(esm)) throw new Error(`no ES module build beside ${plugin}`);
  return { [`${plugin}$`]: esm };
}

/** The onboarding popup's pages (shell/src/popup/paths.ts), answered with its own page. */
const POPUP_PAGES = ['/service-onboarding', '/service-launch-confirm'];

/** The dev server answers the popup's pages with popup.html, everything else with index.html. */
const popupRewrites = POPUP_PAGES.map((page) => ({
  from: new RegExp(`^${page}(?:[/?#]|$)`),
  to: '/popup/popup.html',
}));

/** A file of the installed preact package (its ES modules). */
const preactFile = (file) => path.join(path.dirname(require.resolve('preact/package.json')), file);

/**
 * The onboarding popup (issue 15): its own slim page and bundle in dist/popup/. No Module
 * Federation, no remotes: React is Preact through preact/compat, to stay within its 60 KB.
 */
const popupConfig = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    name: 'popup',
    mode: production ? 'production' : 'development',
    context: __dirname,
    entry: { popup: './src/popup/popup.tsx' },
    devtool: production ? 'source-map' : 'eval-cheap-module-source-map',
    output: {
      path: path.join(__dirname, 'dist', 'popup'),
      publicPath: '/popup/',
      filename: production ? '[name].[contenthash:8].js' : '[name].js',
      chunkFilename: production ? '[name].[contenthash:8].js' : '[name].js',
      uniqueName: 'popup',
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      // Absolute files: the kit's modules in shared/ do not see shell's node_modules.
      alias: {
        'react-dom/client$': preactFile('compat/client.mjs'),
        'react-dom$': preactFile('compat/dist/compat.mjs'),
        'react/jsx-runtime$': preactFile('compat/jsx-runtime.mjs'),
        'react/jsx-dev-runtime$': preactFile('compat/jsx-dev-runtime.mjs'),
        react$: preactFile('compat/dist/compat.mjs'),
      },
    },
    module: { rules: moduleRules() },
    optimization: { minimize: production, minimizer: productionMinimizers() },
    plugins: [
      new HtmlWebpackPlugin({
        template: path.join(__dirname, 'public', 'popup.html'),
        filename: 'popup.html',
        favicon: path.join(__dirname, 'public', 'favicon.svg'),
        chunks: ['popup'],
      }),
      ...(production ? [new EntryScriptIntegrityPlugin({ HtmlWebpackPlugin })] : []),
    ],
    performance: { hints: false },
  };
};

/**
 * The server's side of the first paint (src/firstPaint/server.tsx), for Node, in dist-server/
 * (not served): scripts/static-server.mjs renders the signed-in dashboard's first paint with it.
 * React and the components are bundled in; their stylesheets are the browser build's.
 */
const firstPaintServerConfig = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
    name: 'first-paint-server',
    mode: production ? 'production' : 'development',
    target: 'node20',
    context: __dirname,
    entry: { 'first-paint': './src/firstPaint/server.tsx' },
    devtool: false,
    output: {
      path: path.join(__dirname, 'dist-server'),
      filename: '[name].cjs',
      library: { type: 'commonjs2' },
      clean: true,
    },
    resolve: {
      extensions: ['.tsx', '.ts', '.js'],
      alias: production ? reactRouterProduction() : {},
    },
    module: {
      rules: [
        moduleRules()[0],
        // The markup only: the stylesheets are the browser build's files.
        { test: /\.css$/, type: 'asset/source' },
      ],
    },
    optimization: { minimize: false },
    performance: { hints: false },
  };
};

module.exports = [shellConfig, popupConfig, firstPaintServerConfig];
