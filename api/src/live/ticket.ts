import { randomUUID } from 'node:crypto';
import { jwtVerify, SignJWT } from 'jose';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import type { ApiSigningKey, SigningKeys } from '../services/signing-key';

/** Lifetime of a live-stream ticket, in seconds: long enough to open the EventSource. */
export const LIVE_TICKET_TTL_S = 60;
/** Audience of the tickets: no other token the api signs opens a stream, nor this one else. */
export const LIVE_TICKET_AUDIENCE = 'live-stream';

/** Who a valid ticket names and until when their session, so the stream, lasts. */
export interface LiveTicket {
  userId: string;
  /** Epoch ms when the session behind the ticket ends. */
  sessionEndsAt: number;
  /** The key of that session (`sessionKeyOf`): the stream ends when it is signed out. */
  sessionKey: string;
  /** The ticket's own id: it opens one stream ({@link spendLiveTicket}). */
  jti: string;
  /** Epoch ms when the ticket expires. */
  expiresAt: number;
}

/**
 * A ticket that lets an EventSource (which cannot send a bearer header) open the user's
 * stream: an ES256 JWT signed with the api's current key, so every instance (they share the
 * key set) accepts it. It names the user, their session (its key) and when it ends (the bearer's exp or nra, the earlier),
 * and carries an id (jti) so that it opens one stream only, see {@link spendLiveTicket}.
 */
export async function issueLiveTicket(
  key: ApiSigningKey,
  issuer: string,
  userId: string,
  session: { endsAt: number; key: string },
  now = Date.now(),
): Promise<{ ticket: string; expiresAt: string }> {
  const iat = Math.floor(now / 1000);
  const exp = iat + LIVE_TICKET_TTL_S;
  const ticket = await new SignJWT({ sx: Math.floor(session.endsAt / 1000), sk: session.key })
    .setProtectedHeader({ alg: 'ES256', kid: key.kid, typ: 'JWT' })
    .setIssuer(issuer)
    .setAudience(LIVE_TICKET_AUDIENCE)
    .setSubject(userId)
    .setJti(randomUUID())
    .setIssuedAt(iat)
    .setExpirationTime(exp)
    .sign(key.privateKey);
  return { ticket, expiresAt: new Date(exp * 1000).toISOString() };
}

/** The user and session end of a ticket, or null when it is forged, altered or expired. */
export async function readLiveTicket(
  keys: SigningKeys,
  issuer: string,
  ticket: string,
): Promise<LiveTicket | null> {
  try {
    const { payload } = await jwtVerify(ticket, keys.verificationKey, {
      algorithms: ['ES256'],
      issuer,
      audience: LIVE_TICKET_AUDIENCE,
      requiredClaims: ['sub', 'exp', 'jti'],
    });
    if (
      typeof payload.sub !== 'string' ||
      typeof payload.sx !== 'number' ||
      typeof payload.sk !== 'string' ||
      typeof payload.jti !== 'string' ||
      typeof payload.exp !== 'number'
    ) {
      return null;
    }
    return {
      userId: payload.sub,
      sessionEndsAt: payload.sx * 1000,
      sessionKey: payload.sk,
      jti: payload.jti,
      expiresAt: payload.exp * 1000,
    };
  } catch {
    return null;
  }
}

/**
 * Records that `ticket` opened a stream; false when it already did (on this instance or any
 * other on the database): a ticket read from a log or a proxy's history opens nothing. The
 * record is kept until the ticket expires ({@link pruneLiveTicketUses}).
 */
export async function spendLiveTicket(db: Kysely<Database>, ticket: LiveTicket): Promise<boolean> {
  const result = await db
    .insertInto('live_ticket_uses')
    .values({ jti: ticket.jti, expires_at: new Date(ticket.expiresAt).toISOString() })
    .onConflict((oc) => oc.column('jti').doNothing())
    .executeTakeFirst();
  return Number(result.numInsertedOrUpdatedRows ?? 0) > 0;
}

/** Forgets the spent tickets that expired (they open nothing anyway); returns how many. */
export async function pruneLiveTicketUses(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('live_ticket_uses')
    .where('expires_at', '<', new Date(now).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
