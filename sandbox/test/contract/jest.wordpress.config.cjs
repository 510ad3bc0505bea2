// The contract suite against the plugin on a real WordPress: run by the `wordpress` step of
// `npm test` (scripts/lib/wordpress.mjs), which starts the site and sets CONTRACT_WORDPRESS_SITE.
const path = require('node:path');

module.exports = require('../../../jest.preset.cjs').node(
  path.join(__dirname, '../..'),
  'contract-wordpress',
  { testMatch: ['<rootDir>/test/contract/wordpress.contract.ts'] },
);
