// The shell's /config.json as npm start and the test stack write it (scripts/lib/services.mjs):
// Stripe.js from the payments sandbox with the publishable key of the same data folder the
// payments sandbox gets its keys from. services.mjs is an ES module, so a child Node reads it.
const { spawnSync } = require('node:child_process');
const fs = require('node:fs');
const os = require('node:os');
const path = require('node:path');

const services = path.join(__dirname, '..', 'lib', 'services.mjs');

/** shellConfig(dataDir) and paymentsKeys(dataDir), as a child Node with `env` sees them. */
function readConfig(dataDir, env = {}) {
  const script = `
    const { shellConfig, paymentsKeys } = await import(${JSON.stringify(services)});
    const dataDir = ${JSON.stringify(dataDir)};
    process.stdout.write(JSON.stringify({ config: shellConfig(dataDir), keys: paymentsKeys(dataDir) }));
  `;
  const child = spawnSync(process.execPath, ['--input-type=module', '-e', script], {
    env: { ...process.env, ...env },
    encoding: 'utf8',
  });
  if (child.status !== 0) throw new Error(child.stderr);
  return JSON.parse(child.stdout);
}

describe('shellConfig', () => {
  let dataDir;
  beforeEach(() => {
    dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'shell-config-'));
  });
  afterEach(() => fs.rmSync(dataDir, { recursive: true, force: true }));

  it("gives the shell the payments sandbox's Stripe.js and the data folder's publishable key", () => {
    const { config, keys } = readConfig(dataDir, { PAYMENTS_PORT: '14600' });
    expect(config.stripe).toEqual({
      publishableKey: keys.publishableKey,
      jsUrl: 'http://127.0.0.1:14600/v3/',
    });
    expect(config.stripe.publishableKey).toMatch(/^pk_test_[0-9a-f]+$/);
    // Only the publishable key reaches the browser.
    expect(JSON.stringify(config)).not.toContain(keys.secretKey);
    expect(JSON.stringify(config)).not.toContain(keys.webhookSecret);
  });

  it('keeps the same key across starts on one data folder', () => {
    const first = readConfig(dataDir).config.stripe.publishableKey;
    expect(readConfig(dataDir).config.stripe.publishableKey).toBe(first);
  });
});
