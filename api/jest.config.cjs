// `cookie` (used by fastify.inject) ships ESM only: let swc turn it into CommonJS like our own
// files. Each test file gets its own SQLite file or PostgreSQL schema, so files run in parallel.
// The sandbox (real stores for the application tests) is compiled from source: no build step.
module.exports = require('../jest.preset.cjs').node(__dirname, 'api', {
  transformIgnorePatterns: ['/node_modules/(?!\\.pnpm/cookie@|cookie/)'],
  moduleNameMapper: { '^@pos/sandbox$': '<rootDir>/../sandbox/src/index.ts' },
});
