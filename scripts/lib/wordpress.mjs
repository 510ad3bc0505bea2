#!/usr/bin/env node
// The `wordpress` step's second half: the pos-connect/v1 contract suite against the Cloud POS
// plugin on Debian's WordPress (6.1, no WooCommerce). Everything is throw-away and lives in one
// temporary folder (wordpress-site.mjs):
//
// 1. a MariaDB server with its own data folder and socket (no TCP port), run as `mysql` when
//    started by root, like the PostgreSQL cluster of the api-postgres step;
// 2. a copy of Debian's WordPress (/usr/share/wordpress) with a wp-config.php pointing at it
//    (Debian's own reads /etc/wordpress, which stays untouched);
// 3. the site installed by WordPress's own wp_install, the plugin and its Staff add-on installed
//    from their download zips by WordPress's Plugin_Upgrader and activated, the administrator given
//    manage_woocommerce, POS users and application passwords
//    (wordpress-plugin/tests/wordpress/site.php);
// 4. PHP's built-in server with four workers on a free port (router:
//    wordpress-plugin/tests/wordpress/router.php), mail written to files by a sendmail stand-in;
// 5. jest with sandbox/test/contract/jest.wordpress.config.cjs; then the plugin's PHP warnings,
//    if WordPress logged any, fail the run.
//
// The `real-store` step (real-store.mjs) runs the same suite on WordPress 6.8.8 + WooCommerce.
//
//   node scripts/lib/wordpress.mjs --report .run/reports/wordpress-contract.json
import { cpSync, existsSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './services.mjs';
import { runContractSuite, withThrowAwaySite } from './wordpress-site.mjs';

const WORDPRESS = '/usr/share/wordpress';

/**
 * Sets up the site, runs the contract suite against it, tears everything down.
 * @param {{ report: string }} options report: where jest writes its JSON report
 */
export async function runWordPressContract({ report }) {
  if (!existsSync(path.join(WORDPRESS, 'wp-settings.php'))) {
    throw new Error(
      `Debian's WordPress is not installed (${WORDPRESS}); run TEST_STEPS=setup npm test`,
    );
  }
  const copyWordPress = (docroot) =>
    cpSync(WORDPRESS, docroot, { recursive: true, verbatimSymlinks: true });
  await withThrowAwaySite(
    { prefix: 'pos-wordpress-', copyWordPress },
    async ({ dir, home, setUpPlugins, serve }) => {
      const { site, siteFile } = await setUpPlugins();
      console.info(
        `WordPress ${site.wordpress} at ${home}, the plugin and its Staff add-on installed from their zips`,
      );
      await serve();
      await runContractSuite({ report, siteFile, dir, name: `WordPress ${site.wordpress}` });
    },
  );
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--report');
  const report = path.resolve(
    at > 0 ? process.argv[at + 1] : path.join(repoRoot, '.run/reports/wordpress-contract.json'),
  );
  try {
    await runWordPressContract({ report });
  } catch (error) {
    console.error(`\nThe WordPress contract run failed: ${error.message}`);
    process.exit(1);
  }
}
