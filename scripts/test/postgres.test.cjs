// lib/postgres.mjs's port probe: the port it gives can be listened on (the cluster binds it).
const { execFileSync } = require('node:child_process');
const net = require('node:net');
const path = require('node:path');

const lib = path.join(__dirname, '..', 'lib', 'postgres.mjs');

/** probeFreePort() run in a child (the module is ESM). */
const probe = () =>
  Number(
    execFileSync(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { probeFreePort } from ${JSON.stringify(lib)}; process.stdout.write(String(probeFreePort()));`,
      ],
      { encoding: 'utf8' },
    ),
  );

const listen = (port) =>
  new Promise((resolve, reject) => {
    const server = net.createServer();
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve(server));
  });

describe('probeFreePort', () => {
  it('gives a port of 127.0.0.1 that nothing listens on, never one that is held', async () => {
    const held = await listen(0);
    try {
      const port = probe();
      expect(Number.isInteger(port) && port > 0 && port < 65_536).toBe(true);
      expect(port).not.toBe(held.address().port);
      const server = await listen(port);
      await new Promise((resolve) => server.close(resolve));
    } finally {
      await new Promise((resolve) => held.close(resolve));
    }
  });
});

const { spawn } = require('node:child_process');
const { existsSync } = require('node:fs');

/** Whether something accepts connections on `port` of 127.0.0.1. */
const answers = (port) =>
  new Promise((resolve) => {
    const socket = net.connect({ port, host: '127.0.0.1' });
    socket.once('connect', () => {
      socket.destroy();
      resolve(true);
    });
    socket.once('error', () => resolve(false));
  });

/** Whether `check` comes true within `ms`, asked every 250 ms. */
async function within(ms, check) {
  const deadline = Date.now() + ms;
  while (Date.now() < deadline) {
    if (await check()) return true;
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return false;
}

describe('startPostgres', () => {
  it('stops the cluster and removes its folder when the process that started it is killed', async () => {
    // A process that starts a cluster, says where, and waits to be killed.
    const owner = spawn(
      process.execPath,
      [
        '--input-type=module',
        '-e',
        `import { startPostgres } from ${JSON.stringify(lib)};
         const { url, dir } = startPostgres();
         process.stdout.write(JSON.stringify({ url, dir }) + '\\n');
         setInterval(() => {}, 1000);`,
      ],
      { stdio: ['ignore', 'pipe', 'ignore'] },
    );
    const started = await new Promise((resolve, reject) => {
      let text = '';
      owner.stdout.on('data', (chunk) => {
        text += chunk;
        // initdb and pg_ctl talk on the same stdout: the line that says where is JSON.
        const said = text.split('\n').find((line) => line.startsWith('{"url"'));
        if (said) resolve(JSON.parse(said));
      });
      owner.once('exit', () => reject(new Error('the cluster did not start')));
    });
    try {
      const port = Number(new URL(started.url).port);
      expect(await answers(port)).toBe(true);
      expect(existsSync(started.dir)).toBe(true);

      owner.kill('SIGKILL');
      expect(await within(20_000, async () => !(await answers(port)))).toBe(true);
      expect(await within(10_000, async () => !existsSync(started.dir))).toBe(true);
    } finally {
      owner.kill('SIGKILL');
    }
  }, 60_000);
});
