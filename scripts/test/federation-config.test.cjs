// The Module Federation settings of shared/webpack/federation.cjs that the run time depends on:
// the host provides every singleton, the form packages by file (its own code imports none), and
// its name wins the share scope over every remote's. services.mjs is an ES module, so a child
// Node reads the remotes' names.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const path = require('node:path');

const federation = require('../../shared/webpack/federation.cjs');

const services = path.join(__dirname, '..', 'lib', 'services.mjs');

function remoteNames() {
  const script = `
    const { remotes } = await import(${JSON.stringify(services)});
    process.stdout.write(JSON.stringify(remotes.map((r) => r.name)));
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout);
}

describe('hostSingletons', () => {
  const host = federation.hostSingletons();
  const remote = federation.sharedSingletons();

  it('shares every singleton a remote shares, with the same version and as a singleton', () => {
    expect(Object.keys(host).sort()).toEqual(Object.keys(remote).sort());
    for (const [name, config] of Object.entries(remote)) {
      expect(host[name]).toMatchObject({
        singleton: true,
        requiredVersion: config.requiredVersion,
        version: config.version,
      });
    }
  });

  it.each(['react-final-form', 'final-form', '@pos/shared/forms', '@pos/shared/store-kit.css'])(
    'provides %s from a file, so the host provides it though its code imports none',
    (name) => {
      const file = host[name].import;
      expect(path.isAbsolute(file)).toBe(true);
      expect(fs.existsSync(file)).toBe(true);
      expect(remote[name].import).toBeUndefined();
    },
  );

  it('takes the ES module build of the form packages, as the remotes resolve them', () => {
    expect(host['react-final-form'].import).toMatch(/react-final-form\.es\.js$/);
    expect(host['final-form'].import).toMatch(/final-form\.es\.js$/);
  });

  it("names the host so that its copy wins over every remote's in the share scope", () => {
    // runtime-core replaces a registered, not yet loaded share only when the new registrant's
    // name sorts after the registered one's.
    const names = remoteNames();
    expect(names.length).toBeGreaterThan(0);
    for (const name of names) expect(name < 'shell').toBe(true);
  });
});

describe('kitStylesheets', () => {
  const { kit, storeKit } = federation.kitStylesheets();
  const src = path.join(__dirname, '..', '..', 'shared', 'src');
  const stylesheets = fs
    .readdirSync(src, { recursive: true })
    .filter((file) => file.endsWith('.css'))
    .map((file) => path.join(src, file));

  it("puts each of the kit's stylesheets in one group, the dev harness's in none", () => {
    expect(stylesheets.length).toBeGreaterThan(10);
    for (const file of stylesheets) {
      const groups = [kit, storeKit].filter((group) => group.test(file)).length;
      expect([path.relative(src, file), groups]).toEqual([
        path.relative(src, file),
        file.includes(`${path.sep}dev${path.sep}`) ? 0 : 1,
      ]);
    }
  });

  it('gives the store kit src/storeKit.css and the stylesheets it imports, and only those', () => {
    const inStoreKit = stylesheets.filter((file) => storeKit.test(file));
    expect(inStoreKit.map((file) => path.relative(src, file)).sort()).toEqual([
      'storeKit.css',
      path.join('ui', 'InviteButton', 'InviteButton.css'),
      path.join('ui', 'PluginPrompt', 'PluginPrompt.css'),
    ]);
    expect(kit.test(path.join(src, 'ui', 'tokens.css'))).toBe(true);
  });
});

describe('reactRouterProduction', () => {
  it('points React Router and its DOM entry at the installed production build', () => {
    const alias = federation.reactRouterProduction();
    expect(Object.keys(alias).sort()).toEqual(['react-router$', 'react-router/dom$']);
    for (const file of Object.values(alias)) {
      expect(file).toContain(`${path.sep}dist${path.sep}production${path.sep}`);
      expect(fs.existsSync(file)).toBe(true);
    }
  });
});

describe("a production remote's container", () => {
  const config = federation.createRemoteConfig({
    dir: path.join(__dirname, '..', '..', 'mf-stations'),
    name: 'mf_stations',
    port: 3002,
    title: 'Stations',
  })({}, { mode: 'production' });
  const federationOptions = config.plugins.find(
    (p) => p.constructor.name === 'ModuleFederationPlugin',
  )._options;
  const externalOf = (context, request) =>
    new Promise((resolve, reject) =>
      config.externals[0]({ context, request }, (error, value, type) =>
        error ? reject(error) : resolve(value === undefined ? undefined : { value, type }),
      ),
    );

  it('consumes every singleton from the shell and provides none', () => {
    const shared = Object.entries(federationOptions.shared);
    expect(shared.map(([name]) => name).sort()).toEqual(
      Object.keys(federation.sharedSingletons()).sort(),
    );
    for (const [, entry] of shared) expect(entry).toMatchObject({ import: false, singleton: true });
  });

  it('has no page of its own and no entry but the container', () => {
    expect(config.entry).toEqual({});
    expect(config.plugins.some((p) => p.constructor.name === 'HtmlWebpackPlugin')).toBe(false);
  });

  it("takes exactly the bundler runtime's stateless files from the shell's global", async () => {
    const dir = federation.bundlerRuntimeDir();
    // What the bundler runtime's entry imports: a new file in a new version must be decided on.
    const index = fs.readFileSync(path.join(dir, 'index.js'), 'utf8');
    const relative = [...index.matchAll(/from "(\.\/[^"]+)"/g)].map((m) => m[1]).sort();
    expect(Object.keys(federation.SHELL_BUNDLER_RUNTIME_FILES).sort()).toEqual(relative);
    for (const request of relative) {
      await expect(externalOf(dir, request)).resolves.toEqual({
        value: federation.BUNDLER_RUNTIME_GLOBAL,
        type: 'global',
      });
    }
    // The per-container entry and everything outside the bundler runtime stay in the build.
    await expect(externalOf(path.dirname(dir), './dist/index.js')).resolves.toBeUndefined();
    await expect(externalOf(__dirname, './consumes.js')).resolves.toBeUndefined();
  });

  it("takes the error codes its runtime entry asserts with from the shell's global", async () => {
    const runtimeIndex = fs.readFileSync(
      require
        .resolve('@module-federation/runtime', {
          paths: [
            path.dirname(
              require.resolve('@module-federation/enhanced/webpack', {
                paths: [path.join(__dirname, '../../shared')],
              }),
            ),
          ],
        })
        .replace(/index\.cjs$/, 'index.js'),
      'utf8',
    );
    const imported = /import \{ ([^}]+) \} from "@module-federation\/error-codes"/.exec(
      runtimeIndex,
    );
    expect(imported?.[1].split(', ').sort()).toEqual([...federation.SHELL_ERROR_CODES].sort());
    await expect(externalOf(__dirname, '@module-federation/error-codes')).resolves.toEqual({
      value: federation.ERROR_CODES_GLOBAL,
      type: 'global',
    });
    expect(federation.errorCodesEntry()).toMatch(/error-codes[\\/]dist[\\/]index\.mjs$/);
  });

  it('is given every one of those functions by the shell runtime plugin', () => {
    const plugin = fs.readFileSync(
      path.join(__dirname, '..', '..', 'shared', 'webpack', 'provide-bundler-runtime.mjs'),
      'utf8',
    );
    for (const [file, name] of Object.entries(federation.SHELL_BUNDLER_RUNTIME_FILES)) {
      expect(plugin).toContain(`import { ${name} } from 'mf-bundler-runtime/${file.slice(2)}';`);
    }
    expect(plugin).toContain(`const GLOBAL = '${federation.BUNDLER_RUNTIME_GLOBAL}';`);
    expect(plugin).toContain(`const ERROR_CODES = '${federation.ERROR_CODES_GLOBAL}';`);
    expect(plugin).toContain(
      `import { ${federation.SHELL_ERROR_CODES.join(', ')} } from 'mf-error-codes';`,
    );
  });
});

describe('productionMinimizers', () => {
  const [scripts, css] = federation.productionMinimizers();
  const minify = (code) =>
    css.options.minimizer.implementation(
      { 'a.css': code },
      undefined,
      css.options.minimizer.options,
    );

  it("keeps webpack's script minimizer and adds lightningcss for the stylesheets", () => {
    expect(scripts).toBe('...');
    expect(css.constructor.name).toBe('CssMinimizerPlugin');
    expect(css.options.minimizer.implementation.name).toBe('lightningCssMinify');
  });

  it('drops comments and indentation', async () => {
    const source =
      '/* The card. */\n.card {\n  color: rgba(255, 255, 255, 0.12);\n  margin: 0px;\n}\n';
    const { code } = await minify(source);
    expect(code).toBe('.card{color:#ffffff1f;margin:0}');
  });

  it('writes media queries as the targets read them (Safari 16 has no media ranges)', async () => {
    const { code } = await minify('@media (max-width: 991.98px) { .card { display: none } }');
    expect(code).toBe('@media (max-width:991.98px){.card{display:none}}');
  });
});

describe('withoutAxiosFetchAdapter', () => {
  const webpack = require(
    require.resolve('webpack', { paths: [path.join(__dirname, '../../shell')] }),
  );
  const plugin = federation.withoutAxiosFetchAdapter(webpack);
  const axiosDir = path.dirname(
    require.resolve('axios/package.json', { paths: [path.join(__dirname, '../../shared')] }),
  );

  it("replaces axios's fetch adapter file, and nothing else of axios", () => {
    expect(plugin.resourceRegExp.test(path.join(axiosDir, 'lib/adapters/fetch.js'))).toBe(true);
    expect(plugin.resourceRegExp.test(path.join(axiosDir, 'lib/adapters/xhr.js'))).toBe(false);
    expect(plugin.resourceRegExp.test(path.join(axiosDir, 'lib/platform/browser/fetch.js'))).toBe(
      false,
    );
  });

  it('is safe because axios tries XMLHttpRequest before fetch', () => {
    const defaults = fs.readFileSync(path.join(axiosDir, 'lib/defaults/index.js'), 'utf8');
    expect(defaults).toContain("adapter: ['xhr', 'http', 'fetch']");
  });

  it("answers as axios's own unsupported adapter does", () => {
    // An ES module: a child Node imports it (jest runs this file as CommonJS).
    const script = `
      const m = await import(${JSON.stringify(plugin.newResource)});
      process.stdout.write(JSON.stringify([m.getFetch({}), m.default]));
    `;
    const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
      encoding: 'utf8',
    });
    expect(child.stderr).toBe('');
    expect(JSON.parse(child.stdout)).toEqual([false, false]);
  });

  it("is in the shell's build", () => {
    const configs = require('../../shell/webpack.config.cjs');
    const list = [configs]
      .flat()
      .map((c) => (typeof c === 'function' ? c({}, { mode: 'production' }) : c))
      .flat();
    expect(
      list.some((config) =>
        config.plugins.some(
          (p) =>
            p.constructor.name === 'NormalModuleReplacementPlugin' &&
            String(p.resourceRegExp) === String(plugin.resourceRegExp),
        ),
      ),
    ).toBe(true);
  });
});
