// `cookie` (used by fastify.inject) ships ESM only: let swc turn it into CommonJS like our own
// files. Each test file gets its own SQLite file or PostgreSQL schema, so files run in parallel.
module.exports = require('../jest.preset.cjs').node(__dirname, 'api', {
  transformIgnorePatterns: ['/node_modules/(?!\\.pnpm/cookie@|cookie/)'],
});
