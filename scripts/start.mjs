#!/usr/bin/env node
// `npm start`: install, build, start the sandbox, the api (embedded SQLite with demo data),
// every remote and the shell, then print where to open it and how to sign in.
import path from 'node:path';
import { PLUGIN_PACKAGE, buildPackages, ensurePnpm, installDependencies } from './lib/setup.mjs';
import {
  demoAccounts,
  demoApplicationSlug,
  demoPromotionCodes,
  pluginDownload,
  remotes,
  repoRoot,
  staffPluginDownload,
  storeAdmin,
  testCards,
  urls,
} from './lib/services.mjs';
import { ensureLiveReleases, signIn } from './lib/release.mjs';
import { startStack } from './lib/stack.mjs';

// The plugin's build is its download and its Staff add-on's, which the shell's server offers at
// /downloads/cloud-pos.zip and /downloads/cloud-pos-staff.zip.
const packages = [
  'sandbox',
  'api',
  ...remotes.map((remote) => remote.pkg),
  'shell',
  // The register before the plugin: the plugin's zip carries its build.
  'register',
  PLUGIN_PACKAGE,
];

async function main() {
  ensurePnpm();
  installDependencies();
  buildPackages(packages);

  const dataDir = path.resolve(process.env.POS_DATA_DIR ?? path.join(repoRoot, '.data'));
  const logDir = path.join(repoRoot, '.run/logs');
  const stack = await startStack({ dataDir, logDir });
  stack.onCrash((name, reason) => {
    console.error(
      `\n${name} stopped unexpectedly (${reason}); its log is ${path.join(logDir, `${name}.log`)}`,
    );
    stack.stop().finally(() => process.exit(1));
  });
  // One release of each remote live (issue 31): the built dist/ of a remote that has none yet,
  // published and promoted by the demo admin. The Releases page (/admin-panel/releases) takes it
  // from there.
  const admin = demoAccounts.find((account) => account.email === 'admin@demo.test');
  const released = await ensureLiveReleases({
    token: await signIn(admin.email, admin.password),
    dataDir,
  });
  if (released.length > 0) console.info(`Published and promoted: ${released.join(', ')}`);

  const width = Math.max(...demoAccounts.map((account) => account.email.length));
  console.info(`
  Cloud POS dashboard is running.

    Open          ${urls.shell}
    Sign in as    ${demoAccounts.map((a) => `${a.email.padEnd(width)}  password ${a.password}  (${a.role})`).join('\n                  ')}

    Demo stations             ${urls.cloudPos}/${demoApplicationSlug}/pos  (Front Counter, the default station)
                              ${urls.cloudPos}/${demoApplicationSlug}/espresso-bar
                              (manager@demo.test has Demo Coffee Roasters connected; cashier@demo.test sees it under
                              Stations → Shared with me; both launch from Stations or the dashboard's POS tile)
    Demo orders               ring up a sale on a station's register, or order on ${urls.stores[0]}/shop: the
                              dashboard's Order Analytics tile and Activity feed show it within seconds
    Demo staff                ${urls.shell}/staff  (Demo Coffee Roasters' POS users; Create Staff User adds one in the
                              store and mails the invitation to the outbox below; Demo Book Nook lacks the Staff add-on)
    Demo WooCommerce stores   ${urls.stores.join('  ')}
                              (store admin: ${storeAdmin.username} / ${storeAdmin.password}; connect more under Applications;
                              the third, Demo Garden Supply, starts with the Cloud POS plugin inactive: switch it on in
                              its wp-admin under Plugins)
    Connect a store (popup)   ${urls.stores[1] ?? urls.stores[0]}/wp-admin/admin.php?page=cloud-pos-connect
                              (Demo Book Nook's "Connect to Cloud POS": sign in or register in the popup, and the
                              store shows and keeps its station link)
    Cloud POS plugin          ${urls.shell}${pluginDownload.path}  (for a real WordPress + WooCommerce store)
    Staff add-on              ${urls.shell}${staffPluginDownload.path}  (multiple users: the dashboard's Staff)
    Login provider (sandbox)  ${urls.login}
    Mail outbox (sandbox)     ${urls.mail}
    Payments (sandbox)        ${urls.payments}  (Stripe API v1 for the stripe SDK; Stripe.js at ${urls.payments}/v3/)
                              test cards (any future expiry, any CVC):
                              ${testCards.map((card) => `${card.number}  ${card.outcome}`).join('\n                              ')}
                              promo codes: ${demoPromotionCodes.map((promo) => `${promo.code} (${promo.what})`).join(', ')}
    API                       ${urls.api}/api/connect-ui  (OpenAPI: ${urls.api}/api/connect-ui/openapi.json)
    POS host                  ${urls.posHost} (wc-auth callbacks)  ${urls.cloudPos} (cloud POS addresses)
    Remotes                   ${remotes.map((r) => `${r.pkg} http://127.0.0.1:${r.port}/mf-manifest.json`).join(', ')}
    Data                      ${dataDir}   Logs ${logDir}

  Press Ctrl+C to stop.
`);

  const shutdown = () => {
    console.info('Stopping …');
    stack.stop().finally(() => process.exit(0));
  };
  process.on('SIGINT', shutdown);
  process.on('SIGTERM', shutdown);
}

main().catch((error) => {
  console.error(`\nCould not start: ${error.message}`);
  process.exit(1);
});
