// Federated vs one bundle, for `npm run bench`: the signed-in dashboard as the product serves it
// (the shell and its remotes through Module Federation) and as a monolith of the same code
// (scripts/bench/monolith/webpack.config.cjs), visited in turn in one run (after one uncounted
// visit of each, with a pause before each visit), each visit on a cold cache with the CPU slowed
// 4× (CDP Emulation.setCPUThrottlingRate). Each visit measures the JS bytes fetched (gzip -9 of
// each script), the Largest Contentful Paint, the Interaction to Next Paint of opening and
// closing the profile menu, the Cumulative Layout Shift (a PerformanceObserver of
// `layout-shift`: the first paint's takeover must not move the page), and the stylesheet bytes
// the page received twice.
import { spawn, spawnSync } from 'node:child_process';
import path from 'node:path';
import { gzipSync } from 'node:zlib';
import { ports, repoRoot, services } from './services.mjs';
import { waitFor } from './stack.mjs';

const MONOLITH_DIST = path.join(repoRoot, '.run/bench-monolith/dist');
const MONOLITH_PORT = Number(process.env.BENCH_MONOLITH_PORT ?? ports.shell + 90);
/**
 * The monolith's origin. The stack's login provider must accept it as a dashboard (its /verify
 * and /refresh answer CORS to dashboard origins only): start the stack with
 * BENCH_DASHBOARD_ORIGINS set to it.
 */
export const MONOLITH_ORIGIN = `http://127.0.0.1:${MONOLITH_PORT}`;
export const CPU_SLOWDOWN = 4;
export const VISITS = 7;

/** Builds the monolith (a few minutes on two cores). */
export function buildMonolith() {
  console.info('Building the monolith of the shell and its remotes (bench only) …');
  const result = spawnSync(
    'pnpm',
    [
      '--filter',
      '@pos/shell',
      'exec',
      'webpack',
      '--config',
      '../scripts/bench/monolith/webpack.config.cjs',
      '--stats=errors-warnings',
    ],
    { cwd: repoRoot, stdio: 'inherit' },
  );
  if (result.status !== 0) throw new Error(`the monolith build failed (${result.status})`);
}

/**
 * Serves the monolith as the stack serves the shell (the same static server, api proxy, runtime
 * files and Content-Security-Policy), on a port of its own.
 * @param {string} dataDir the running stack's data folder
 * @returns {Promise<{ url: string, stop: () => void }>}
 */
export async function serveMonolith(dataDir) {
  const shell = services({ dataDir, test: true }).find((service) => service.name === 'shell');
  if (!shell) throw new Error('the stack has no shell service');
  const args = [...shell.args];
  args[args.indexOf('--root') + 1] = MONOLITH_DIST;
  args[args.indexOf('--port') + 1] = String(MONOLITH_PORT);
  const child = spawn(shell.command, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  const url = MONOLITH_ORIGIN;
  await waitFor(`${url}/`, 30_000, () => child.exitCode === null);
  return { url, stop: () => child.kill('SIGTERM') };
}

/**
 * The page's LCP, the longest interaction and the layout shifts, kept by observers set before
 * any script runs. CLS is the largest session window of shifts not caused by input (shifts less
 * than 1 s apart, a window at most 5 s long), as the web-vitals definition has it.
 */
function observeVitals() {
  const vitals = { lcp: 0, inp: 0, cls: 0 };
  let window_ = { value: 0, first: 0, last: 0 };
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) {
      if (entry.hadRecentInput) continue;
      const sameWindow =
        window_.value > 0 &&
        entry.startTime - window_.last < 1000 &&
        entry.startTime - window_.first < 5000;
      window_ = sameWindow
        ? { ...window_, value: window_.value + entry.value, last: entry.startTime }
        : { value: entry.value, first: entry.startTime, last: entry.startTime };
      vitals.cls = Math.max(vitals.cls, window_.value);
    }
  }).observe({ type: 'layout-shift', buffered: true });
  Object.defineProperty(window, '__benchVitals', { value: vitals });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) vitals.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
  const interaction = (list) => {
    for (const entry of list.getEntries())
      if (entry.interactionId || entry.entryType === 'first-input')
        vitals.inp = Math.max(vitals.inp, entry.duration);
  };
  new PerformanceObserver(interaction).observe({ type: 'first-input', buffered: true });
  new PerformanceObserver(interaction).observe({
    type: 'event',
    buffered: true,
    durationThreshold: 16,
  });
}

/**
 * The stylesheet bytes a page received twice: a stylesheet fetched twice, and every rule that
 * is in more than one of its stylesheets (fetched files and <style> elements alike), counted
 * once for each extra copy. Each text is parsed by the page's own CSS parser, so minified and
 * unminified copies of a rule are the same rule.
 * @param {import('playwright-core').Page} page
 * @param {string[]} fetched the stylesheet URLs the page's responses carried, in order
 */
async function stylesheetBytesTwice(page, fetched) {
  let twice = 0;
  const texts = [];
  const seen = new Set();
  for (const url of fetched) {
    const response = await fetch(url);
    const text = await response.text();
    if (seen.has(url)) twice += Buffer.byteLength(text);
    else texts.push(text);
    seen.add(url);
  }
  texts.push(
    ...(await page.evaluate(() =>
      [...document.querySelectorAll('style')].map((s) => s.textContent ?? ''),
    )),
  );
  const rulesOf = await page.evaluate(
    (sheets) =>
      sheets.map((text) => {
        const sheet = new CSSStyleSheet();
        sheet.replaceSync(text);
        return [...sheet.cssRules].map((rule) => rule.cssText);
      }),
    texts,
  );
  const copies = new Map();
  for (const rules of rulesOf)
    for (const rule of new Set(rules)) copies.set(rule, (copies.get(rule) ?? 0) + 1);
  for (const [rule, count] of copies) if (count > 1) twice += Buffer.byteLength(rule) * (count - 1);
  return twice;
}

/**
 * One cold visit of the dashboard at `origin`, signed in with `storageState`.
 * @returns {Promise<{ js: number, lcp: number, inp: number, cls: number, cssTwice: number }>}
 *   bytes, ms, ms, the layout shift score, bytes
 */
async function visit(browser, origin, storageState) {
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    // Each script's URL; its bytes are fetched again after the visit (Playwright's response
    // bodies are missing for some scripts loaded with the cache off, which undercounted).
    const scriptUrls = new Set();
    const stylesheets = [];
    page.on('response', (response) => {
      const type = response.request().resourceType();
      if (type === 'script' && response.ok()) scriptUrls.add(response.url());
      if (type === 'stylesheet' && response.ok()) stylesheets.push(response.url());
    });
    await page.addInitScript(observeVitals);
    await page.goto(`${origin}/`);
    // The interactions are made on the loaded dashboard: its side navigation has every remote's
    // items (it is aria-busy until then), and the network is quiet. Network quiet alone is not
    // enough: a page that paints from its HTML goes quiet while its scripts start.
    await page.locator('[data-testid="side-nav"]:not([aria-busy])').waitFor({ timeout: 60_000 });
    await page.waitForLoadState('networkidle');
    // Two interactions: the profile menu opens, then closes.
    try {
      await page.getByTestId('profile-menu-button').click();
      await page.getByTestId('profile-menu').waitFor();
      await page.keyboard.press('Escape');
      await page.getByTestId('profile-menu').waitFor({ state: 'hidden' });
    } catch (error) {
      const shot = path.join(repoRoot, '.run/bench-dashboard-failure.png');
      await page.screenshot({ path: shot }).catch(() => undefined);
      throw new Error(`${page.url()}: the profile menu did not open and close (see ${shot})`, {
        cause: error,
      });
    }
    await page.waitForTimeout(500);
    const vitals = await page.evaluate(() => window.__benchVitals);
    if (!vitals.lcp) throw new Error(`${origin}: the dashboard reported no LCP`);
    const cssTwice = await stylesheetBytesTwice(page, stylesheets);
    let js = 0;
    for (const url of scriptUrls) {
      const response = await fetch(url);
      if (!response.ok) throw new Error(`${url} answered ${response.status} on a second fetch`);
      const gzip = gzipSync(Buffer.from(await response.arrayBuffer()), { level: 9 }).length;
      if (process.env.BENCH_VERBOSE === '1')
        process.stderr.write(`dashboard ${origin}: ${(gzip / 1024).toFixed(1)} KB ${url}\n`);
      js += gzip;
    }
    return { js, lcp: vitals.lcp, inp: vitals.inp, cls: vitals.cls, cssTwice };
  } finally {
    await context.close();
  }
}

/**
 * A pause before each visit: the work the previous visit left behind (its browser context closing,
 * the servers' answers to the bytes measure, their garbage collection) is over, and a visit's
 * paint competes only with itself on the machine's two cores.
 */
const settle = () => new Promise((resolve) => setTimeout(resolve, SETTLE_MS));
const SETTLE_MS = 1000;

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

/**
 * The federated and the monolithic dashboard, visited in turn VISITS times each.
 * @param {string} federatedOrigin the shell's origin
 * @param {string} monolithOrigin
 * @param {import('playwright-core').BrowserContext extends { storageState(): Promise<infer S> } ? S : never} storageState
 *   the signed-in session on the shell's origin (its cookies and localStorage)
 */
export async function compareDashboards(browser, federatedOrigin, monolithOrigin, storageState) {
  const monolithState = {
    cookies: storageState.cookies,
    origins: storageState.origins.flatMap((entry) =>
      entry.origin === federatedOrigin ? [entry, { ...entry, origin: monolithOrigin }] : [entry],
    ),
  };
  const federated = () => visit(browser, federatedOrigin, storageState);
  const monolith = () => visit(browser, monolithOrigin, monolithState);
  // One visit of each, not counted: the monolith's server has just started, and a server's first
  // answers pay for its start (compilation, file reads, the api's first connections).
  await settle();
  await federated();
  await settle();
  await monolith();
  const runs = { federated: [], monolith: [] };
  for (let i = 0; i < VISITS; i += 1) {
    // In turn, and the pair's order alternates: neither build always follows the other's visit.
    const pair = i % 2 === 0 ? ['federated', 'monolith'] : ['monolith', 'federated'];
    for (const build of pair) {
      await settle();
      runs[build].push(await (build === 'federated' ? federated : monolith)());
    }
  }
  const summary = (list) => ({
    js: median(list.map((run) => run.js)),
    lcp: median(list.map((run) => run.lcp)),
    lcps: list.map((run) => Math.round(run.lcp)),
    inp: median(list.map((run) => run.inp)),
    inps: list.map((run) => Math.round(run.inp)),
    // The worst visit: a shift or a copy in any visit is one users get.
    cls: Math.max(...list.map((run) => run.cls)),
    cssTwice: Math.max(...list.map((run) => run.cssTwice)),
  });
  return { federated: summary(runs.federated), monolith: summary(runs.monolith) };
}
