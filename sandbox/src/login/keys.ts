import path from 'node:path';
import type { JWK, KeyLike } from 'jose';
import { calculateJwkThumbprint, exportJWK, generateKeyPair, importJWK } from 'jose';
import { readJsonFile, writeJsonFileAtomic } from '../jsonFile';

/** The provider's RS256 signing key and the public half served in the JWKS. */
export interface SigningKeys {
  kid: string;
  privateKey: KeyLike;
  publicKey: KeyLike;
  publicJwk: JWK;
}

const ALG = 'RS256';
const PRIVATE_MEMBERS = ['d', 'p', 'q', 'dp', 'dq', 'qi'] as const;

function publicPart(jwk: JWK): JWK {
  const copy: JWK = { ...jwk };
  for (const member of PRIVATE_MEMBERS) delete copy[member];
  return copy;
}

async function fromPrivateJwk(jwk: JWK): Promise<SigningKeys> {
  if (!jwk.kid) throw new Error('The stored signing key has no kid');
  const publicJwk = { ...publicPart(jwk), alg: ALG, use: 'sig', kid: jwk.kid };
  return {
    kid: jwk.kid,
    privateKey: (await importJWK(jwk, ALG)) as KeyLike,
    publicKey: (await importJWK(publicJwk, ALG)) as KeyLike,
    publicJwk,
  };
}

async function generatePrivateJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair(ALG, { modulusLength: 2048, extractable: true });
  const jwk = await exportJWK(privateKey);
  const kid = await calculateJwkThumbprint(jwk);
  return { ...jwk, kid, alg: ALG, use: 'sig' };
}

/**
 * Loads the signing key from `dataDir/signing-key.json`, creating it on first start so that
 * tokens issued before a restart still verify afterwards. With no data dir the key lives in
 * memory only.
 */
export async function loadSigningKeys(dataDir: string | null): Promise<SigningKeys> {
  if (dataDir == null) return fromPrivateJwk(await generatePrivateJwk());
  const file = path.join(dataDir, 'signing-key.json');
  const stored = await readJsonFile<JWK>(file);
  if (stored) return fromPrivateJwk(stored);
  const created = await generatePrivateJwk();
  await writeJsonFileAtomic(file, created);
  return fromPrivateJwk(created);
}
