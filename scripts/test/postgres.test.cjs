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
