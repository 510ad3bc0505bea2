#!/usr/bin/env node
// The `real-store` step: the Cloud POS plugin on a real store, WordPress 6.8.8 with WooCommerce
// 10.0.2, both from ../shared/vendor/ beside the clone (or WORDPRESS_ZIP / WOOCOMMERCE_ZIP; see
// that folder's README for where they come from). One throw-away store for the whole step
// (wordpress-site.mjs: MariaDB of its own, PHP's built-in server with four workers):
//
// 1. WordPress unpacked from its zip, WooCommerce unpacked into wp-content/plugins, and a
//    must-use plugin that makes the store trust the step's self-signed certificate (made here,
//    and served by nginx) for https://127.0.0.1, and leaves Action Scheduler to the journeys;
// 2. WordPress installed by wp_install, WooCommerce activated and installed (WC_Install), the
//    plugin and its Staff add-on installed from their download zips, POS users and WooCommerce
//    REST keys (wordpress-plugin/tests/wordpress/site.php);
// 3. the pos-connect/v1 contract suite against it (the third target, beside the sandbox store
//    and Debian's WordPress), with the REST keys signed by OAuth 1.0a as the api signs them;
// 4. the end-to-end journeys of e2e/tests/real-store.spec.ts against the same store, in
//    Chromium through the built stack (build first) in the production topology: nginx (the
//    same configuration as `npm run start:prod`, scripts/lib/nginx.mjs) serves the dashboard and
//    the POS host on REAL_STORE_HTTPS_PORT (443), so everything the store calls (the wc-auth
//    callback, the webhooks, the JWKS) is on a port a stock WordPress calls; unless
//    --contract-only. WordPress's `http_allowed_safe_ports` is left as it is.
//
// Without the zips it prints one line saying it was skipped and why, and succeeds.
//
//   node scripts/lib/real-store.mjs [--contract-only] --report .run/reports/real-store-contract.json
import { spawn } from 'node:child_process';
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { ensureCertificate } from './nginx.mjs';
import { edgePortEnv, repoRoot } from './services.mjs';
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
 * The https port of the POS host the real store calls (REAL_STORE_HTTPS_PORT, 443): nginx's
 * dashboard entry during the journeys. A stock WordPress calls out only on 80, 443 and 8080.
 */
export const realStoreHttpsPort = Number(process.env.REAL_STORE_HTTPS_PORT || 443);
if (!Number.isInteger(realStoreHttpsPort) || realStoreHttpsPort < 1 || realStoreHttpsPort > 65535) {
  throw new Error(`REAL_STORE_HTTPS_PORT must be a port number, got ${realStoreHttpsPort}`);
}

/** The POS host's and dashboard's origin the store is given (no port on 443). */
export const realStorePosOrigin = `https://127.0.0.1${realStoreHttpsPort === 443 ? '' : `:${realStoreHttpsPort}`}`;

/** The step's self-signed certificate and key, in the store's folder: nginx serves them. */
const tlsOf = (dir) => ({
  cert: path.join(dir, 'tls', 'pos-host.crt'),
  key: path.join(dir, 'tls', 'pos-host.key'),
});

/** `text` as a single-quoted PHP string. */
const phpString = (text) => `'${text.replace(/[\\']/g, (c) => `\\${c}`)}'`;

/**
 * The must-use plugin of a test store on 127.0.0.1: WordPress checks the certificate of
 * https://127.0.0.1 against the step's self-signed one (`cert`) instead of its CA bundle, which
 * does not hold it: `sslverify` stays on, so only that certificate is accepted. Only the name
 * check is off for 127.0.0.1: WordPress's Requests (PHP's streams here, no curl) can never match
 * an IP address with a `0` in it (Ssl::verify_reference_name drops the falsy "0" labels). And Action Scheduler runs only when the journeys run it
 * (site.php deliver-webhooks): WP-Cron is off (DISABLE_WP_CRON), and so is its async runner,
 * which a wp-admin page would otherwise start in the background to claim and deliver whatever is
 * waiting, at a moment of its own. Nothing else of the store changes: which ports it calls is
 * WordPress's own rule.
 */
const muPlugin = (cert) => `<?php
/**
 * Plugin Name: Cloud POS test store
 * Description: Written by scripts/lib/real-store.mjs: this throw-away store trusts the test POS host's self-signed certificate on https://127.0.0.1.
 */
add_filter(
	'http_request_args',
	static function ( $args, $url ) {
		if ( 'https' === wp_parse_url( $url, PHP_URL_SCHEME ) && '127.0.0.1' === wp_parse_url( $url, PHP_URL_HOST ) ) {
			$args['sslcertificates'] = ${phpString(cert)};
		}
		return $args;
	},
	10,
	2
);
add_action(
	'requests-requests.before_request',
	static function ( $url, $headers, $data, $type, &$options ) {
		if ( 'https' === wp_parse_url( $url, PHP_URL_SCHEME ) && '127.0.0.1' === wp_parse_url( $url, PHP_URL_HOST ) ) {
			$options['verifyname'] = false;
		}
	},
	10,
	5
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
    const tls = tlsOf(path.dirname(docroot));
    ensureCertificate(tls.cert, tls.key);
    mkdirSync(path.join(docroot, 'wp-content/mu-plugins'), { recursive: true });
    writeFileSync(
      path.join(docroot, 'wp-content/mu-plugins/cloud-pos-test-store.php'),
      muPlugin(tls.cert),
    );
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
 * starts the built stack behind nginx (POS_NGINX, one api instance), its dashboard and POS host
 * on REAL_STORE_HTTPS_PORT with the step's certificate, nginx's other ports as the e2e-scale
 * step's; the journeys connect the store, change its stations, delete and disconnect.
 * Asynchronous, for the same reason as the contract suite: the PHP server's output must keep
 * being read meanwhile.
 * @param {string} siteFile
 * @param {{ cert: string, key: string }} tls
 * @returns {Promise<void>} rejects when a journey failed
 */
async function runJourneys(siteFile, tls) {
  const result = await new Promise((resolve, reject) => {
    const child = spawn(
      'pnpm',
      ['--filter', '@pos/e2e', 'exec', 'playwright', 'test', 'tests/real-store.spec.ts'],
      {
        cwd: repoRoot,
        stdio: 'inherit',
        env: {
          ...process.env,
          CI: 'true',
          REAL_STORE_SITE: siteFile,
          POS_NGINX: '1',
          ...edgePortEnv(),
          HTTPS_PORT: String(realStoreHttpsPort),
          TLS_CERT_PATH: tls.cert,
          TLS_KEY_PATH: tls.key,
        },
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
  // The plugin's download is stamped as production's: the cloud POS address (whose JWKS the
  // plugin fetches) and the dashboard on https's own port.
  const zipOptions = { origin: realStorePosOrigin, dashboard: realStorePosOrigin };
  await withRealStore(zips, zipOptions, async ({ site, siteFile, dir }) => {
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
        await runJourneys(siteFile, tlsOf(dir));
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
