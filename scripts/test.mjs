#!/usr/bin/env node
// `npm test`: installs what the tests need (pnpm, dependencies, Debian's chromium and
// PostgreSQL), then runs lint, format check, type checks, unit tests, the api's database
// tests on SQLite and on a real PostgreSQL, builds, and the end-to-end journeys in Chromium.
// Ends with one line 'N passed, N failed'.
import { spawnSync } from 'node:child_process';
import { mkdtempSync, rmSync, chownSync, existsSync, readFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  buildPackages,
  debianTestPackages,
  ensureDebianPackages,
  ensurePnpm,
  installDependencies,
  postgresBinDir,
  run,
} from './lib/setup.mjs';
import { remotes } from './lib/services.mjs';

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

step('setup', () => {
  ensurePnpm();
  installDependencies();
  ensureDebianPackages(debianTestPackages);
});
step('lint', () => pnpmExec(['eslint', '.', '--max-warnings=0']));
step('format', () => pnpmExec(['prettier', '--check', '.']));
step('typecheck', () => run('pnpm', ['-r', '--workspace-concurrency=2', 'run', 'typecheck']));
step('unit', () => pnpmExec(['jest', '--ci']));
step('api-postgres', () =>
  withPostgres((url) =>
    pnpmExec(['jest', '--ci', '--selectProjects', 'api'], { DATABASE_URL: url }),
  ),
);
step('build', () =>
  buildPackages(['sandbox', 'api', ...remotes.map((r) => r.pkg), 'shell'], { force: true }),
);
step('e2e', () =>
  run('pnpm', ['--filter', '@pos/e2e', 'exec', 'playwright', 'test'], {
    env: { ...process.env, CI: 'true' },
  }),
);

const passed = steps.filter((s) => s.ok).length;
const failed = steps.length - passed;
console.info('\n━━ summary ━━');
for (const s of steps)
  console.info(`${s.ok ? '✓' : '✗'} ${s.name.padEnd(14)} ${(s.ms / 1000).toFixed(1)} s`);
console.info(`steps: ${passed} passed, ${failed} failed`);
process.exit(failed === 0 && steps.length > 0 ? 0 : 1);
