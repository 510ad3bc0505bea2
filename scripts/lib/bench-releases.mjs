// The live release mapping's cost at the shell's start (issue 31): /remotes.json is the file
// with each remote's live release and canary from the api (kept up to a second by the shell's
// server, scripts/lib/live-mapping.cjs). Measured
// beside /config.json, a plain file of the same server, so the difference is the lookup.
import { setTimeout as delay } from 'node:timers/promises';
import { ensureLiveReleases, signIn } from './release.mjs';
import { demoAccounts, remotes, urls } from './services.mjs';

/** Pairs of requests; the first few warm the connections and are not counted. */
const SAMPLES = 500;
const WARM_UP = 20;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

/** The time of one GET of `url`, body read, in ms. */
async function timeOf(url) {
  const started = performance.now();
  const response = await fetch(url, { headers: { accept: 'application/json' } });
  await response.arrayBuffer();
  return performance.now() - started;
}

/**
 * Each sample is a pair, /remotes.json then /config.json, one right after the other, so a busy
 * moment of the machine falls on both; the measures are the lookup's share: the pairs' median
 * difference, and the difference of the two 99th percentiles.
 */
async function pairedTimings(withLookup, plain) {
  const added = [];
  const lookups = [];
  const plains = [];
  for (let i = 0; i < SAMPLES + WARM_UP; i += 1) {
    const lookup = await timeOf(withLookup);
    const file = await timeOf(plain);
    if (i < WARM_UP) continue;
    added.push(lookup - file);
    lookups.push(lookup);
    plains.push(file);
  }
  const sorted = (values) => values.sort((a, b) => a - b);
  return { added: sorted(added), lookups: sorted(lookups), plains: sorted(plains) };
}

/**
 * Gives every remote a live release (as `npm start` does), then times /remotes.json beside
 * /config.json on the shell's server, in pairs.
 * @param {{ dataDir: string }} options
 */
export async function measureLiveMapping({ dataDir }) {
  const admin = demoAccounts.find((account) => account.email === 'admin@demo.test');
  await ensureLiveReleases({ token: await signIn(admin.email, admin.password), dataDir });
  // The shell's server may keep its previous answer for up to a second (live-mapping.cjs).
  let released = 0;
  for (const deadline = Date.now() + 3000; released !== remotes.length && Date.now() < deadline;) {
    const mapped = await (await fetch(`${urls.shell}/remotes.json`)).json();
    released = mapped.remotes.filter((remote) => remote.release).length;
    if (released !== remotes.length) await delay(100);
  }
  if (released !== remotes.length) {
    throw new Error(`remotes.json names ${released} releases of ${remotes.length} remotes`);
  }
  const { added, lookups, plains } = await pairedTimings(
    `${urls.shell}/remotes.json`,
    `${urls.shell}/config.json`,
  );
  // What the lookup adds at the tail is the difference of the two tails. (The 99th percentile of
  // the pairs' differences was a measure of the machine's noise: one slow plain request made a
  // pair negative, one slow lookup a pair positive, and its value swung between 4 and 8 ms from
  // run to run on the loaded machine while the median difference stayed below zero.)
  const lookupP99 = percentile(lookups, 99);
  const plainP99 = percentile(plains, 99);
  return {
    remotes: released,
    p50: percentile(added, 50),
    p99: lookupP99 - plainP99,
    lookupP99,
    plainP99,
  };
}
