// Tests share one database server, so they run one file at a time. `cookie` (used by
// fastify.inject) ships ESM only: let swc turn it into CommonJS like our own files.
module.exports = require('../jest.preset.cjs').node(__dirname, 'api', {
  maxWorkers: 1,
  transformIgnorePatterns: ['/node_modules/(?!\\.pnpm/cookie@|cookie/)'],
});
