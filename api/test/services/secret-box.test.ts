import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import {
  createSecretBox,
  loadOrCreateSecretKey,
  SecretBoxError,
} from '../../src/services/secret-box';

const secret = 'cs_0123456789abcdef0123456789abcdef01234567';

describe('secret box', () => {
  const box = createSecretBox(randomBytes(32));

  it('opens what it sealed, and never holds the plain text', () => {
    const sealed = box.seal(secret, 'app-1:consumer_secret');
    expect(sealed).toMatch(/^v1\.[\w-]+\.[\w-]+\.[\w-]+$/);
    expect(sealed).not.toContain(secret);
    expect(box.open(sealed, 'app-1:consumer_secret')).toBe(secret);
  });

  it('seals the same text differently each time (random IV)', () => {
    expect(box.seal(secret, 'c')).not.toBe(box.seal(secret, 'c'));
  });

  it('refuses a value whose cipher text, IV or tag was altered', () => {
    const sealed = box.seal(secret, 'c');
    const [version, iv, tag, body] = sealed.split('.') as [string, string, string, string];
    const flip = (part: string) => {
      const bytes = Buffer.from(part, 'base64url');
      bytes[0] = (bytes[0] ?? 0) ^ 1;
      return bytes.toString('base64url');
    };
    for (const altered of [
      [version, iv, tag, flip(body)],
      [version, flip(iv), tag, body],
      [version, iv, flip(tag), body],
    ]) {
      expect(() => box.open(altered.join('.'), 'c')).toThrow(SecretBoxError);
    }
  });

  it('refuses a value sealed with another key', () => {
    const other = createSecretBox(randomBytes(32));
    expect(() => other.open(box.seal(secret, 'c'), 'c')).toThrow(SecretBoxError);
  });

  it('refuses a value moved to another row or column', () => {
    const sealed = box.seal(secret, 'app-1:consumer_secret');
    expect(() => box.open(sealed, 'app-2:consumer_secret')).toThrow(SecretBoxError);
    expect(() => box.open(sealed, 'app-1:consumer_key')).toThrow(SecretBoxError);
  });

  it('refuses an unknown format', () => {
    expect(() => box.open('v2.a.b.c', 'c')).toThrow(SecretBoxError);
    expect(() => box.open(secret, 'c')).toThrow(SecretBoxError);
  });

  it('refuses a key that is not 32 bytes', () => {
    expect(() => createSecretBox(randomBytes(16))).toThrow('32 bytes');
  });
});

describe('loadOrCreateSecretKey', () => {
  let dir: string;
  beforeEach(() => {
    dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-secret-'));
  });
  afterEach(() => fs.rmSync(dir, { recursive: true, force: true }));

  it('uses the configured key without touching the disk', () => {
    const key = randomBytes(32);
    const file = path.join(dir, 'store-secret.key');
    expect(loadOrCreateSecretKey(key, file)).toBe(key);
    expect(fs.existsSync(file)).toBe(false);
  });

  it('generates a key file readable only by its owner on a first start, then reuses it', () => {
    const file = path.join(dir, 'nested', 'store-secret.key');
    const first = loadOrCreateSecretKey(null, file);
    expect(first).toHaveLength(32);
    expect(fs.statSync(file).mode & 0o777).toBe(0o600);
    expect(loadOrCreateSecretKey(null, file).equals(first)).toBe(true);
  });

  it('refuses a key file that does not hold 32 bytes', () => {
    const file = path.join(dir, 'bad.key');
    fs.writeFileSync(file, randomBytes(8).toString('base64'));
    expect(() => loadOrCreateSecretKey(null, file)).toThrow('32 bytes');
  });
});
