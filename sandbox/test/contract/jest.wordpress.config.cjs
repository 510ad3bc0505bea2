// The contract suite against the plugin on a real WordPress: run by the `wordpress` step of
// `npm test` (scripts/lib/wordpress.mjs) and the `real-store` step (scripts/lib/real-store.mjs),
// which start the site and set CONTRACT_WORDPRESS_SITE.
const path = require('node:path');

module.exports = require('../../../jest.preset.cjs').node(
  path.join(__dirname, '../..'),
  'contract-wordpress',
  {
    testMatch: ['<rootDir>/test/contract/wordpress.contract.ts'],
    // PHP's built-in server on a busy machine (WooCommerce loaded on every request) answers a
    // test's few calls slower than jest's 5 s default allows.
    testTimeout: 30_000,
  },
);
