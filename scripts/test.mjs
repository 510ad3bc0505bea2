#!/usr/bin/env node
// `npm test`: installs what the tests need (pnpm, dependencies, Debian's chromium and
// PostgreSQL), then runs lint, format check, type checks, unit tests, the api's database
// tests on SQLite and on a real PostgreSQL, builds, and the end-to-end journeys in Chromium.
// Ends with one line 'N passed, N failed'.
import { spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  PLUGIN_PACKAGE,
  buildPackages,
  debianTestPackages,
  ensureDebianPackages,
  ensurePnpm,
  installDependencies,
  postgresBinDir,
  run,
} from './lib/setup.mjs';
import { remotes, repoRoot } from './lib/services.mjs';

const steps = [];
const only = process.env.TEST_STEPS?.split(',');

function step(name, action) {
  if (only && !only.includes(name)) return;
  console.info(`\n━━ ${name} ━━`);
  const started = Date.now();
  try {
    action();
    steps.push({ name, ok: true, ms: Date.now() - started });
  } catch (error) {
    console.error(`✗ ${name}: ${error.message}`);
    steps.push({ name, ok: false, ms: Date.now() - started });
  }
}

/** A throw-away PostgreSQL cluster owned by the postgres user, on a free port. */
function withPostgres(action) {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pos-pg-'));
  const port = String(55_000 + Math.floor(Math.random() * 5_000));
  const asRoot = process.getuid?.() === 0;
  const pg = (tool, args) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);
  if (asRoot)
    chownSync(dir, Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim()), 0);
  const data = path.join(dir, 'data');
  try {
    pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    pg('pg_ctl', [
      '-D',
      data,
      '-o',
      `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off`,
      '-l',
      path.join(dir, 'log'),
      '-w',
      'start',
    ]);
    action(`postgres://postgres@127.0.0.1:${port}/postgres`);
  } finally {
    try {
      pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      if (existsSync(path.join(dir, 'log')))
        console.error(readFileSync(path.join(dir, 'log'), 'utf8').slice(-2000));
    }
    rmSync(dir, { recursive: true, force: true });
  }
}

const pnpmExec = (args, env = {}) =>
  run('pnpm', ['exec', ...args], { env: { ...process.env, ...env } });
const reports = path.join(repoRoot, '.run/reports');
mkdirSync(reports, { recursive: true });
/** Test counts per step, read from the runners' JSON reports. */
const counts = {};

function jest(name, args, env = {}) {
  const outputFile = path.join(reports, `${name}.json`);
  rmSync(outputFile, { force: true });
  try {
    pnpmExec(['jest', '--ci', '--json', `--outputFile=${outputFile}`, ...args], env);
  } finally {
    if (existsSync(outputFile)) {
      const report = JSON.parse(readFileSync(outputFile, 'utf8'));
      counts[name] = {
        passed: report.numPassedTests,
        failed: report.numFailedTests + report.numRuntimeErrorTestSuites,
      };
    }
  }
}

function playwrightCounts() {
  const file = path.join(reports, 'e2e.json');
  if (!existsSync(file)) return;
  const { stats } = JSON.parse(readFileSync(file, 'utf8'));
  counts.e2e = { passed: stats.expected + stats.flaky, failed: stats.unexpected };
}

step('setup', () => {
  ensurePnpm();
  installDependencies();
  ensureDebianPackages(debianTestPackages);
});
step('lint', () => pnpmExec(['eslint', '.', '--max-warnings=0']));
step('format', () => pnpmExec(['prettier', '--check', '.']));
step('typecheck', () => run('pnpm', ['-r', '--workspace-concurrency=2', 'run', 'typecheck']));
step('unit', () => jest('unit', []));
step('api-postgres', () =>
  withPostgres((url) => jest('api-postgres', ['--selectProjects', 'api'], { DATABASE_URL: url })),
);
step('build', () =>
  buildPackages(['sandbox', 'api', ...remotes.map((r) => r.pkg), 'shell', PLUGIN_PACKAGE], {
    force: true,
  }),
);
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

console.info('\n━━ summary ━━');
for (const s of steps) {
  const c = counts[s.name];
  const tests = c ? `  ${c.passed} passed, ${c.failed} failed` : '';
  console.info(
    `${s.ok ? '✓' : '✗'} ${s.name.padEnd(14)} ${(s.ms / 1000).toFixed(1).padStart(6)} s${tests}`,
  );
}
// Tests counted by their runners, plus one for each check without a count (lint, format, …).
const checks = steps.filter((s) => !counts[s.name]);
const allCounts = Object.values(counts);
const passed = allCounts.reduce((n, c) => n + c.passed, 0) + checks.filter((s) => s.ok).length;
const failed = allCounts.reduce((n, c) => n + c.failed, 0) + checks.filter((s) => !s.ok).length;
const allOk = steps.length > 0 && steps.every((s) => s.ok);
console.info(`${passed} passed, ${allOk ? 0 : Math.max(failed, 1)} failed`);
process.exit(allOk ? 0 : 1);
