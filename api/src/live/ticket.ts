import { importJWK, jwtVerify, SignJWT } from 'jose';
import type { KeyLike } from 'jose';
import type { ApiSigningKey } from '../services/signing-key';

/** Lifetime of a live-stream ticket, in seconds: long enough to open the EventSource. */
export const LIVE_TICKET_TTL_S = 60;
/** Audience of the tickets: no other token the api signs opens a stream, nor this one else. */
export const LIVE_TICKET_AUDIENCE = 'live-stream';

/** Who a valid ticket names and until when their session, so the stream, lasts. */
export interface LiveTicket {
  userId: string;
  /** Epoch ms when the session behind the ticket ends. */
  sessionEndsAt: number;
}

const publicKeys = new WeakMap<ApiSigningKey, Promise<KeyLike | Uint8Array>>();
const publicKeyOf = (key: ApiSigningKey) => {
  let found = publicKeys.get(key);
  if (!found) {
    found = importJWK({ ...key.publicJwk, alg: 'ES256' }, 'ES256');
    publicKeys.set(key, found);
  }
  return found;
};

/**
 * A ticket that lets an EventSource (which cannot send a bearer header) open the user's
 * stream: an ES256 JWT signed with the api's key, so every instance sharing that key accepts
 * it and none keeps state. It names the user and when their session (the bearer's exp) ends.
 */
export async function issueLiveTicket(
  key: ApiSigningKey,
  issuer: string,
  userId: string,
  sessionEndsAt: number,
  now = Date.now(),
): Promise<{ ticket: string; expiresAt: string }> {
  const iat = Math.floor(now / 1000);
  const exp = iat + LIVE_TICKET_TTL_S;
  const ticket = await new SignJWT({ sx: Math.floor(sessionEndsAt / 1000) })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(LIVE_TICKET_AUDIENCE)
    .setSubject(userId)
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key.privateKey);
  return { ticket, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The user and session end of a ticket, or null when it is forged, altered or expired. */
export async function readLiveTicket(
  key: ApiSigningKey,
  issuer: string,
  ticket: string,
): Promise<LiveTicket | null> {
  try {
    const { payload } = await jwtVerify(ticket, await publicKeyOf(key), {
      algorithms: ['ES256'],
      issuer,
      audience: LIVE_TICKET_AUDIENCE,
      requiredClaims: ['sub', 'exp'],
    });
    if (typeof payload.sub !== 'string' || typeof payload.sx !== 'number') return null;
    return { userId: payload.sub, sessionEndsAt: payload.sx * 1000 };
  } catch {
    return null;
  }
}
