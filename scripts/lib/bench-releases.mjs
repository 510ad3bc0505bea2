// The live release mapping's cost at the shell's start (issue 31): /remotes.json is the file
// with each remote's live release and canary read from the api on every request. Measured
// beside /config.json, a plain file of the same server, so the difference is the lookup.
import { ensureLiveReleases, signIn } from './release.mjs';
import { demoAccounts, remotes, urls } from './services.mjs';

/** Requests of each file; the first few warm the connections and are not counted. */
const SAMPLES = 300;
const WARM_UP = 20;

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)];

async function timings(url) {
  const times = [];
  for (let i = 0; i < SAMPLES + WARM_UP; i += 1) {
    const started = performance.now();
    const response = await fetch(url, { headers: { accept: 'application/json' } });
    await response.arrayBuffer();
    if (i >= WARM_UP) times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

/**
 * Gives every remote a live release (as `npm start` does), then times /remotes.json and
 * /config.json on the shell's server, alternately in rounds so that a busy moment of the
 * machine falls on both.
 * @param {{ dataDir: string }} options
 */
export async function measureLiveMapping({ dataDir }) {
  const admin = demoAccounts.find((account) => account.email === 'admin@demo.test');
  await ensureLiveReleases({ token: await signIn(admin.email, admin.password), dataDir });
  const mapped = await (await fetch(`${urls.shell}/remotes.json`)).json();
  const released = mapped.remotes.filter((remote) => remote.release).length;
  if (released !== remotes.length) {
    throw new Error(`remotes.json names ${released} releases of ${remotes.length} remotes`);
  }
  const withLookup = await timings(`${urls.shell}/remotes.json`);
  const plain = await timings(`${urls.shell}/config.json`);
  return {
    remotes: released,
    p50: percentile(withLookup, 50) - percentile(plain, 50),
    p99: percentile(withLookup, 99) - percentile(plain, 99),
    lookupP99: percentile(withLookup, 99),
    plainP99: percentile(plain, 99),
  };
}
