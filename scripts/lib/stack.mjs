// Starts, watches and stops the product's processes. Used by `npm start` and the e2e tests.
import { spawn, spawnSync } from 'node:child_process';
import { createServer } from 'node:http';
import { createWriteStream, mkdirSync, writeFileSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { precompress } from './nginx.mjs';
import {
  behindNginx,
  ports,
  remotes,
  remotesDocument,
  services,
  shellConfig,
  repoRoot,
  urls,
} from './services.mjs';

const sleep = (ms) => new Promise((resolve) => setTimeout(resolve, ms));

async function portInUse(port) {
  return new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });
}

/** Waits until `url` answers below 500, or throws after `timeoutMs`. */
export async function waitFor(url, timeoutMs = 30_000, isAlive = () => true) {
  const deadline = Date.now() + timeoutMs;
  while (Date.now() < deadline) {
    if (!isAlive()) throw new Error(`the process behind ${url} exited`);
    try {
      // A redirect answers too (nginx's plain http port sends every address to https).
      const response = await fetch(url, { signal: AbortSignal.timeout(2_000), redirect: 'manual' });
      if (response.status < 500) return;
    } catch {
      // not up yet
    }
    await sleep(150);
  }
  throw new Error(`${url} did not answer within ${timeoutMs} ms`);
}

/** The pids of a process's children now (nginx's workers, of its master). */
function childrenOf(pid) {
  const listed = spawnSync('ps', ['-o', 'pid=', '--ppid', String(pid)], { encoding: 'utf8' });
  return new Set(listed.stdout.split('\n').map(Number).filter(Boolean));
}

/**
 * Starts every service in order and resolves with a handle once all answer. With `control`
 * (the tests' stack and `npm run start:prod`) a control port on 127.0.0.1 stops and starts one
 * service, and restarts the api instances one at a time (POST /rolling-restart).
 * @param {{ dataDir: string, logDir: string, test?: boolean, control?: boolean, env?: Record<string,string> }} options
 */
export async function startStack({
  dataDir,
  logDir,
  test = false,
  control: withControl = test,
  env = {},
}) {
  mkdirSync(dataDir, { recursive: true });
  mkdirSync(logDir, { recursive: true });
  writeFileSync(path.join(dataDir, 'remotes.json'), JSON.stringify(remotesDocument(), null, 2));
  writeFileSync(path.join(dataDir, 'config.json'), JSON.stringify(shellConfig(dataDir), null, 2));

  const definitions = services({ dataDir, test, logDir });
  if (behindNginx) {
    // nginx sends the .br or .gz beside each built file, made once at their best compression.
    for (const pkg of ['shell', ...remotes.map((remote) => remote.pkg)]) {
      precompress(path.join(repoRoot, pkg, 'dist'));
    }
  }
  const wanted = [
    ports.shell,
    ports.api,
    ports.login,
    ports.mailHttp,
    ports.smtp,
    ports.payments,
    ...remotes.map((r) => r.port),
  ];
  if (withControl) wanted.push(ports.control);
  if (behindNginx) wanted.push(ports.https, ports.http, ports.cloudPosHttps);
  const busy = [];
  for (const port of wanted) if (await portInUse(port)) busy.push(port);
  if (busy.length)
    throw new Error(`ports already in use: ${busy.join(', ')} (is another copy running?)`);

  /** @type {Map<string, {definition: any, child: import('node:child_process').ChildProcess | null}>} */
  const running = new Map();
  let stopping = false;
  const onCrash = new Set();

  async function startService(definition) {
    definition.prepare?.();
    const log = createWriteStream(path.join(logDir, `${definition.name}.log`), { flags: 'a' });
    const child = spawn(definition.command, definition.args, {
      env: { ...process.env, ...definition.env, ...env, NODE_ENV: 'production' },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    child.stdout.pipe(log);
    child.stderr.pipe(log);
    const entry = { definition, child };
    running.set(definition.name, entry);
    child.once('exit', (code, signal) => {
      if (entry.child === child) entry.child = null;
      if (!stopping && !entry.stoppedOnPurpose)
        onCrash.forEach((listener) => listener(definition.name, code ?? signal));
    });
    await waitFor(definition.health, 60_000, () => entry.child === child);
  }

  async function stopService(name) {
    const entry = running.get(name);
    if (!entry?.child) return;
    entry.stoppedOnPurpose = true;
    const child = entry.child;
    const exited = new Promise((resolve) => child.once('exit', resolve));
    child.kill('SIGTERM');
    await Promise.race([exited, sleep(5_000).then(() => child.kill('SIGKILL'))]);
    await exited;
  }

  try {
    for (const definition of definitions) await startService(definition);
  } catch (error) {
    stopping = true;
    await Promise.all([...running.keys()].map(stopService));
    throw new Error(`${error.message}; see the logs in ${logDir}`);
  }

  /**
   * Writes nginx's configuration with the instances `down` out of its pools and reloads it;
   * resolves once the workers of the old configuration are gone (they finish the requests
   * they hold first), or after 10 s when a long answer (a live stream) keeps one.
   */
  async function reloadNginx(down) {
    const entry = running.get('nginx');
    if (!entry?.child?.pid) throw new Error('nginx is not running');
    entry.definition.prepare(down);
    const master = entry.child.pid;
    const before = childrenOf(master);
    entry.child.kill('SIGHUP');
    const deadline = Date.now() + 10_000;
    while (Date.now() < deadline) {
      const now = childrenOf(master);
      if (![...before].some((pid) => now.has(pid))) return;
      await sleep(50);
    }
  }

  /**
   * Restarts the api instances one at a time behind nginx: each is taken out of nginx's pools
   * (nothing new reaches it, what it holds finishes), stopped (SIGTERM: it ends its live
   * streams, which reconnect to the others, and finishes its requests), started again, and put
   * back once ready (database and migrations). The others serve throughout.
   * @param {(line: string) => void} [say]
   */
  async function rollingRestart(say = () => undefined) {
    if (!behindNginx) throw new Error('a rolling restart needs nginx in front (POS_NGINX=1)');
    const instances = definitions.filter((d) => /^api(-\d+)?$/.test(d.name));
    for (const [index, definition] of instances.entries()) {
      say(`${definition.name}: out of nginx's pools`);
      await reloadNginx([index]);
      say(`${definition.name}: stopping`);
      await stopService(definition.name);
      say(`${definition.name}: starting`);
      await startService(definition);
      say(`${definition.name}: ready, back in nginx's pools`);
      await reloadNginx([]);
    }
  }

  let control = null;
  if (withControl) {
    // Lets end-to-end tests stop and restart one service (e.g. a remote) while the rest runs.
    control = createServer(async (req, res) => {
      if (req.method === 'POST' && req.url === '/rolling-restart') {
        res.writeHead(200, { 'Content-Type': 'text/plain; charset=utf-8' });
        try {
          await rollingRestart((line) => res.write(`${line}\n`));
          return void res.end('done\n');
        } catch (error) {
          return void res.end(`failed: ${error.message}\n`);
        }
      }
      const match = /^\/services\/([\w-]+)\/(stop|start)$/.exec(req.url ?? '');
      const entry = match && running.get(match[1]);
      if (req.method !== 'POST' || !entry) return void res.writeHead(404).end();
      try {
        if (match[2] === 'stop') await stopService(match[1]);
        else if (!entry.child) {
          entry.stoppedOnPurpose = false;
          await startService(entry.definition);
        }
        res.writeHead(204).end();
      } catch (error) {
        res.writeHead(500, { 'Content-Type': 'text/plain' }).end(String(error));
      }
    });
    await new Promise((resolve) => control.listen(ports.control, '127.0.0.1', resolve));
  }

  return {
    urls,
    onCrash: (listener) => onCrash.add(listener),
    stopService,
    rollingRestart,
    async stop() {
      stopping = true;
      control?.close();
      await Promise.all([...running.keys()].map(stopService));
    },
  };
}
