// What both README commands do first: make sure pnpm, the dependencies, the builds and (for the
// tests) Debian's chromium, PostgreSQL, WordPress, PHP and MariaDB are there. Nothing relies on
// a hand-made install.
import { execFileSync, spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

// Not services.mjs's: that table is read once, with the environment of its first import, and
// `npm run start:prod` sets its environment (POS_NGINX, DATABASE_URL) after installing and
// starting the database with this module.
const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

/** Runs a command with inherited output; throws when it fails. */
export function run(command, args, options = {}) {
  const result = spawnSync(command, args, { cwd: repoRoot, stdio: 'inherit', ...options });
  if (result.status !== 0) {
    throw new Error(`${command} ${args.join(' ')} failed with ${result.status ?? result.signal}`);
  }
}

const quiet = (command, args) => {
  try {
    return execFileSync(command, args, {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'ignore'],
    }).trim();
  } catch {
    return null;
  }
};

/** pnpm 10 (pnpm 11 needs Node 22). */
export function ensurePnpm() {
  const version = quiet('pnpm', ['--version']);
  if (version?.startsWith('10.')) return;
  console.info('Installing pnpm 10 …');
  run('npm', ['install', '--global', 'pnpm@10']);
}

/** The workspace's dependencies, exactly as the lockfile says. */
export function installDependencies() {
  run('pnpm', ['install', '--frozen-lockfile', '--reporter=append-only'], {
    env: { ...process.env, CI: 'true' },
  });
}

const newestMtime = (dir) => {
  let newest = 0;
  const walk = (current) => {
    for (const entry of readdirSync(current, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.'))
        continue;
      const full = path.join(current, entry.name);
      if (entry.isDirectory()) walk(full);
      else newest = Math.max(newest, statSync(full).mtimeMs);
    }
  };
  if (existsSync(dir)) walk(dir);
  return newest;
};

/**
 * Not a pnpm package: the WordPress plugin and its Staff add-on, whose build is their download
 * zips (wordpress-plugin/dist/cloud-pos.zip and cloud-pos-staff.zip, see plugin-zip.mjs).
 */
export const PLUGIN_PACKAGE = 'wordpress-plugin';

/**
 * Builds every package whose sources (or shared's) are newer than its dist; `wordpress-plugin`
 * in the list zips the plugin and its Staff add-on for download.
 */
export function buildPackages(packages, { force = false } = {}) {
  const sharedChanged = newestMtime(path.join(repoRoot, 'shared'));
  const stampOf = (pkg) => path.join(repoRoot, pkg, 'dist', '.build-stamp');
  const stale = packages.filter((pkg) => {
    if (force || !existsSync(stampOf(pkg))) return true;
    const built = statSync(stampOf(pkg)).mtimeMs;
    return newestMtime(path.join(repoRoot, pkg)) > built || sharedChanged > built;
  });
  // The plugin's zip carries the register's build: a new register makes a new zip.
  if (
    stale.includes('register') &&
    packages.includes(PLUGIN_PACKAGE) &&
    !stale.includes(PLUGIN_PACKAGE)
  ) {
    stale.push(PLUGIN_PACKAGE);
  }
  if (stale.length === 0) return;
  console.info(`Building ${stale.join(', ')} …`);
  const workspace = stale.filter((pkg) => pkg !== PLUGIN_PACKAGE);
  if (workspace.length > 0) {
    const filters = workspace.flatMap((pkg) => ['--filter', `{./${pkg}}...`]);
    run('pnpm', [...filters, '--workspace-concurrency=2', 'run', 'build']);
  }
  if (stale.includes(PLUGIN_PACKAGE)) {
    // A child process: yazl streams asynchronously and this function is synchronous.
    run(process.execPath, [path.join(repoRoot, 'scripts/lib/plugin-zip.mjs')]);
  }
  // Only a build that finished marks its package as up to date.
  for (const pkg of stale) writeFileSync(stampOf(pkg), new Date().toISOString());
}

/** Installs Debian packages that are missing (the machine runs as root). */
export function ensureDebianPackages(packages) {
  const missing = packages.filter(({ check }) => !check());
  if (missing.length === 0) return;
  const names = missing.map(({ name }) => name);
  console.info(`Installing Debian packages: ${names.join(', ')} …`);
  const sudo = process.getuid?.() === 0 ? [] : ['sudo'];
  const apt = (args) =>
    run(sudo[0] ?? 'apt-get', [...(sudo.length ? ['apt-get'] : []), ...args], {
      env: { ...process.env, DEBIAN_FRONTEND: 'noninteractive' },
    });
  apt(['update', '-qq']);
  apt(['install', '-y', '-qq', '--no-install-recommends', ...names]);
}

/** Where PostgreSQL's server binaries are, if installed. */
export function postgresBinDir() {
  const base = '/usr/lib/postgresql';
  if (!existsSync(base)) return null;
  const versions = readdirSync(base).filter((v) => existsSync(path.join(base, v, 'bin/initdb')));
  versions.sort((a, b) => Number(b) - Number(a));
  return versions.length ? path.join(base, versions[0], 'bin') : null;
}

/** Whether dpkg has the package installed. */
const dpkgInstalled = (name) =>
  quiet('dpkg-query', ['--show', '--showformat=${db:Status-Status}', name]) === 'installed';

/**
 * The `wordpress` step's: Debian's WordPress (6.1 in bookworm) on PHP and a throw-away MariaDB
 * for the plugin's contract run; phpunit and phpcs (and the PHP extensions they need) for the
 * plugin's own checks. Installing them may start Debian's own apache2 and mariadb services,
 * which the step does not use. The `real-store` step unpacks WordPress 6.8.8 and WooCommerce
 * 10.0.2 with unzip (they run on the same PHP: WordPress falls back to its streams transport
 * without php-curl).
 */
const wordpressPackages = [
  'wordpress',
  'php',
  'php-mysql',
  'mariadb-server',
  'php-cli',
  'phpunit',
  'php-xml',
  'php-mbstring',
  'php-codesniffer',
  'unzip',
].map((name) => ({ name, check: () => dpkgInstalled(name) }));

/**
 * The production topology's (`npm run start:prod`, the e2e-scale step): Debian's nginx with its
 * brotli_static module, PostgreSQL, and openssl for the self-signed certificate.
 */
export const debianProductionPackages = [
  { name: 'nginx', check: () => existsSync('/usr/sbin/nginx') },
  {
    name: 'libnginx-mod-http-brotli-static',
    check: () => existsSync('/usr/lib/nginx/modules/ngx_http_brotli_static_module.so'),
  },
  { name: 'postgresql', check: () => postgresBinDir() !== null },
  { name: 'openssl', check: () => existsSync('/usr/bin/openssl') },
];

export const debianTestPackages = [
  { name: 'chromium', check: () => existsSync('/usr/bin/chromium') },
  ...debianProductionPackages,
  { name: 'fonts-liberation', check: () => existsSync('/usr/share/fonts/truetype/liberation') },
  ...wordpressPackages,
];
