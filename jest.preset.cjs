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

/** Settings for React packages: jsdom, Testing Library, CSS stubbed. */
exports.browser = (dir, name) => ({
  displayName: name,
  rootDir: dir,
  testEnvironment: 'jsdom',
  testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
  transform: { '^.+\\.(t|j)sx?$': swc(true) },
  moduleNameMapper: { '\\.(css)$': path.join(__dirname, 'jest.style-stub.cjs') },
  setupFilesAfterEnv: [path.join(__dirname, 'jest.setup.browser.cjs')],
});

/** Settings for Node packages (api, sandbox). */
exports.node = (dir, name, extra = {}) => ({
  displayName: name,
  rootDir: dir,
  testEnvironment: 'node',
  testMatch: ['<rootDir>/{src,test}/**/*.test.ts'],
  transform: { '^.+\\.(t|j)sx?$': swc(false) },
  ...extra,
});
