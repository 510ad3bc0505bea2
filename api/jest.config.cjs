// `cookie` (used by fastify.inject) ships ESM only, and @fastify/cookie loads it with a dynamic
// import() that jest cannot run: let swc turn both into CommonJS like our own files. Each test
// file gets its own SQLite file or PostgreSQL schema, so files run in parallel.
// The sandbox (real stores for the application tests) and the rules shared with the front ends
// (@pos/shared/rules, mapped by the preset) are compiled from source: no build step.
module.exports = require('../jest.preset.cjs').node(__dirname, 'api', {
  transformIgnorePatterns: ['/node_modules/(?!\\.pnpm/(@fastify\\+)?cookie@|(@fastify/)?cookie/)'],
  moduleNameMapper: {
    '^@pos/sandbox$': '<rootDir>/../sandbox/src/index.ts',
  },
});
