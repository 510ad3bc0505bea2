import type { Kysely } from 'kysely';
import { newId } from '../db/ids';
import type { Database } from '../db/types';

/**
 * How long a staff creation claim holds before another post may take it over: longer than any
 * store call may last (STORE_TIMEOUT_MS is at most 120 s), so only a claim whose holder stopped
 * mid-call (a crashed instance) is ever taken over.
 */
export const STAFF_CLAIM_TTL_MS = 5 * 60 * 1000;

/** A held claim: release it with its token. */
export interface StaffClaim {
  applicationId: string;
  email: string;
  token: string;
}

/**
 * staff_claims: one POST /staff/users at a time per (application, email), across every api
 * instance sharing the database.
 */
export class StaffClaimsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Claims `email` (compared without case) of an application in one statement: an insert, or
   * the take-over of a claim older than {@link STAFF_CLAIM_TTL_MS}. Null when another post
   * holds it; of two concurrent claims exactly one wins (the primary key decides).
   */
  async claim(applicationId: string, email: string, now = new Date()): Promise<StaffClaim | null> {
    const token = newId();
    const key = email.trim().toLowerCase();
    const staleBefore = new Date(now.getTime() - STAFF_CLAIM_TTL_MS).toISOString();
    const claimedAt = now.toISOString();
    const row = await this.db
      .insertInto('staff_claims')
      .values({ application_id: applicationId, email: key, token, claimed_at: claimedAt })
      .onConflict((oc) =>
        oc
          .columns(['application_id', 'email'])
          .doUpdateSet({ token, claimed_at: claimedAt })
          .where('staff_claims.claimed_at', '<', staleBefore),
      )
      .returning('token')
      .executeTakeFirst();
    return row?.token === token ? { applicationId, email: key, token } : null;
  }

  /** Gives a claim back (only its holder's: a claim taken over since stays). */
  async release(claim: StaffClaim): Promise<void> {
    await this.db
      .deleteFrom('staff_claims')
      .where('application_id', '=', claim.applicationId)
      .where('email', '=', claim.email)
      .where('token', '=', claim.token)
      .execute();
  }
}
