#!/usr/bin/env node
// `node scripts/bench/paint-pairs.mjs [A] [B]`: how far apart two builds of the dashboard paint,
// over more visits than `npm run bench` makes (its LCP row compares medians of 7). Each side is
// `stack` (the shell as the test stack serves it) or a built folder served like the shell by a
// fresh static server (e.g. shell/dist, or .run/bench-monolith/dist after a bench run); by
// default the stack against the monolith. PAIRS cold visits of each (default 20, after one
// uncounted visit of each), in turn with the order flipped every pair and a pause before each,
// the CPU slowed 4×, signed in as the admin; a visit ends once its LCP is reported, or with
// FULL=1 once the dashboard has loaded (as the bench's visits). Prints each side's median LCP,
// time to first byte, first-paint server time and LCP after the first byte, and in how many pairs
// A painted no later than B. Needs the packages built (`npm run bench` or `npm start` once) and
// `source .ports.env` like any stack.
import { spawn } from 'node:child_process';
import path from 'node:path';
import { setTimeout as delay } from 'node:timers/promises';
import { CPU_SLOWDOWN } from '../lib/bench-dashboard.mjs';
import { launchChromium, signedInState } from '../lib/chromium.mjs';
import { demoAccounts, ports, repoRoot, services, urls } from '../lib/services.mjs';
import { waitFor } from '../lib/stack.mjs';

const PAIRS = Number(process.env.PAIRS ?? 20);
const PAUSE_MS = Number(process.env.PAUSE_MS ?? 1000);
const full = process.env.FULL === '1';
const sides = [process.argv[2] ?? 'stack', process.argv[3] ?? '.run/bench-monolith/dist'];
const dataDir = path.join(repoRoot, '.run/paint-pairs-data');
// Beside the bench's monolith port (the shell's + 90).
const sidePorts = [ports.shell + 91, ports.shell + 92];
const sideOrigins = sidePorts.map((port) => `http://127.0.0.1:${port}`);

const children = [];
const stack = spawn(process.execPath, [path.join(repoRoot, 'scripts/serve-for-tests.mjs')], {
  cwd: repoRoot,
  stdio: ['ignore', 'ignore', 'inherit'],
  // The login provider sends tokens only to dashboard origins.
  env: {
    ...process.env,
    E2E_DATA_DIR: dataDir,
    E2E_LOG_DIR: path.join(repoRoot, '.run/paint-pairs-logs'),
    BENCH_DASHBOARD_ORIGINS: sideOrigins.join(','),
  },
});
children.push(stack);

/** Serves `dist` as the stack serves the shell (its arguments, another root and port). */
async function serve(dist, port) {
  const shell = services({ dataDir, test: true }).find((service) => service.name === 'shell');
  if (!shell) throw new Error('the stack has no shell service');
  const args = [...shell.args];
  args[args.indexOf('--root') + 1] = path.resolve(repoRoot, dist);
  args[args.indexOf('--port') + 1] = String(port);
  const child = spawn(shell.command, args, {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env: { ...process.env, NODE_ENV: 'production' },
  });
  children.push(child);
  await waitFor(`http://127.0.0.1:${port}/`, 30_000, () => child.exitCode === null);
}

/** The page's LCP, kept by an observer set before any script runs. */
function observeLcp() {
  const seen = { lcp: 0 };
  Object.defineProperty(window, '__paintPairs', { value: seen });
  new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) seen.lcp = entry.startTime;
  }).observe({ type: 'largest-contentful-paint', buffered: true });
}

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];

try {
  await waitFor(`${urls.shell}/`, 120_000, () => stack.exitCode === null);
  const origins = [];
  for (const [i, side] of sides.entries()) {
    if (side === 'stack') origins.push(urls.shell);
    else {
      await serve(side, sidePorts[i]);
      origins.push(sideOrigins[i]);
    }
  }
  const browser = await launchChromium();
  try {
    const signedIn = await signedInState(
      browser,
      demoAccounts.find((account) => account.email.startsWith('admin')),
    );
    // The session's cookies serve every port of 127.0.0.1; its localStorage is copied per origin.
    const stateFor = (origin) => ({
      cookies: signedIn.cookies,
      origins: signedIn.origins.flatMap((entry) =>
        entry.origin === urls.shell ? [entry, { ...entry, origin }] : [entry],
      ),
    });

    const visit = async (origin) => {
      await delay(PAUSE_MS);
      const context = await browser.newContext({ storageState: stateFor(origin) });
      try {
        const tab = await context.newPage();
        const cdp = await context.newCDPSession(tab);
        await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
        await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
        await tab.addInitScript(observeLcp);
        await tab.goto(`${origin}/`);
        if (full) {
          await tab
            .locator('[data-testid="side-nav"]:not([aria-busy])')
            .waitFor({ timeout: 60_000 });
          await tab.waitForLoadState('networkidle');
        } else await tab.waitForFunction(() => window.__paintPairs.lcp > 0);
        return await tab.evaluate(() => {
          const [navigation] = performance.getEntriesByType('navigation');
          const firstPaint = navigation.serverTiming.find(
            (timing) => timing.name === 'first-paint',
          );
          return {
            lcp: window.__paintPairs.lcp,
            ttfb: navigation.responseStart,
            server: firstPaint?.duration ?? 0,
          };
        });
      } finally {
        await context.close();
      }
    };

    for (const origin of origins) await visit(origin);
    const runs = [[], []];
    for (let pair = 0; pair < PAIRS; pair += 1) {
      for (const i of pair % 2 === 0 ? [0, 1] : [1, 0]) runs[i].push(await visit(origins[i]));
    }
    for (const [i, list] of runs.entries()) {
      const ms = (key) => median(list.map(key)).toFixed(0);
      console.info(
        `${i ? 'B' : 'A'} ${sides[i]}: LCP ${ms((run) => run.lcp)} ms, TTFB ${ms((run) => run.ttfb)} ms, ` +
          `first-paint server ${ms((run) => run.server)} ms, LCP after the first byte ` +
          `${ms((run) => run.lcp - run.ttfb)} ms (medians of ${PAIRS}); ` +
          `all ${list.map((run) => Math.round(run.lcp)).join(' ')}`,
      );
    }
    const noLater = runs[0].filter((run, pair) => run.lcp <= runs[1][pair].lcp).length;
    console.info(`A painted no later than B in ${noLater} of ${PAIRS} pairs`);
  } finally {
    await browser.close();
  }
} finally {
  for (const child of children) child.kill('SIGTERM');
}
