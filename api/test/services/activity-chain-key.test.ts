import { hkdfSync, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../src/config';
import { loadActivityChainKey } from '../../src/services/activity-chain-key';

describe('the activity chain key', () => {
  it('is ACTIVITY_CHAIN_KEY when set', () => {
    const key = randomBytes(32);
    const config = loadConfig({ ACTIVITY_CHAIN_KEY: key.toString('base64') });
    expect(loadActivityChainKey(config).equals(key)).toBe(true);
  });

  it('refuses an ACTIVITY_CHAIN_KEY that is not 32 bytes of base64', () => {
    expect(() => loadConfig({ ACTIVITY_CHAIN_KEY: randomBytes(16).toString('base64') })).toThrow(
      'ACTIVITY_CHAIN_KEY must be the base64 of exactly 32 bytes',
    );
  });

  it('is otherwise derived from the store secret key: the same for every instance holding it', () => {
    const storeKey = randomBytes(32);
    const one = loadActivityChainKey(loadConfig({ STORE_SECRET_KEY: storeKey.toString('base64') }));
    const two = loadActivityChainKey(loadConfig({ STORE_SECRET_KEY: storeKey.toString('base64') }));
    expect(one.equals(two)).toBe(true);
    expect(one.equals(storeKey)).toBe(false);
    // The README's derivation, by anyone who holds the store secret key.
    expect(
      one.equals(
        Buffer.from(
          hkdfSync('sha256', storeKey, Buffer.alloc(0), 'cloud-pos activity chain v1', 32),
        ),
      ),
    ).toBe(true);
    const other = loadActivityChainKey(
      loadConfig({ STORE_SECRET_KEY: randomBytes(32).toString('base64') }),
    );
    expect(other.equals(one)).toBe(false);
  });

  it("is derived from the store secret key's file when no key is configured", () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-chain-key-'));
    try {
      const env = { API_DATA_DIR: dir };
      const first = loadActivityChainKey(loadConfig(env));
      expect(fs.existsSync(path.join(dir, 'store-secret.key'))).toBe(true);
      expect(loadActivityChainKey(loadConfig(env)).equals(first)).toBe(true);
    } finally {
      fs.rmSync(dir, { recursive: true, force: true });
    }
  });
});
