import fs from 'node:fs';
import path from 'node:path';
import { exportJWK, generateKeyPair, importJWK, SignJWT } from 'jose';
import type { JWK, KeyLike } from 'jose';

/** Audience of the tokens the api hands to POS stations. */
export const POS_TOKEN_AUDIENCE = 'cloud-pos';
/** Lifetime of a POS hand-off token, in seconds. */
export const POS_TOKEN_TTL_S = 300;

/** The api's own ES256 key, used to sign POS hand-off tokens. */
export interface ApiSigningKey {
  kid: string;
  privateKey: KeyLike;
  /** Public half as a JWK, for whoever verifies the hand-off tokens. */
  publicJwk: JWK;
}

/**
 * Loads the ES256 key from `file` (a private JWK), generating and saving it (mode 0600) when
 * the file does not exist yet.
 */
export async function loadOrCreateSigningKey(file: string): Promise<ApiSigningKey> {
  let jwk: JWK;
  if (fs.existsSync(file)) {
    jwk = JSON.parse(fs.readFileSync(file, 'utf8')) as JWK;
  } else {
    const { privateKey } = await generateKeyPair('ES256', { extractable: true });
    jwk = {
      ...(await exportJWK(privateKey)),
      alg: 'ES256',
      use: 'sig',
      kid: `api-${Date.now().toString(36)}`,
    };
    fs.mkdirSync(path.dirname(file), { recursive: true });
    try {
      fs.writeFileSync(file, JSON.stringify(jwk), { mode: 0o600, flag: 'wx' });
    } catch (error) {
      // Another instance created it first: use theirs so that both sign with one key.
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      jwk = JSON.parse(fs.readFileSync(file, 'utf8')) as JWK;
    }
  }
  const privateKey = (await importJWK(jwk, 'ES256')) as KeyLike;
  const { d: _private, ...publicJwk } = jwk;
  return { kid: jwk.kid ?? 'api', privateKey, publicJwk };
}

/** Signs a short-lived token that hands the user's session to a POS station. */
export function signPosToken(key: ApiSigningKey, userId: string, issuer: string): Promise<string> {
  return new SignJWT({})
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setSubject(userId)
    .setAudience(POS_TOKEN_AUDIENCE)
    .setIssuer(issuer)
    .setIssuedAt()
    .setExpirationTime(`${POS_TOKEN_TTL_S}s`)
    .sign(key.privateKey);
}
