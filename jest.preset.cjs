// Shared Jest settings: every package's jest.config.cjs picks the browser or node preset.
const path = require('node:path');

const swc = (tsx) => [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', tsx },
      transform: tsx ? { react: { runtime: 'automatic' } } : undefined,
      target: 'es2022',
    },
    module: { type: 'commonjs' },
  },
];

const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/**
 * @pos/shared's entries, read from its package.json exports map, as Jest module names that lead
 * to the TypeScript source. Jest reads the exports map itself, but under the node condition
 * './rules' leads to the api's compiled CommonJS, which would need a build before the tests.
 * A path the map does not list (`@pos/shared/src/...`) stays unresolvable, as for webpack and
 * TypeScript.
 */
const sharedEntries = () => {
  const sharedDir = path.join(__dirname, 'shared');
  const { exports: entries } = require('./shared/package.json');
  return Object.fromEntries(
    Object.entries(entries).map(([subpath, target]) => {
      const source = path.join(sharedDir, typeof target === 'string' ? target : target.default);
      const name = escapeRegExp(`@pos/shared${subpath.slice(1)}`).replace('\\*', '(.*)');
      return [`^${name}$`, source.replace('*', '$1')];
    }),
  );
};

/** Settings for React packages: jsdom, Testing Library, CSS stubbed. */
exports.browser = (dir, name) => ({
  displayName: name,
  rootDir: dir,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  transform: { '^.+\\.(t|j)sx?$': swc(true) },
  // The stylesheet stub comes first, so '@pos/shared/tokens.css' is stubbed like any CSS.
  moduleNameMapper: {
    '\\.(css)$': path.join(__dirname, 'jest.style-stub.cjs'),
    ...sharedEntries(),
  },
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.browser.cjs')],
});

/** Settings for Node packages (api, sandbox). */
exports.node = (dir, name, extra = {}) => ({
  displayName: name,
  rootDir: dir,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/{src,test}/**/*.test.ts'],
  // A file's set-up starts servers (JWKS, sandbox stores) and migrates its own database: on a
  // 2-core machine running the whole suite in parallel that can take longer than Jest's 5 s.
  testTimeout: 30_000,
  transform: { '^.+\\.(t|j)sx?$': swc(false) },
  ...extra,
  moduleNameMapper: { ...sharedEntries(), ...extra.moduleNameMapper },
});
