#!/usr/bin/env node
// `npm run bench`: measures the budgets of the Foundation issue and prints a table.
//  - JS bytes fetched for the landing page, and for the signed-in shell before any remote: each
//    script's gzip -9 size, and the bytes the static server really sent (Content-Encoding as
//    Chromium negotiated it; every script must come compressed)
//  - each remote's entry (remoteEntry.js) and what a visit to its page fetches, gzip (every remote
//    of services.mjs: mf-admin, mf-applications, mf-stations, mf-billing at /subscription-plans,
//    whose page JS includes the card form on Stripe's React bindings — Stripe.js itself comes from
//    the payments origin and is not counted as the remote's —, mf-analytics at /analytics,
//    whose page JS includes nivo, and mf-staff at /staff)
//  - how many copies of react-dom the browser loaded with the shell and every remote (must be 1)
//  - GET admin-panel/users p50/p99 over 100 000 users with a filter (api/scripts/bench-admin-users.ts)
//  - GET applications (20 authorized apps, each store checked live) and one application's detail,
//    p50/p99, against in-process sandbox stores on free ports (api/scripts/bench-applications.ts)
//  - stations, p50/p99, against in-process sandbox stores on free ports over real HTTP
//    (api/scripts/bench-stations.ts): GET applications/{id}/stations (live store; users re-copied at most every 5 min),
//    PUT stations/update-slug (transaction + store PUT), GET shared-stations for a member of 20
//    applications, and the cloud POS address on the POS host up to the hand-off page
//  - the staff list GET staff/users p50/p99 for a store of 2 000 POS users (25 and 100 a page,
//    random pages; live store, verified accounts and invitation counts merged) and GET
//    staff/summary, against an in-process sandbox store over real HTTP (api/scripts/bench-staff.ts)
//  - GET /user-tasks p50/p99 for a manager with 20 applications among 20 000 users with completed
//    tasks, through the real app on SQLite (api/scripts/bench-user-tasks.ts)
//  - GET /subscription-monitor p50/p99 over real HTTP, from the database only (the api's Stripe
//    is a counter that must see no call) (api/scripts/bench-subscription-monitor.ts)
//  - GET analytics/orders and GET analytics/usage (30 and 366 days) p50/p99 with 1 000 000 orders
//    over 1 000 applications of 100 managers, random manager, all or one application, four time
//    zones (api/scripts/bench-analytics.ts)
//  - GET activities-list p50/p99 on page 1 and the deepest pages over 1 000 000 chained feed
//    entries of 1 000 owners (api/scripts/bench-activities.ts)
//  - webhook ingest: signed order.created deliveries over HTTP to the POS host for 12 s, 8
//    senders, on SQLite and on a throw-away PostgreSQL cluster; each stored, chained and
//    streamed live (api/scripts/bench-webhooks.ts)
//  - live: web orders placed on the demo store's checkout while the demo manager's dashboard is
//    open, each timed until the Order Analytics tile shows it (scripts/lib/bench-live.mjs)
// Budgets: activities-list p99 ≤ 30 ms; webhook ingest ≥ 500 orders/s on each engine;
// landing ≤ 200 KB gzip JS; admin users p99 ≤ 50 ms; applications list p99 ≤ 250 ms;
// stations p99 ≤ 250 ms; update-slug p99 ≤ 250 ms; shared-stations p99 ≤ 500 ms; cloud POS
// launch p99 ≤ 250 ms; staff list p99 ≤ 150 ms; staff summary p99 ≤ 30 ms; user-tasks p99 ≤ 20 ms; subscription-monitor p99 ≤ 20 ms; analytics/orders p99 ≤ 30 ms;
// analytics/usage p99 ≤ 60 ms; an order placed on a store shown by the dashboard's Order
// Analytics tile p95 ≤ 2 s, without a reload (scripts/lib/bench-live.mjs).
// Exit code 1 when a budget is broken.
import { spawn } from 'node:child_process';
import http from 'node:http';
import { createRequire } from 'node:module';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { withPostgres } from './lib/postgres.mjs';
import {
  buildPackages,
  debianTestPackages,
  ensureDebianPackages,
  ensurePnpm,
  installDependencies,
} from './lib/setup.mjs';
import { demoAccounts, remotes, repoRoot, urls } from './lib/services.mjs';
import { measureLiveLatency } from './lib/bench-live.mjs';
import { waitFor } from './lib/stack.mjs';

// playwright-core is required only after main() installed the dependencies (a fresh clone has none).
const requireFromE2e = createRequire(path.join(repoRoot, 'e2e/package.json'));

const kb = (bytes) => `${(bytes / 1024).toFixed(1)} KB`;
const REACT_DOM_MARKER = '__reactContainer$';

/** What Debian's Chromium asks for from http://127.0.0.1 (read off a request it sent). */
const CHROMIUM_ACCEPT_ENCODING = 'gzip, deflate, br, zstd';

/**
 * What the server sends for a script to Chromium: the body's bytes as they travel, and their
 * Content-Encoding. (Playwright's own size and header readings miss scripts fetched with the
 * cache off, so the request is made again.)
 * @returns {Promise<{bytes: number, encoding: string}>}
 */
function fetchAsSent(url) {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers: { 'accept-encoding': CHROMIUM_ACCEPT_ENCODING } }, (res) => {
        let bytes = 0;
        res.on('data', (chunk) => (bytes += chunk.length));
        res.on('end', () =>
          resolve({ bytes, encoding: res.headers['content-encoding'] ?? 'identity' }),
        );
      })
      .on('error', reject);
  });
}

/** Debian's Chromium, headless, as the machine's notes ask for running it as root. */
function launchChromium() {
  const { chromium } = requireFromE2e('playwright-core');
  return chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

async function measureFrontEnd() {
  const browser = await launchChromium();
  try {
    const context = await browser.newContext();
    const page = await context.newPage();
    // Every script is fetched from the server, as on a first visit: what the landing page
    // already loaded counts again for the signed-in shell.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    /**
     * @type {{url: string, origin: string, raw: number, gzip: number, sent: number, encoding: string,
     *   reactDom: boolean}[]}
     */
    let scripts = [];
    /** Every script of the visit, for the encoding check. */
    const all = [];
    page.on('response', async (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      try {
        const body = await response.body();
        const wire = await fetchAsSent(response.url());
        const script = {
          url: response.url(),
          origin: new URL(response.url()).origin,
          raw: body.length,
          gzip: gzipSync(body, { level: 9 }).length,
          sent: wire.bytes,
          encoding: wire.encoding,
          reactDom: body.includes(REACT_DOM_MARKER),
        };
        scripts.push(script);
        all.push(script);
      } catch {
        // a response without a body (redirect) carries no script
      }
    });
    const sum = (list, key = 'gzip') => list.reduce((total, s) => total + s[key], 0);
    const settle = () => page.waitForLoadState('networkidle');

    await page.goto(urls.shell);
    await settle();
    const landing = sum(scripts);
    const landingSent = sum(scripts, 'sent');
    const landingRaw = sum(scripts, 'raw');

    // Sign in as the admin (who sees every remote) through the sandbox provider.
    scripts = [];
    const admin = demoAccounts.find((a) => a.email.startsWith('admin'));
    await page.goto(`${urls.login}/need-access/${encodeURIComponent(urls.shell)}?product=pos`);
    await page.getByLabel('Email').fill(admin.email);
    await page.getByLabel('Password').fill(admin.password);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await page.waitForURL(`${urls.shell}/`);
    await settle();
    const remoteOrigins = new Set(remotes.map((r) => `http://127.0.0.1:${r.port}`));
    const shellScripts = scripts.filter((s) => !remoteOrigins.has(s.origin));
    const signedInShell = sum(shellScripts);
    const signedInShellSent = sum(shellScripts, 'sent');
    const signedInShellRaw = sum(shellScripts, 'raw');

    const perRemote = [];
    for (const remote of remotes) {
      const origin = `http://127.0.0.1:${remote.port}`;
      const entry = scripts.find((s) => s.origin === origin && s.url.includes('remoteEntry'));
      const before = scripts.length;
      // A remote without a page (mf-assistant's side navigation widget) loads on the dashboard.
      await page.goto(`${urls.shell}${remote.routes[0] ?? '/'}`);
      await settle();
      const page_ = sum(scripts.slice(before).filter((s) => s.origin === origin));
      perRemote.push({ name: remote.pkg, entry: entry?.gzip ?? 0, page: page_ });
    }
    const reactDomCopies = new Set(scripts.filter((s) => s.reactDom).map((s) => s.url)).size;
    const encodings = new Set(all.map((s) => s.encoding));
    const uncompressed = all.filter((s) => s.encoding === 'identity').map((s) => s.url);
    return {
      landing,
      landingSent,
      landingRaw,
      signedInShell,
      signedInShellSent,
      signedInShellRaw,
      encodings: [...encodings].sort().join(', '),
      uncompressed,
      perRemote,
      reactDomCopies,
    };
  } finally {
    await browser.close();
  }
}

/** Runs one of the api's bench scripts and resolves with the JSON of its last `{…}` line. */
function runApiBench(script, label, env = {}) {
  return new Promise((resolve, reject) => {
    const child = spawn('pnpm', ['--filter', '@pos/api', 'exec', 'tsx', `scripts/${script}`], {
      cwd: repoRoot,
      stdio: ['ignore', 'pipe', 'inherit'],
      env: { ...process.env, ...env },
    });
    let output = '';
    child.stdout.on('data', (chunk) => (output += chunk));
    child.on('exit', (code) => {
      const line = output
        .trim()
        .split('\n')
        .filter((l) => l.startsWith('{'))
        .pop();
      if (code !== 0 || !line)
        return reject(new Error(`${label} bench failed (${code}): ${output}`));
      resolve(JSON.parse(line));
    });
  });
}

const measureAdminUsers = () => runApiBench('bench-admin-users.ts', 'admin users');

/** The applications list and detail against in-process sandbox stores on free ports. */
const measureApplications = () => runApiBench('bench-applications.ts', 'applications');

/** The stations routes and the cloud POS address against in-process sandbox stores. */
const measureStations = () => runApiBench('bench-stations.ts', 'stations');

/** The staff list of a store with 2 000 POS users, and the staff summary (issue 13 §5). */
const measureStaff = () => runApiBench('bench-staff.ts', 'staff');

/** GET /user-tasks of a manager with 20 applications among 20 000 users (issue 14 §4). */
const measureUserTasks = () => runApiBench('bench-user-tasks.ts', 'user-tasks');

/** GET /subscription-monitor from the database, with no Stripe call (issue 11 §7). */
const measureMonitor = () => runApiBench('bench-subscription-monitor.ts', 'subscription monitor');

/** The order analytics over 1 000 000 orders (issue 12 §7). */
const measureAnalytics = () => runApiBench('bench-analytics.ts', 'analytics');

/** GET activities-list over 1 000 000 chained feed entries (issue 12 §7). */
const measureActivities = () => runApiBench('bench-activities.ts', 'activities-list');

/**
 * Webhook ingest on SQLite, then on a throw-away PostgreSQL cluster started like the
 * api-postgres test step's (issue 12 §7).
 */
async function measureIngest() {
  const sqlite = await runApiBench('bench-webhooks.ts', 'webhook ingest (SQLite)', {
    DATABASE_URL: '',
  });
  const postgres = await withPostgres((url) =>
    runApiBench('bench-webhooks.ts', 'webhook ingest (PostgreSQL)', { DATABASE_URL: url }),
  );
  return { sqlite, postgres };
}

async function main() {
  ensurePnpm();
  installDependencies();
  buildPackages(['sandbox', 'api', ...remotes.map((r) => r.pkg), 'shell']);
  ensureDebianPackages(debianTestPackages.filter((p) => p.name === 'postgresql'));

  // The product as `npm start` runs it, on throw-away data.
  const stackProcess = spawn(
    process.execPath,
    [path.join(repoRoot, 'scripts/serve-for-tests.mjs')],
    {
      cwd: repoRoot,
      stdio: ['ignore', 'ignore', 'inherit'],
    },
  );
  let front;
  let live;
  try {
    await waitFor(`${urls.shell}/`, 120_000, () => stackProcess.exitCode === null);
    front = await measureFrontEnd();
    const browser = await launchChromium();
    try {
      live = await measureLiveLatency(browser);
    } finally {
      await browser.close();
    }
  } finally {
    stackProcess.kill('SIGTERM');
  }
  const users = await measureAdminUsers();
  const apps = await measureApplications();
  const stations = await measureStations();
  const staff = await measureStaff();
  const userTasks = await measureUserTasks();
  const monitor = await measureMonitor();
  const analytics = await measureAnalytics();
  const activities = await measureActivities();
  const ingest = await measureIngest();

  const rows = [
    ['Landing page JS (gzip)', kb(front.landing), '≤ 200 KB', front.landing <= 200 * 1024],
    [
      'Landing page JS (sent compressed)',
      kb(front.landingSent),
      `< raw ${kb(front.landingRaw)}`,
      front.landingSent < front.landingRaw,
    ],
    ['Signed-in shell JS before any remote (gzip)', kb(front.signedInShell), '', true],
    [
      'Signed-in shell JS before any remote (sent compressed)',
      kb(front.signedInShellSent),
      `< raw ${kb(front.signedInShellRaw)}`,
      front.signedInShellSent < front.signedInShellRaw,
    ],
    [
      'Content-Encoding of every script',
      front.encodings,
      'compressed',
      front.uncompressed.length === 0,
    ],
    ...front.perRemote.flatMap((r) => [
      [`${r.name} remoteEntry.js (gzip)`, kb(r.entry), '', true],
      [`${r.name} page JS (gzip)`, kb(r.page), '', true],
    ]),
    ['react-dom copies loaded', String(front.reactDomCopies), '= 1', front.reactDomCopies === 1],
    [
      `admin-panel/users p50 (${users.users} users, filter)`,
      `${users.p50Ms.toFixed(2)} ms`,
      '',
      true,
    ],
    [
      `admin-panel/users p99 (${users.users} users, filter)`,
      `${users.p99Ms.toFixed(2)} ms`,
      '≤ 50 ms',
      users.p99Ms <= 50,
    ],
    [
      `applications list p50/p99 (${apps.applications} authorized apps, live store checks)`,
      `${apps.p50Ms.toFixed(2)} / ${apps.p99Ms.toFixed(2)} ms`,
      'p99 ≤ 250 ms',
      apps.p99Ms <= 250,
    ],
    [
      'application detail p50/p99',
      `${apps.detailP50Ms.toFixed(2)} / ${apps.detailP99Ms.toFixed(2)} ms`,
      '',
      true,
    ],
    ...[
      [
        'stations',
        'GET applications/{id}/stations',
        'live store; users re-copied at most every 5 min',
        250,
      ],
      ['updateSlug', 'PUT stations/update-slug', 'transaction + store PUT', 250],
      [
        'sharedStations',
        'GET shared-stations',
        `member of ${stations.sharedApplications} apps on ${stations.stores} stores`,
        500,
      ],
      ['cloudPosLaunch', 'cloud POS address', 'POS host, up to the hand-off page', 250],
    ].map(([key, name, what, budget]) => [
      `${name} p50/p99 (${what})`,
      `${stations[key].p50.toFixed(2)} / ${stations[key].p99.toFixed(2)} ms`,
      `p99 ≤ ${budget} ms`,
      stations[key].p99 <= budget,
    ]),
    ...[
      ['staffList', 'GET staff/users', `25 a page, ${staff.users} POS users, live store`, 150],
      ['staffList100', 'GET staff/users', `100 a page, ${staff.users} POS users`, null],
      ['staffSummary', 'GET staff/summary', 'members table, no store call', 30],
    ].map(([key, name, what, budget]) => [
      `${name} p50/p99 (${what})`,
      `${staff[key].p50.toFixed(2)} / ${staff[key].p99.toFixed(2)} ms`,
      budget === null ? '' : `p99 ≤ ${budget} ms`,
      budget === null || staff[key].p99 <= budget,
    ]),
    [
      `GET /user-tasks p50/p99 (${userTasks.applications} applications, ${userTasks.users} users, ${userTasks.completions} completions)`,
      `${userTasks.p50Ms.toFixed(2)} / ${userTasks.p99Ms.toFixed(2)} ms`,
      'p99 ≤ 20 ms',
      userTasks.p99Ms <= 20,
    ],
    [
      `GET /subscription-monitor p50/p99 (${monitor.users} users, database only, ${monitor.stripeCalls} Stripe calls)`,
      `${monitor.p50Ms.toFixed(2)} / ${monitor.p99Ms.toFixed(2)} ms`,
      'p99 ≤ 20 ms',
      monitor.p99Ms <= 20 && monitor.stripeCalls === 0,
    ],
    [
      `order on a store → dashboard tile updated p50/p95 (${live.samples.length} web orders, ${live.reloads} reloads)`,
      `${live.p50} / ${live.p95} ms`,
      'p95 ≤ 2000 ms, no reload',
      live.p95 <= 2000 && live.reloads === 0,
    ],
    ...[
      ['ordersCounts', 'GET analytics/orders', 'today, month, total', 30],
      ['usage30', 'GET analytics/usage', '30 days', 60],
      ['usage366', 'GET analytics/usage', '366 days', 60],
    ].map(([key, name, what, budget]) => [
      `${name} p50/p99 (${what}; ${analytics.orders} orders, ${analytics.applications} apps)`,
      `${analytics[key].p50.toFixed(2)} / ${analytics[key].p99.toFixed(2)} ms`,
      `p99 ≤ ${budget} ms`,
      analytics[key].p99 <= budget,
    ]),
    [
      `analytics bench seed (${analytics.orders} orders, one SQLite statement)`,
      `${(analytics.seedMs / 1000).toFixed(1)} s`,
      '< 60 s',
      analytics.seedMs < 60_000,
    ],
    ...[
      ['page1', 'page 1'],
      ['deep', `pages ${activities.deep.page - 2}–${activities.deep.page}`],
    ].map(([key, what]) => [
      `GET activities-list p50/p99 (${what}; ${activities.entries} chained entries, ${activities.owners} owners)`,
      `${activities[key].p50.toFixed(2)} / ${activities[key].p99.toFixed(2)} ms`,
      'p99 ≤ 30 ms',
      activities[key].p99 <= 30,
    ]),
    ...[ingest.sqlite, ingest.postgres].map((run) => [
      `webhook ingest on ${run.engine} (${run.orders} signed order.created in ${run.seconds} s, ${run.senders} senders; chain + live events ${run.chainsOk && run.streamed === run.orders ? 'checked' : 'BROKEN'})`,
      `${run.ordersPerSecond} orders/s`,
      '≥ 500 orders/s',
      run.ordersPerSecond >= 500 && run.chainsOk && run.streamed === run.orders,
    ]),
  ];
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((r) => String(r[i]).length), 8));
  const line = (cells) => `| ${cells.map((c, i) => String(c).padEnd(widths[i])).join(' | ')} |`;
  console.info(line(['measure', 'value', 'budget']).concat(' ok |'));
  console.info(line(widths.map((w) => '-'.repeat(w))).concat(' -- |'));
  for (const row of rows) console.info(line(row.slice(0, 3)).concat(row[3] ? ' ✓  |' : ' ✗  |'));
  for (const url of front.uncompressed) console.info(`sent uncompressed: ${url}`);
  if (rows.some((row) => !row[3])) process.exitCode = 1;
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
