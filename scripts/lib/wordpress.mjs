#!/usr/bin/env node
// The `wordpress` step's second half: the pos-connect/v1 contract suite against the Cloud POS
// plugin on a real WordPress. Everything is throw-away and lives in one temporary folder:
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
//   node scripts/lib/wordpress.mjs --report .run/reports/wordpress-contract.json
import { spawn, spawnSync } from 'node:child_process';
import {
  chmodSync,
  chownSync,
  cpSync,
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
import { pathToFileURL } from 'node:url';
import { setTimeout as sleep } from 'node:timers/promises';
import { buildPluginZip, buildStaffPluginZip } from './plugin-zip.mjs';
import { repoRoot } from './services.mjs';

const WORDPRESS = '/usr/share/wordpress';
const siteScript = path.join(repoRoot, 'wordpress-plugin/tests/wordpress/site.php');
const router = path.join(repoRoot, 'wordpress-plugin/tests/wordpress/router.php');
const jestConfig = path.join(repoRoot, 'sandbox/test/contract/jest.wordpress.config.cjs');
const asRoot = process.getuid?.() === 0;

/** Runs a command to its end; throws with its output when it fails. */
function runQuiet(command, args, options = {}) {
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
async function waitFor(what, check, seconds = 30) {
  const until = Date.now() + seconds * 1000;
  while (Date.now() < until) {
    if (await check()) return;
    await sleep(100);
  }
  throw new Error(`${what} did not come up within ${seconds} s`);
}

/** A port that was free a moment ago. */
function freePort() {
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
 * "Accepted"/"Closing" lines, nor the deprecation notices WordPress 6.1's own code gets from
 * PHP 8.2.
 */
function tail(file, lines = 30) {
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
function startDaemon(command, args, logFile, options = {}) {
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

/** wp-config.php of the copy: the temporary database, local environment, no calls out. */
function wpConfig({ socket, password, home, dir }) {
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
// Written by scripts/lib/wordpress.mjs for one contract run; deleted with it.
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
if ( ! defined( 'ABSPATH' ) ) {
	define( 'ABSPATH', __DIR__ . '/' );
}
require_once ABSPATH . 'wp-settings.php';
`;
}

/** The jest report's counts (as scripts/test.mjs reads them). */
function reportCounts(file) {
  if (!existsSync(file)) return undefined;
  const report = JSON.parse(readFileSync(file, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + report.numRuntimeErrorTestSuites,
  };
}

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
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pos-wordpress-'));
  const stops = [];
  const teardown = async () => {
    for (const stop of stops.reverse()) await stop().catch(() => {});
    stops.length = 0;
  };
  const onSignal = () => void teardown().finally(() => process.exit(130));
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  let logs = [];
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
    logs = [
      path.join(dir, 'mariadbd.log'),
      path.join(dir, 'php-server.log'),
      path.join(dir, 'debug.log'),
    ];

    const zip = path.join(dir, 'cloud-pos.zip');
    await buildPluginZip({ out: zip });
    const staffZip = path.join(dir, 'cloud-pos-staff.zip');
    await buildStaffPluginZip({ out: staffZip });
    const db = await startMariaDb(dir);
    stops.push(() => db.server.stop());

    const port = await freePort();
    const home = `http://127.0.0.1:${port}`;
    cpSync(WORDPRESS, docroot, { recursive: true, verbatimSymlinks: true });
    writeFileSync(path.join(docroot, 'wp-config.php'), wpConfig({ ...db, home, dir }));

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
    const site = JSON.parse(php([siteScript, 'setup', docroot, zip, staffZip]));
    const siteFile = path.join(dir, 'site.json');
    writeFileSync(siteFile, JSON.stringify({ ...site, mailDir }), { mode: 0o600 });
    console.info(
      `WordPress ${site.wordpress} at ${home}, the plugin and its Staff add-on installed from their zips`,
    );

    const server = startDaemon(
      'php',
      ['-d', `sendmail_path=${sendmail}`, '-S', `127.0.0.1:${port}`, '-t', docroot, router],
      path.join(dir, 'php-server.log'),
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
    rmSync(report, { force: true });
    // Not spawnSync: this process must keep reading the PHP server's output meanwhile, or the
    // pipe fills up and the server stops answering half-way through the suite.
    const jest = await new Promise((resolve, reject) => {
      const child = spawn(
        'pnpm',
        ['exec', 'jest', '--ci', '--json', `--outputFile=${report}`, '--config', jestConfig],
        {
          cwd: repoRoot,
          stdio: 'inherit',
          env: { ...process.env, CONTRACT_WORDPRESS_SITE: siteFile },
        },
      );
      child.once('error', reject);
      child.once('exit', (status, signal) => resolve({ status, signal }));
    });
    // The plugins must run on this WordPress without a PHP notice, warning or error.
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
    if (jest.status !== 0) {
      const counts = reportCounts(report);
      throw new Error(
        counts
          ? `the contract suite failed on WordPress ${site.wordpress}: ${counts.failed} failed`
          : `jest failed (${jest.status ?? jest.signal}) before writing its report`,
      );
    }
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
