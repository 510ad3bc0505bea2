// What the throw-away WordPress sites of the tests share: the `wordpress` step's Debian
// WordPress (wordpress.mjs) and the `real-store` step's WordPress + WooCommerce
// (real-store.mjs). A temporary folder holding everything, a MariaDB of its own (data folder and
// socket, no TCP port), a wp-config.php, mail kept as files by a sendmail stand-in, PHP's
// built-in server with four workers, the contract suite run by jest, and the teardown.
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import { randomBytes } from 'node:crypto';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildPluginZip, buildStaffPluginZip } from './plugin-zip.mjs';
import { repoRoot } from './services.mjs';

export const siteScript = path.join(repoRoot, 'wordpress-plugin/tests/wordpress/site.php');
export const router = path.join(repoRoot, 'wordpress-plugin/tests/wordpress/router.php');
export const contractJestConfig = path.join(
  repoRoot,
  'sandbox/test/contract/jest.wordpress.config.cjs',
);
const asRoot = process.getuid?.() === 0;

/** Runs a command to its end; throws with its output when it fails. */
export function runQuiet(command, args, options = {}) {
  const result = spawnSync(command, args, { encoding: 'utf8', ...options });
  if (result.error) throw new Error(`${command}: ${result.error.message}`);
  if (result.status !== 0) {
    throw new Error(
      `${path.basename(command)} ${args.slice(0, 2).join(' ')} failed (${result.status ?? result.signal}):\n${result.stdout}${result.stderr}`,
    );
  }
  return result.stdout;
}

/** Polls `check` until it is true; throws naming `what` after `seconds`. */
export async function waitFor(what, check, seconds = 30) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`${what} did not come up within ${seconds} s`);
}

/** A port that was free a moment ago. */
export function freePort() {
  return new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });
}

/**
 * The last lines of a log that say something, for a failure message: not the PHP server's
 * "Accepted"/"Closing" lines, nor the deprecation notices WordPress's own code gets from PHP 8.2.
 */
export function tail(file, lines = 30) {
  if (!existsSync(file)) return '';
  const noise = / (Accepted|Closing)$|PHP Deprecated: .* in \S+\/wp-(includes|admin)\//;
  const text = readFileSync(file, 'utf8')
    .split('\n')
    .filter((line) => line.trim() && !noise.test(line))
    .slice(-lines)
    .join('\n');
  return text ? `\n--- ${path.basename(file)} (last lines) ---\n${text}` : '';
}

/**
 * A child in its own process group that logs to a file and is stopped (and awaited) by
 * `stop()`. The group matters: PHP's server forks its workers, which a signal to the server
 * alone would leave running, holding the output pipes open.
 */
export function startDaemon(command, args, logFile, options = {}) {
  const child = spawn(command, args, {
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: true,
    ...options,
  });
  const chunks = [];
  child.stdout.on('data', (chunk) => chunks.push(chunk));
  child.stderr.on('data', (chunk) => chunks.push(chunk));
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const signalGroup = (signal) => {
    try {
      process.kill(-child.pid, signal);
    } catch {
      // Nobody left in the group.
    }
  };
  return {
    child,
    get output() {
      return Buffer.concat(chunks).toString('utf8');
    },
    async stop() {
      signalGroup('SIGTERM');
      const ended = await Promise.race([exited.then(() => true), sleep(15_000).then(() => false)]);
      if (!ended) signalGroup('SIGKILL');
      await exited;
      // Whatever of the group outlived its leader.
      signalGroup('SIGKILL');
      child.stdout.destroy();
      child.stderr.destroy();
      writeFileSync(logFile, Buffer.concat(chunks));
    },
  };
}

/** MariaDB in `dir`: its own data folder and socket, nothing else on the machine touched. */
async function startMariaDb(dir) {
  const data = path.join(dir, 'mysql');
  const socket = path.join(dir, 'mysql.sock');
  const user = asRoot ? ['--user=mysql'] : [];
  runQuiet('mariadb-install-db', [
    '--no-defaults',
    `--datadir=${data}`,
    ...user,
    '--auth-root-authentication-method=socket',
    '--skip-test-db',
    '--skip-name-resolve',
  ]);
  const server = startDaemon(
    'mariadbd',
    [
      '--no-defaults',
      `--datadir=${data}`,
      `--socket=${socket}`,
      `--pid-file=${path.join(dir, 'mysql.pid')}`,
      '--skip-networking',
      '--skip-log-bin',
      '--innodb-flush-log-at-trx-commit=0',
      '--innodb-buffer-pool-size=32M',
      ...user,
    ],
    path.join(dir, 'mariadbd.log'),
  );
  await waitFor('MariaDB', async () => {
    if (server.child.exitCode !== null) {
      throw new Error(`mariadbd exited with ${server.child.exitCode}:\n${server.output}`);
    }
    return existsSync(socket);
  });
  const password = randomBytes(18).toString('base64url');
  runQuiet('mariadb', [`--socket=${socket}`, '--user=root'], {
    input: [
      'CREATE DATABASE wordpress CHARACTER SET utf8mb4 COLLATE utf8mb4_unicode_ci;',
      `CREATE USER 'wordpress'@'localhost' IDENTIFIED BY '${password}';`,
      "GRANT ALL PRIVILEGES ON wordpress.* TO 'wordpress'@'localhost';",
    ].join('\n'),
  });
  return { server, socket, password };
}

/**
 * wp-config.php of a throw-away site: its database, local environment, no calls out.
 * @param {{ socket: string, password: string, home: string, dir: string, extra?: string }} site
 *   extra: more PHP lines before wp-settings.php is loaded
 */
function wpConfig({ socket, password, home, dir, extra = '' }) {
  const salts = [
    'AUTH_KEY',
    'SECURE_AUTH_KEY',
    'LOGGED_IN_KEY',
    'NONCE_KEY',
    'AUTH_SALT',
    'SECURE_AUTH_SALT',
    'LOGGED_IN_SALT',
    'NONCE_SALT',
  ].map((name) => `define( '${name}', '${randomBytes(32).toString('base64url')}' );`);
  return `<?php
// Written by scripts/lib/wordpress-site.mjs for one test run; deleted with it.
define( 'DB_NAME', 'wordpress' );
define( 'DB_USER', 'wordpress' );
define( 'DB_PASSWORD', '${password}' );
define( 'DB_HOST', 'localhost:${socket}' );
define( 'DB_CHARSET', 'utf8mb4' );
define( 'DB_COLLATE', '' );
${salts.join('\n')}
$table_prefix = 'wp_';
define( 'WP_HOME', '${home}' );
define( 'WP_SITEURL', '${home}' );
// Application passwords work over plain http only on a 'local' site.
define( 'WP_ENVIRONMENT_TYPE', 'local' );
define( 'WP_DEBUG', true );
define( 'WP_DEBUG_LOG', '${path.join(dir, 'debug.log')}' );
define( 'WP_DEBUG_DISPLAY', false );
define( 'DISABLE_WP_CRON', true );
define( 'AUTOMATIC_UPDATER_DISABLED', true );
define( 'WP_HTTP_BLOCK_EXTERNAL', true );
define( 'FS_METHOD', 'direct' );
${extra}
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`;
}

/** A jest JSON report's counts (as scripts/test.mjs reads them). */
export function reportCounts(file) {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + report.numRuntimeErrorTestSuites,
  };
}

/**
 * Runs `use` with a throw-away WordPress site and tears everything down after it, whatever
 * happens (a signal too). `copyWordPress(docroot)` puts WordPress at docroot (not there yet); the
 * site is then configured, installed by site.php, and served on a free port.
 * @param {{ prefix: string, copyWordPress: (docroot: string) => Promise<void> | void,
 *   configExtra?: (site: { dir: string, docroot: string, home: string, port: number }) => string }} options
 * @param {(site: { dir: string, docroot: string, home: string, port: number, mailDir: string,
 *   php: (args: string[], options?: object) => string,
 *   setUpPlugins: (zip?: { origin?: string, dashboard?: string }) =>
 *     Promise<{ site: Record<string, any>, siteFile: string }>,
 *   serve: () => Promise<void> }) => Promise<void>} use
 *   php: PHP's command line with the site's sendmail; setUpPlugins: the plugin and its Staff
 *   add-on built as their downloads (the plugin stamped as buildPluginZip's options say) and set
 *   up by site.php, its description written to siteFile for the contract suite; serve: starts
 *   PHP's built-in server
 */
export async function withThrowAwaySite({ prefix, copyWordPress, configExtra }, use) {
  const dir = mkdtempSync(path.join(os.tmpdir(), prefix));
  const stops = [];
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    stops.length = 0;
  };
  const onSignal = () => void teardown().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  const logs = ['mariadbd.log', 'php-server.log', 'debug.log'].map((name) => path.join(dir, name));
  // Past setup the suite's own output names what failed; the logs would only bury it.
  let settingUp = true;
  try {
    // mysqld runs as mysql and must reach its data folder and socket; PHP runs as this user.
    if (asRoot) {
      const mysqlUid = Number(runQuiet('id', ['-u', 'mysql']).trim());
      chownSync(dir, mysqlUid, 0);
      chmodSync(dir, 0o755);
    }
    const docroot = path.join(dir, 'wp');
    const mailDir = path.join(dir, 'mail');
    mkdirSync(mailDir);
    if (asRoot) chmodSync(mailDir, 0o777);
    const db = await startMariaDb(dir);
    stops.push(() => db.server.stop());

    const port = await freePort();
    const home = `http://127.0.0.1:${port}`;
    await copyWordPress(docroot);
    const extra = configExtra?.({ dir, docroot, home, port }) ?? '';
    writeFileSync(path.join(docroot, 'wp-config.php'), wpConfig({ ...db, home, dir, extra }));

    // PHP hands each mail to sendmail; this one keeps it as a file the suite reads.
    const sendmail = path.join(dir, 'sendmail');
    writeFileSync(
      sendmail,
      `#!/bin/sh\n# Keeps each message PHP's mail() sends as one file (arguments ignored).\nexec cat > "${mailDir}/$(date +%s%N)-$$.eml"\n`,
    );
    chmodSync(sendmail, 0o755);
    const php = (args, options = {}) =>
      runQuiet('php', ['-d', `sendmail_path=${sendmail}`, ...args], options);
    php([siteScript, 'install', docroot]);

    const setUpPlugins = async (zipOptions = {}) => {
      const zip = path.join(dir, 'cloud-pos.zip');
      await buildPluginZip({ ...zipOptions, out: zip });
      const staffZip = path.join(dir, 'cloud-pos-staff.zip');
      await buildStaffPluginZip({ out: staffZip });
      const site = JSON.parse(php([siteScript, 'setup', docroot, zip, staffZip]));
      const siteFile = path.join(dir, 'site.json');
      // siteScript: the journeys change the store through it (real-store.spec.ts).
      writeFileSync(siteFile, JSON.stringify({ ...site, mailDir, siteScript }), { mode: 0o600 });
      return { site, siteFile };
    };
    const serve = async () => {
      const server = startDaemon(
        'php',
        ['-d', `sendmail_path=${sendmail}`, '-S', `127.0.0.1:${port}`, '-t', docroot, router],
        path.join(dir, 'php-server.log'),
        // One worker deadlocks whenever the store calls something that calls the store back.
        { env: { ...process.env, PHP_CLI_SERVER_WORKERS: '4' }, cwd: docroot },
      );
      stops.push(() => server.stop());
      await waitFor('PHP built-in server', async () => {
        if (server.child.exitCode !== null) {
          throw new Error(`php -S exited with ${server.child.exitCode}:\n${server.output}`);
        }
        try {
          return (await fetch(`${home}/wp-json/`)).ok;
        } catch {
          return false;
        }
      });
      settingUp = false;
    };
    await use({ dir, docroot, home, port, mailDir, php, setUpPlugins, serve });
  } catch (error) {
    await teardown();
    if (settingUp) error.message += logs.map((file) => tail(file)).join('');
    throw error;
  } finally {
    await teardown();
    process.off('SIGINT', onSignal);
    process.off('SIGTERM', onSignal);
    rmSync(dir, { recursive: true, force: true });
  }
}

/**
 * Runs the pos-connect/v1 contract suite (jest) against the site `siteFile` describes, then
 * fails when WordPress logged a PHP message from our plugins.
 * @param {{ report: string, siteFile: string, dir: string, name: string }} options
 *   report: jest's JSON report; dir: the site's folder (its debug.log); name: the target, for errors
 */
export async function runContractSuite({ report, siteFile, dir, name }) {
  rmSync(report, { force: true });
  // Not spawnSync: this process must keep reading the PHP server's output meanwhile, or the
  // pipe fills up and the server stops answering half-way through the suite.
  const jest = await new Promise((resolve, reject) => {
    const child = spawn(
      'pnpm',
      ['exec', 'jest', '--ci', '--json', `--outputFile=${report}`, '--config', contractJestConfig],
      {
        cwd: repoRoot,
        stdio: 'inherit',
        env: { ...process.env, CONTRACT_WORDPRESS_SITE: siteFile },
      },
    );
    child.once('error', reject);
    child.once('exit', (status, signal) => resolve({ status, signal }));
  });
  assertNoPluginMessages(dir);
  if (jest.status !== 0) {
    const counts = reportCounts(report);
    throw new Error(
      counts
        ? `the contract suite failed on ${name}: ${counts.failed} failed`
        : `jest failed (${jest.status ?? jest.signal}) before writing its report`,
    );
  }
}

/** The plugins must run without a PHP notice, warning or error: throws with what was logged. */
export function assertNoPluginMessages(dir) {
  const debugLog = path.join(dir, 'debug.log');
  const pluginLines = existsSync(debugLog)
    ? readFileSync(debugLog, 'utf8')
        .split('\n')
        .filter((line) => /\/plugins\/cloud-pos(-staff)?\//.test(line))
    : [];
  if (pluginLines.length > 0) {
    throw new Error(
      `WordPress logged PHP messages from the plugin (it must run without any):\n${pluginLines.join('\n')}`,
    );
  }
}
