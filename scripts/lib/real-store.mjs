#!/usr/bin/env node
// The `real-store` step: the Cloud POS plugin on a real store, WordPress 6.8.8 with WooCommerce
// 10.0.2, both from ../shared/vendor/ beside the clone (or WORDPRESS_ZIP / WOOCOMMERCE_ZIP; see
// that folder's README for where they come from). One throw-away store for the whole step
// (wordpress-site.mjs: MariaDB of its own, PHP's built-in server with four workers):
//
// 1. WordPress unpacked from its zip, WooCommerce unpacked into wp-content/plugins, and two
//    must-use plugins a store on 127.0.0.1 needs: WordPress calls out only on ports 80, 443 and
//    8080 (`http_allowed_safe_ports`), and the POS host's certificate is self-signed;
// 2. WordPress installed by wp_install, WooCommerce activated and installed (WC_Install), the
//    plugin and its Staff add-on installed from their download zips, POS users and WooCommerce
//    REST keys (wordpress-plugin/tests/wordpress/site.php);
// 3. the pos-connect/v1 contract suite against it (the third target, beside the sandbox store
//    and Debian's WordPress), with the REST keys signed by OAuth 1.0a as the api signs them;
// 4. the end-to-end journeys of e2e/tests/real-store.spec.ts against the same store, in
//    Chromium through the built stack (build first), unless --contract-only.
//
// Without the zips it prints one line saying it was skipped and why, and succeeds.
//
//   node scripts/lib/real-store.mjs [--contract-only] --report .run/reports/real-store-contract.json
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { repoRoot } from './services.mjs';
import { realStoreZips } from './vendor.mjs';
import {
  assertNoPluginMessages,
  runContractSuite,
  runQuiet,
  siteScript,
  withThrowAwaySite,
} from './wordpress-site.mjs';

/** Unpacks `zip` into `into` (Debian's unzip: a 28 MB archive in seconds). */
function unpack(zip, into) {
  mkdirSync(into, { recursive: true });
  runQuiet('unzip', ['-q', '-o', zip, '-d', into]);
}

/**
 * The must-use plugin of a test store on 127.0.0.1: WordPress may call this machine's other
 * ports (the POS host's wc-auth callback, the api's webhook address), and does not check the
 * certificate of an https address on 127.0.0.1 (the POS host's is self-signed). And Action
 * Scheduler runs only when the journeys run it (site.php deliver-webhooks): WP-Cron is off
 * (DISABLE_WP_CRON), and so is its async runner, which a wp-admin page would otherwise start in
 * the background to claim and deliver whatever is waiting, at a moment of its own. Nothing else
 * of the store changes.
 */
const MU_PLUGIN = `<?php
/**
 * Plugin Name: Cloud POS test store
 * Description: Written by scripts/lib/real-store.mjs: lets this throw-away store call 127.0.0.1 on any port, without checking its self-signed certificate.
 */
add_filter(
	'http_allowed_safe_ports',
	static function ( $ports, $host, $url ) {
		$port = wp_parse_url( $url, PHP_URL_PORT );
		if ( '127.0.0.1' === $host && $port ) {
			$ports[] = (int) $port;
		}
		return $ports;
	},
	10,
	3
);
add_filter(
	'http_request_args',
	static function ( $args, $url ) {
		if ( '127.0.0.1' === wp_parse_url( $url, PHP_URL_HOST ) ) {
			$args['sslverify'] = false;
		}
		return $args;
	},
	10,
	2
);
add_filter( 'action_scheduler_allow_async_request_runner', '__return_false' );
`;

/**
 * Sets up the real store and runs `use` with it; tears it down after.
 * @param {{ wordpress: string, woocommerce: string }} zips
 * @param {{ origin?: string, dashboard?: string }} zipOptions what the plugin's download is
 *   stamped with (buildPluginZip's options)
 * @param {(store: { site: object, siteFile: string, dir: string, home: string, docroot: string }) => Promise<void>} use
 *   site: site.php's description of it (versions, credentials, logins)
 */
export async function withRealStore(zips, zipOptions, use) {
  const copyWordPress = (docroot) => {
    const unpacked = `${docroot}.unpacked`;
    unpack(zips.wordpress, unpacked);
    renameSync(path.join(unpacked, 'wordpress'), docroot);
    unpack(zips.woocommerce, path.join(docroot, 'wp-content/plugins'));
    mkdirSync(path.join(docroot, 'wp-content/mu-plugins'), { recursive: true });
    writeFileSync(path.join(docroot, 'wp-content/mu-plugins/cloud-pos-test-store.php'), MU_PLUGIN);
  };
  await withThrowAwaySite(
    { prefix: 'pos-real-store-', copyWordPress },
    async ({ dir, home, docroot, php, setUpPlugins, serve }) => {
      const { woocommerce } = JSON.parse(php([siteScript, 'woocommerce', docroot]));
      const { site, siteFile } = await setUpPlugins(zipOptions);
      // The register's catalogue (taxes, products, a variation, a coupon), named in the site file.
      const { shop } = JSON.parse(php([siteScript, 'shop', docroot]));
      writeFileSync(
        siteFile,
        JSON.stringify({ ...JSON.parse(readFileSync(siteFile, 'utf8')), shop }),
        { mode: 0o600 },
      );
      console.info(
        `WordPress ${site.wordpress} with WooCommerce ${woocommerce} at ${home}, the plugin and its Staff add-on installed from their zips`,
      );
      await serve();
      await use({ site, siteFile, dir, home, docroot });
    },
  );
}

/**
 * The end-to-end journeys against the real store (e2e/tests/real-store.spec.ts): Playwright
 * starts the built stack as for the e2e step, and the journeys connect the store, change its
 * stations, delete and disconnect. Asynchronous, for the same reason as the contract suite: the
 * PHP server's output must keep being read meanwhile.
 * @returns {Promise<void>} rejects when a journey failed
 */
async function runJourneys(siteFile) {
  const result = await new Promise((resolve, reject) => {
    const child = spawn(
      'pnpm',
      ['--filter', '@pos/e2e', 'exec', 'playwright', 'test', 'tests/real-store.spec.ts'],
      {
        cwd: repoRoot,
        stdio: 'inherit',
        env: { ...process.env, CI: 'true', REAL_STORE_SITE: siteFile },
      },
    );
    child.once('error', reject);
    child.once('exit', (status, signal) => resolve({ status, signal }));
  });
  if (result.status !== 0) {
    throw new Error(`the journeys on the real store failed (${result.status ?? result.signal})`);
  }
}

/**
 * The step: the contract suite on the real store, then (unless `contractOnly`) the end-to-end
 * journeys against it, on the same store.
 * @param {{ report: string, contractOnly?: boolean }} options report: where jest writes its
 *   JSON report (Playwright writes .run/reports/real-store-e2e.json)
 * @returns {Promise<string | undefined>} why it was skipped, when it was
 */
export async function runRealStore({ report, contractOnly = false }) {
  const zips = realStoreZips();
  if ('missing' in zips) return zips.missing;
  await withRealStore(zips, {}, async ({ site, siteFile, dir }) => {
    const failures = [];
    try {
      await runContractSuite({
        report,
        siteFile,
        dir,
        name: `WordPress ${site.wordpress} with WooCommerce ${site.woocommerce}`,
      });
    } catch (error) {
      failures.push(error.message);
    }
    if (!contractOnly) {
      try {
        await runJourneys(siteFile);
        assertNoPluginMessages(dir);
      } catch (error) {
        failures.push(error.message);
      }
    }
    if (failures.length > 0) throw new Error(failures.join('; '));
  });
  return undefined;
}

if (import.meta.url === pathToFileURL(process.argv[1] ?? '').href) {
  const at = process.argv.indexOf('--report');
  const report = path.resolve(
    at > 0 ? process.argv[at + 1] : path.join(repoRoot, '.run/reports/real-store-contract.json'),
  );
  try {
    const skipped = await runRealStore({
      report,
      contractOnly: process.argv.includes('--contract-only'),
    });
    if (skipped) console.info(`real-store: skipped, ${skipped}`);
  } catch (error) {
    console.error(`\nThe real-store run failed: ${error.message}`);
    process.exit(1);
  }
}
