// A throw-away PostgreSQL cluster for the api's tests on PostgreSQL (scripts/test.mjs) and the
// benchmarks' PostgreSQL runs (scripts/bench.mjs): Debian's server binaries, a fresh data
// folder owned by the postgres user, a free port on 127.0.0.1, trust auth, no fsync.
import { spawn, spawnSync } from 'node:child_process';
import { chownSync, existsSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { postgresBinDir, run } from './setup.mjs';

/** Tries to start the server this many times, on a newly probed port each time. */
const START_ATTEMPTS = 5;

/**
 * A TCP port of 127.0.0.1 that is free now: the kernel's pick for a listener on port 0 (in a
 * child process, this module being synchronous). Another process may still take it before
 * the server binds it, so the caller retries on another.
 * @returns {number}
 */
export function probeFreePort() {
  const probe = spawnSync(
    process.execPath,
    [
      '-e',
      "const s = require('node:net').createServer().listen(0, '127.0.0.1', () => { process.stdout.write(String(s.address().port)); s.close(); });",
    ],
    { encoding: 'utf8' },
  );
  const port = Number(probe.stdout);
  if (probe.status !== 0 || !Number.isInteger(port) || port <= 0) {
    throw new Error(`could not find a free port: ${probe.stderr}`);
  }
  return port;
}

/** How often the watchdog looks for the process that started the cluster, in seconds. */
const WATCHDOG_PERIOD_S = 1;

const shellQuote = (text) => `'${String(text).replaceAll("'", `'\\''`)}'`;

/**
 * A detached shell that stops the cluster and removes its folder once this process is gone,
 * however it went (a killed test run or bench, even by SIGKILL, leaves no server behind).
 * `stop()` kills it first.
 */
function startWatchdog(bin, data, dir, asRoot) {
  const pgCtl = [path.join(bin, 'pg_ctl'), '-D', data, '-m', 'immediate', '-w', 'stop'];
  const stopCommand = (asRoot ? ['runuser', '-u', 'postgres', '--', ...pgCtl] : pgCtl)
    .map(shellQuote)
    .join(' ');
  const script = [
    `while kill -0 ${process.pid} 2>/dev/null; do sleep ${WATCHDOG_PERIOD_S}; done`,
    `${stopCommand} >/dev/null 2>&1`,
    `rm -rf ${shellQuote(dir)}`,
  ].join('; ');
  const child = spawn('sh', ['-c', script], { detached: true, stdio: 'ignore' });
  child.unref();
  return child;
}

/**
 * Starts a cluster; `stop()` stops it and removes its folder. A watchdog does the same if this
 * process ends without calling it.
 * @returns {{url: string, dir: string, stop: () => void}}
 */
export function startPostgres() {
  const bin = postgresBinDir();
  if (!bin) throw new Error('PostgreSQL is not installed');
  const dir = mkdtempSync(path.join(os.tmpdir(), 'pos-pg-'));
  let port = '';
  const asRoot = process.getuid?.() === 0;
  const pg = (tool, args) =>
    asRoot
      ? run('runuser', ['-u', 'postgres', '--', path.join(bin, tool), ...args])
      : run(path.join(bin, tool), args);
  if (asRoot)
    chownSync(dir, Number(spawnSync('id', ['-u', 'postgres']).stdout.toString().trim()), 0);
  const data = path.join(dir, 'data');
  /** @type {import('node:child_process').ChildProcess | null} */
  let watchdog = null;
  const stop = () => {
    if (watchdog?.pid) {
      try {
        process.kill(watchdog.pid, 'SIGKILL');
      } catch {
        // gone already
      }
    }
    try {
      pg('pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } catch {
      if (existsSync(path.join(dir, 'log')))
        console.error(readFileSync(path.join(dir, 'log'), 'utf8').slice(-2000));
    }
    rmSync(dir, { recursive: true, force: true });
  };
  try {
    pg('initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '--no-sync']);
    for (let attempt = 1; ; attempt += 1) {
      port = String(probeFreePort());
      try {
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
        break;
      } catch (error) {
        // Most likely the port was taken between the probe and the bind: another one.
        if (attempt >= START_ATTEMPTS) throw error;
      }
    }
    watchdog = startWatchdog(bin, data, dir, asRoot);
  } catch (error) {
    stop();
    throw error;
  }
  return { url: `postgres://postgres@127.0.0.1:${port}/postgres`, dir, stop };
}

/**
 * Runs `action(url)` against a fresh cluster and stops it afterwards, whatever happened; an
 * action that returns a promise is waited for (then so is the result).
 * @template T
 * @param {(url: string) => T} action
 * @returns {T}
 */
export function withPostgres(action) {
  const cluster = startPostgres();
  let result;
  try {
    result = action(cluster.url);
  } catch (error) {
    cluster.stop();
    throw error;
  }
  if (result && typeof result.then === 'function') {
    return result.finally(() => cluster.stop());
  }
  cluster.stop();
  return result;
}
