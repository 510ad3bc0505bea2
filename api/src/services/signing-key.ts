import { randomUUID } from 'node:crypto';
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

/** Issuer of the hand-off tokens (and of the api's other tokens). */
export const HANDOFF_ISSUER = 'cloud-pos-api';
/** Lifetime of a station hand-off token, in seconds. */
export const HANDOFF_TTL_S = 60;

/** Who a station hand-off token lets into which station. */
export interface HandOffClaims {
  /** The application's stored home URL, exactly as stored: the store checks it is its own. */
  audience: string;
  /** The dashboard user id. */
  userId: string;
  email: string;
  name: string;
  posId: string;
  /** The store user the person opens the station as. */
  wpUserId: number;
}

/**
 * Signs the one-minute token the cloud POS host posts to a store's station page: ES256 with
 * `kid`, a random `jti` the store refuses to see twice.
 */
export function signHandOffToken(key: ApiSigningKey, claims: HandOffClaims): Promise<string> {
  const iat = Math.floor(Date.now() / 1000);
  return new SignJWT({
    email: claims.email,
    name: claims.name,
    pos_id: claims.posId,
    wp_user_id: claims.wpUserId,
  })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(HANDOFF_ISSUER)
    .setAudience(claims.audience)
    .setSubject(claims.userId)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(iat + HANDOFF_TTL_S)
    .sign(key.privateKey);
}

/** The public JWKS of the api's key, as every POS-host listener serves it. */
export function publicJwks(key: ApiSigningKey): { keys: JWK[] } {
  return { keys: [{ ...key.publicJwk, kid: key.kid, alg: 'ES256', use: 'sig' }] };
}
