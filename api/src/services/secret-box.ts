import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';

/** Prefix of the current text format: `v1.<iv>.<tag>.<ciphertext>`, each part base64url. */
const VERSION = 'v1';
const IV_BYTES = 12;
const TAG_BYTES = 16;
const KEY_BYTES = 32;

/** A stored value could not be decrypted: damaged, altered, or sealed with another key. */
export class SecretBoxError extends Error {
  override readonly name = 'SecretBoxError';
}

/** Encrypts and decrypts short secrets (store consumer keys and secrets) for storage. */
export interface SecretBox {
  /**
   * Seals `plaintext` with AES-256-GCM under a fresh random IV. `context` (for example the
   * application id and column) is authenticated too, so a value copied to another row or
   * column no longer opens.
   */
  seal(plaintext: string, context: string): string;
  /** Opens a value made by {@link SecretBox.seal} with the same context; throws SecretBoxError otherwise. */
  open(sealed: string, context: string): string;
}

/** A {@link SecretBox} over a 32-byte key. */
export function createSecretBox(key: Buffer): SecretBox {
  if (key.length !== KEY_BYTES) throw new Error('The store secret key must be 32 bytes');
  return {
    seal(plaintext, context) {
      const iv = randomBytes(IV_BYTES);
      const cipher = createCipheriv('aes-256-gcm', key, iv, { authTagLength: TAG_BYTES });
      cipher.setAAD(Buffer.from(context, 'utf8'));
      const body = Buffer.concat([cipher.update(plaintext, 'utf8'), cipher.final()]);
      const parts = [iv, cipher.getAuthTag(), body].map((part) => part.toString('base64url'));
      return [VERSION, ...parts].join('.');
    },
    open(sealed, context) {
      const [version, iv, tag, body, ...rest] = sealed.split('.');
      if (version !== VERSION || iv === undefined || tag === undefined || body === undefined) {
        throw new SecretBoxError('Unknown format of an encrypted value');
      }
      if (rest.length > 0) throw new SecretBoxError('Unknown format of an encrypted value');
      const ivBytes = Buffer.from(iv, 'base64url');
      const tagBytes = Buffer.from(tag, 'base64url');
      if (ivBytes.length !== IV_BYTES || tagBytes.length !== TAG_BYTES) {
        throw new SecretBoxError('Damaged encrypted value');
      }
      try {
        const decipher = createDecipheriv('aes-256-gcm', key, ivBytes, {
          authTagLength: TAG_BYTES,
        });
        decipher.setAAD(Buffer.from(context, 'utf8'));
        decipher.setAuthTag(tagBytes);
        return Buffer.concat([
          decipher.update(Buffer.from(body, 'base64url')),
          decipher.final(),
        ]).toString('utf8');
      } catch {
        throw new SecretBoxError('An encrypted value could not be opened with this key');
      }
    },
  };
}

function parseKeyFile(text: string, file: string): Buffer {
  const key = Buffer.from(text.trim(), 'base64');
  if (key.length !== KEY_BYTES) {
    throw new Error(`${file} must hold the base64 of exactly 32 bytes`);
  }
  return key;
}

/**
 * The key that encrypts store secrets: `configured` (STORE_SECRET_KEY) when given, else the
 * base64 key in `file`, generated there (32 random bytes, mode 0600) on a first start.
 */
export function loadOrCreateSecretKey(configured: Buffer | null, file: string): Buffer {
  if (configured) return configured;
  if (fs.existsSync(file)) return parseKeyFile(fs.readFileSync(file, 'utf8'), file);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const key = randomBytes(KEY_BYTES);
  try {
    fs.writeFileSync(file, `${key.toString('base64')}\n`, { mode: 0o600, flag: 'wx' });
    return key;
  } catch (error) {
    // Another instance wrote it first: use theirs, or the secrets it stores would not open here.
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return parseKeyFile(fs.readFileSync(file, 'utf8'), file);
  }
}
