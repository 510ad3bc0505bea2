#!/usr/bin/env node
// `npm run start:prod`: the product as production runs it. Installs and builds like `npm start`,
// then starts PostgreSQL (a throw-away cluster, or DATABASE_URL), API_INSTANCES api instances
// (2 by default), the shell's server (its pages' first paint and Content-Security-Policy), the
// sandbox stand-ins, and Debian's nginx as the one entry point: TLS on HTTPS_PORT (443) with
// HTTP/2, HTTP_PORT (80) redirecting to it, the built files precompressed, the api and the POS
// host spread over the instances. See the README, "Production".
import path from 'node:path';
import {
  PLUGIN_PACKAGE,
  buildPackages,
  debianProductionPackages,
  ensureDebianPackages,
  ensurePnpm,
  installDependencies,
} from './lib/setup.mjs';
import { startPostgres } from './lib/postgres.mjs';

async function main() {
  ensurePnpm();
  installDependencies();
  ensureDebianPackages(debianProductionPackages);
  // The database first: services.mjs (read by the build's plugin zipper too) wants it for
  // several instances.
  const cluster = process.env.DATABASE_URL ? null : startPostgres();
  if (cluster) {
    process.env.DATABASE_URL = cluster.url;
    console.info(`PostgreSQL (throw-away, gone when this stops): ${cluster.url}`);
  }
  // Before services.mjs is read (it is not yet: neither setup.mjs nor postgres.mjs imports it):
  // its table follows these.
  process.env.POS_NGINX = '1';
  process.env.API_INSTANCES ??= '2';
  const { demoAccounts, demoApplicationSlug, ports, remotes, repoRoot, storeAdmin, urls } =
    await import('./lib/services.mjs');
  const { startStack } = await import('./lib/stack.mjs');

  buildPackages([
    'sandbox',
    'api',
    ...remotes.map((remote) => remote.pkg),
    'shell',
    'register',
    PLUGIN_PACKAGE,
  ]);

  const dataDir = path.resolve(process.env.POS_DATA_DIR ?? path.join(repoRoot, '.data-prod'));
  const logDir = path.join(repoRoot, '.run/logs-prod');
  const stopAll = async (stack) => {
    await stack?.stop();
    cluster?.stop();
  };
  let stack;
  try {
    stack = await startStack({ dataDir, logDir, control: true });
  } catch (error) {
    cluster?.stop();
    throw error;
  }
  stack.onCrash((name, reason) => {
    console.error(
      `\n${name} stopped unexpectedly (${reason}); its log is ${path.join(logDir, `${name}.log`)}`,
    );
    stopAll(stack).finally(() => process.exit(1));
  });

  const width = Math.max(...demoAccounts.map((account) => account.email.length));
  console.info(`
  Cloud POS dashboard is running behind nginx (${process.env.API_INSTANCES} api instances on PostgreSQL).

    Open          ${urls.shell}   (a self-signed certificate unless TLS_CERT_PATH names one)
    Sign in as    ${demoAccounts.map((a) => `${a.email.padEnd(width)}  password ${a.password}  (${a.role})`).join('\n                  ')}

    Cloud POS     ${urls.cloudPos}/${demoApplicationSlug}/pos
    POS host      ${urls.posHost}/wc-authorize, /wc-webhooks/{id} (what the stores call back)
    Stores        ${urls.stores.join('  ')}  (store admin ${storeAdmin.username} / ${storeAdmin.password})
    Login, mail   ${urls.login}  ${urls.mail}
    Health        http://127.0.0.1:${ports.api}/health/ready  (each instance: /health/live, /metrics)
    Rolling       npm run restart:rolling  (the api instances one at a time, behind nginx)
    Data, logs    ${dataDir}   ${logDir}

  Press Ctrl+C to stop.
`);

  const shutdown = () => {
    console.info('Stopping …');
    stopAll(stack).finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(`\nCould not start: ${error.message}`);
  process.exit(1);
});
