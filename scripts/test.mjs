#!/usr/bin/env node
// `npm test`: installs what the tests need (pnpm, dependencies, Debian's chromium, PostgreSQL,
// WordPress, PHP and MariaDB), then runs lint, format check, type checks, unit tests, the api's
// database tests on SQLite and on a real PostgreSQL, the WordPress plugin's checks and its
// contract suite on a real WordPress, builds, the same suite on a real store (WordPress +
// WooCommerce, when ../shared/vendor has them), and the end-to-end journeys in Chromium (the
// real store and the two-instance journeys beside them, see `lanes`). Ends with each step's
// time, the tests that passed only when tried again, and one line 'N passed, N failed'.
import { spawn } from 'node:child_process';
import {
  closeSync,
  existsSync,
  mkdirSync,
  openSync,
  readFileSync,
  rmSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import {
  PLUGIN_PACKAGE,
  buildPackages,
  debianTestPackages,
  ensureDebianPackages,
  ensurePnpm,
  installDependencies,
  run,
} from './lib/setup.mjs';
import { withPostgres } from './lib/postgres.mjs';
import { realStoreZips } from './lib/vendor.mjs';
import { edgePortEnv, remotes, repoRoot, shiftedPortEnv } from './lib/services.mjs';

const runStarted = Date.now();
const steps = [];
const only = process.env.TEST_STEPS?.split(',');
const selected = (name) => !only || only.includes(name);

/**
 * With TEST_LANES=2 the journeys after the build run in two lanes: the e2e journeys here, and
 * beside them, in a second `npm test` process on its own port block, data and log folders, the
 * real store, the two-instance journeys through nginx and the rolling restart. One after the
 * other is the default: on the 2-core CI machine two stacks with two Chromiums at once made the
 * two-instance journeys miss their remotes' load time and the rolling restart fail, journeys
 * that pass every time alone. A machine with cores to spare can run the lanes side by side.
 */
const BESIDE = ['real-store', 'e2e-scale', 'rolling-restart'];
const lanes = Number(process.env.TEST_LANES ?? 1);
const besideSteps =
  lanes > 1 && !process.env.TEST_LANE_RESULTS && selected('e2e') ? BESIDE.filter(selected) : [];

/** Runs a step; an action may return a reason it was skipped (the summary says so). */
function step(name, action) {
  if ((only && !only.includes(name)) || besideSteps.includes(name)) return;
  console.info(`\n━━ ${name} ━━`);
  const started = Date.now();
  try {
    const skipped = action();
    steps.push({ name, ok: true, ms: Date.now() - started, skipped });
  } catch (error) {
    console.error(`✗ ${name}: ${error.message}`);
    steps.push({ name, ok: false, ms: Date.now() - started });
  }
}

const pnpmExec = (args, env = {}) =>
  run('pnpm', ['exec', ...args], { env: { ...process.env, ...env } });
const reports = path.join(repoRoot, '.run/reports');
mkdirSync(reports, { recursive: true });
/** Test counts per step, read from the runners' JSON reports. */
const counts = {};
/** Tests and journeys that passed only when tried again, by step: named at the end of the run. */
const retried = [];

/** Passed and failed tests of a jest JSON report, if it was written. */
function jestCounts(outputFile) {
  if (!existsSync(outputFile)) return undefined;
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  return {
    passed: report.numPassedTests,
    failed: report.numFailedTests + report.numRuntimeErrorTestSuites,
  };
}

function jest(name, args, env = {}) {
  const outputFile = path.join(reports, `${name}.json`);
  rmSync(outputFile, { force: true });
  try {
    pnpmExec(['jest', '--ci', '--json', `--outputFile=${outputFile}`, ...args], env);
  } finally {
    const found = jestCounts(outputFile);
    if (found) {
      counts[name] = found;
      for (const title of jestRetriedTitles(outputFile)) retried.push(`${name}: ${title}`);
    }
  }
}

/**
 * The tests of a jest JSON report that passed only on a later try (`jest.retryTimes`): jest
 * counts every try in `invocations`.
 */
function jestRetriedTitles(outputFile) {
  const report = JSON.parse(readFileSync(outputFile, 'utf8'));
  return report.testResults.flatMap((file) =>
    file.assertionResults
      .filter((test) => test.status === 'passed' && (test.invocations ?? 1) > 1)
      .map((test) => `${path.relative(repoRoot, file.name)} › ${test.fullName}`),
  );
}

/** Passed and failed tests of phpunit's JUnit report (its first, outermost testsuite). */
function phpunitCounts(file) {
  if (!existsSync(file)) return undefined;
  const suite = /<testsuite\b[^>]*>/.exec(readFileSync(file, 'utf8'))?.[0] ?? '';
  const attribute = (name) => Number(new RegExp(`\\b${name}="(\\d+)"`).exec(suite)?.[1] ?? 0);
  const failed = attribute('errors') + attribute('failures');
  return { passed: attribute('tests') - failed - attribute('skipped'), failed };
}

/** The titles of a Playwright report's tests whose outcome was 'flaky' (passed on a retry). */
function flakyTitles(suites, parents = []) {
  return suites.flatMap((suite) => {
    const trail = suite.title ? [...parents, suite.title] : parents;
    const own = (suite.specs ?? []).flatMap((spec) =>
      spec.tests.some((test) => test.status === 'flaky')
        ? [[...trail, spec.title].join(' › ')]
        : [],
    );
    return [...own, ...flakyTitles(suite.suites ?? [], trail)];
  });
}

/** Counts of a Playwright run, from its JSON report (e2e/playwright.config.ts names it). */
function playwrightCounts(name = 'e2e') {
  const file = path.join(reports, `${name}.json`);
  if (!existsSync(file)) return;
  const { stats, suites } = JSON.parse(readFileSync(file, 'utf8'));
  counts[name] = { passed: stats.expected + stats.flaky, failed: stats.unexpected };
  for (const title of flakyTitles(suites ?? [])) retried.push(`${name}: ${title}`);
}

step('setup', () => {
  ensurePnpm();
  installDependencies();
  ensureDebianPackages(debianTestPackages);
});
// ESLint (with the package and api layer boundaries), then no import circle in the api or the
// sandbox (madge, `npm run cycles`).
step('lint', () => {
  pnpmExec(['eslint', '.', '--max-warnings=0']);
  run('pnpm', ['run', '--silent', 'cycles']);
});
step('format', () => pnpmExec(['prettier', '--check', '.']));
step('typecheck', () => run('pnpm', ['-r', '--workspace-concurrency=2', 'run', 'typecheck']));
step('unit', () => jest('unit', []));
step('api-postgres', () =>
  withPostgres((url) => jest('api-postgres', ['--selectProjects', 'api'], { DATABASE_URL: url })),
);
// The plugin's php -l, phpcs and phpunit (wordpress-plugin/bin/test.sh), then the pos-connect/v1
// contract suite against the plugin on Debian's WordPress (scripts/lib/wordpress.mjs). Both run
// even when the first fails; the counts add phpunit's tests to the suite's.
step('wordpress', () => {
  const junit = path.join(reports, 'phpunit.xml');
  const contract = path.join(reports, 'wordpress-contract.json');
  rmSync(junit, { force: true });
  const failures = [];
  try {
    run(path.join(repoRoot, 'wordpress-plugin/bin/test.sh'), ['--log-junit', junit]);
  } catch (error) {
    failures.push(`wordpress-plugin/bin/test.sh: ${error.message}`);
  }
  try {
    run(process.execPath, [path.join(repoRoot, 'scripts/lib/wordpress.mjs'), '--report', contract]);
  } catch (error) {
    failures.push(`the contract suite on WordPress: ${error.message}`);
  } finally {
    const found = [phpunitCounts(junit), jestCounts(contract)].filter(Boolean);
    if (found.length > 0) {
      counts.wordpress = {
        passed: found.reduce((n, c) => n + c.passed, 0),
        failed: found.reduce((n, c) => n + c.failed, 0),
      };
    }
  }
  if (failures.length > 0) throw new Error(failures.join('; '));
});
step('build', () =>
  buildPackages(
    ['sandbox', 'api', ...remotes.map((r) => r.pkg), 'shell', 'register', PLUGIN_PACKAGE],
    {
      force: true,
    },
  ),
);
const beside = startBesideLane();

// The plugin on a real store, WordPress 6.8.8 + WooCommerce 10.0.2 from ../shared/vendor
// (scripts/lib/real-store.mjs): one throw-away store for the whole step, the pos-connect/v1
// contract suite against it, then the real-store journeys in Chromium. After `build`: the
// journeys drive the built stack.
step('real-store', () => {
  const zips = realStoreZips();
  if ('missing' in zips) {
    console.info(`real-store: skipped, ${zips.missing}`);
    return `skipped: ${zips.missing}`;
  }
  const contract = path.join(reports, 'real-store-contract.json');
  const journeys = path.join(reports, 'real-store-e2e.json');
  rmSync(journeys, { force: true });
  try {
    run(process.execPath, [
      path.join(repoRoot, 'scripts/lib/real-store.mjs'),
      '--report',
      contract,
    ]);
  } finally {
    const found = [jestCounts(contract)].filter(Boolean);
    if (existsSync(journeys)) {
      const { stats } = JSON.parse(readFileSync(journeys, 'utf8'));
      found.push({ passed: stats.expected + stats.flaky, failed: stats.unexpected });
    }
    if (found.length > 0) {
      counts['real-store'] = {
        passed: found.reduce((n, c) => n + c.passed, 0),
        failed: found.reduce((n, c) => n + c.failed, 0),
      };
    }
  }
  return undefined;
});
step('e2e', () => {
  rmSync(path.join(reports, 'e2e.json'), { force: true });
  try {
    run('pnpm', ['--filter', '@pos/e2e', 'exec', 'playwright', 'test'], {
      env: { ...process.env, CI: 'true' },
    });
  } finally {
    playwrightCounts();
  }
});

/**
 * Starts the second lane (see `lanes`) as its own process: `npm test`'s later steps on the port
 * block 10 000 above this one, its output kept in .run/reports/lane-beside.log and printed when
 * it ends, so the two lanes' lines do not mix.
 * @returns {{ done: Promise<void>, results: string, log: string, started: number } | undefined}
 */
function startBesideLane() {
  if (besideSteps.length === 0) return undefined;
  const results = path.join(reports, 'lane-beside.json');
  const log = path.join(reports, 'lane-beside.log');
  rmSync(results, { force: true });
  console.info(`\n━━ ${besideSteps.join(', ')}: beside the e2e journeys (log: ${log}) ━━`);
  // The child writes to the log file itself: this process is blocked in the e2e step
  // meanwhile (spawnSync), so a pipe to it would fill up and stall the child.
  const out = openSync(log, 'w');
  const child = spawn(process.execPath, [path.join(repoRoot, 'scripts/test.mjs')], {
    cwd: repoRoot,
    stdio: ['ignore', out, out],
    env: {
      ...process.env,
      ...shiftedPortEnv(10_000),
      TEST_STEPS: besideSteps.join(','),
      TEST_LANE_RESULTS: results,
      E2E_DATA_DIR: path.join(repoRoot, '.run/e2e-data-beside'),
      E2E_LOG_DIR: path.join(repoRoot, '.run/e2e-logs-beside'),
    },
  });
  closeSync(out);
  const done = new Promise((resolve) => {
    child.once('close', () => resolve());
    child.once('error', (error) => {
      writeFileSync(log, `could not start: ${error.message}\n`, { flag: 'a' });
      resolve();
    });
  });
  return { done, results, log, started: Date.now() };
}

/** Waits for the second lane, prints its output and takes its steps into the summary. */
async function mergeBesideLane() {
  if (!beside) return;
  await beside.done;
  console.info(`\n━━ ${besideSteps.join(', ')} (beside the e2e journeys) ━━`);
  console.info(readFileSync(beside.log, 'utf8'));
  if (!existsSync(beside.results)) {
    steps.push({ name: besideSteps.join('+'), ok: false, ms: Date.now() - beside.started });
    return;
  }
  const found = JSON.parse(readFileSync(beside.results, 'utf8'));
  steps.push(...found.steps.map((s) => ({ ...s, beside: true })));
  Object.assign(counts, found.counts);
  retried.push(...found.retried);
}

// Scale-out (issue 16), as production runs it (issue 32): journeys that write, with two api
// instances on one throw-away PostgreSQL behind nginx (TLS, round robin over both instances'
// api and POS host), so any request may land on either. A short
// subset (CI stays under 40 minutes), each crossing the instances differently: a new user's
// sign-up and plan, store keys checked on one instance and read on the other, a cashier invited
// who launches a shared station with the database's signing keys, live events, a session.
const SCALE_JOURNEYS = {
  'staff.spec.ts': ['the demo manager creates a cashier, who signs up, launches a shared station'],
  'applications.spec.ts': [
    'connect with keys: bad keys are refused with the reason, good keys authorize, disconnect',
  ],
  'billing.spec.ts': ['a user who registers lands on /subscription-plans, picks Trial'],
  'session.spec.ts': ['logging out clears the token and returns to the landing page'],
  // The headers of each kind of answer through nginx, and a cloud POS address behind it.
  'edge.spec.ts': ['through nginx'],
};
const escapeRegExp = (text) => text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
step('e2e-scale', () => {
  rmSync(path.join(reports, 'e2e-scale.json'), { force: true });
  const files = Object.keys(SCALE_JOURNEYS).map((file) => `tests/${file}`);
  const grep = Object.values(SCALE_JOURNEYS).flat().map(escapeRegExp).join('|');
  withPostgres((url) => {
    try {
      run(
        'pnpm',
        ['--filter', '@pos/e2e', 'exec', 'playwright', 'test', ...files, '--grep', grep],
        {
          env: {
            ...process.env,
            CI: 'true',
            DATABASE_URL: url,
            E2E_API_INSTANCES: '2',
            POS_NGINX: '1',
            ...edgePortEnv(),
          },
        },
      );
    } finally {
      playwrightCounts('e2e-scale');
    }
  });
});

// The rolling restart under load (issue 32): the same topology, the api instances restarted one
// at a time behind nginx while autocannon sends reads and signed webhook deliveries through it
// (scripts/lib/rolling-restart-check.mjs): no request may fail, no delivered order go missing.
step('rolling-restart', () => {
  const report = path.join(reports, 'rolling-restart.json');
  rmSync(report, { force: true });
  withPostgres((url) => {
    try {
      run(
        process.execPath,
        [path.join(repoRoot, 'scripts/lib/rolling-restart-check.mjs'), '--report', report],
        {
          env: {
            ...process.env,
            DATABASE_URL: url,
            E2E_API_INSTANCES: '2',
            POS_NGINX: '1',
            ...edgePortEnv(),
          },
        },
      );
    } finally {
      const found = jestCounts(report);
      if (found) counts['rolling-restart'] = found;
    }
  });
});

if (process.env.TEST_LANE_RESULTS) {
  writeFileSync(process.env.TEST_LANE_RESULTS, JSON.stringify({ steps, counts, retried }));
  process.exit(0);
}
await mergeBesideLane();

console.info('\n━━ summary ━━');
for (const s of steps) {
  const c = counts[s.name];
  const tests = c ? `  ${c.passed} passed, ${c.failed} failed` : '';
  const mark = s.skipped ? '–' : s.ok ? '✓' : '✗';
  console.info(
    `${mark} ${s.name.padEnd(14)} ${(s.ms / 1000).toFixed(1).padStart(6)} s${tests}${s.skipped ? `  (${s.skipped})` : ''}${s.beside ? '  (beside e2e)' : ''}`,
  );
}
console.info(`whole run: ${((Date.now() - runStarted) / 1000).toFixed(0)} s`);
if (retried.length > 0) {
  console.info(`\nPassed only when tried again (${retried.length}):`);
  for (const title of retried) console.info(`  ↻ ${title}`);
}
// Tests counted by their runners, plus one for each check without a count (lint, format, …).
const checks = steps.filter((s) => !counts[s.name]);
const allCounts = Object.values(counts);
const passed =
  allCounts.reduce((n, c) => n + c.passed, 0) + checks.filter((s) => s.ok && !s.skipped).length;
const failed = allCounts.reduce((n, c) => n + c.failed, 0) + checks.filter((s) => !s.ok).length;
const allOk = steps.length > 0 && steps.every((s) => s.ok);
console.info(`${passed} passed, ${allOk ? 0 : Math.max(failed, 1)} failed`);
process.exit(allOk ? 0 : 1);
