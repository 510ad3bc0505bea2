// The shell (host) build: no static remotes — their locations come from /remotes.json at run time.
const path = require('node:path');
const fs = require('node:fs');
const { ModuleFederationPlugin } = require('@module-federation/enhanced/webpack');
const HtmlWebpackPlugin = require('html-webpack-plugin');
const { sharedSingletons, moduleRules } = require('@pos/shared/webpack/federation.cjs');

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

module.exports = (_env, argv) => {
  const production = argv.mode !== 'development';
  return {
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
      clean: true,
    },
    resolve: { extensions: ['.tsx', '.ts', '.js'] },
    module: { rules: moduleRules() },
    optimization: { minimize: production },
    plugins: [
      new ModuleFederationPlugin({
        name: 'shell',
        shared: sharedSingletons(),
        dts: false,
        // The remotes' production builds leave out the federation runtime (externalRuntime):
        // the shell gives them its own.
        experiments: { provideExternalRuntime: true },
      }),
      new HtmlWebpackPlugin({
        template: path.join(__dirname, 'public', 'index.html'),
        favicon: path.join(__dirname, 'public', 'favicon.svg'),
        chunks: ['main'],
      }),
    ],
    devServer: {
      port: Number(process.env.SHELL_PORT ?? process.env.PORT ?? 3000),
      host: '127.0.0.1',
      historyApiFallback: true,
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
