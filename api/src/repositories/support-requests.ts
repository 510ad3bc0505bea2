import { sql, type Kysely } from 'kysely';
import type { DialectName } from '../db';
import { newId } from '../db/ids';
import type { Database } from '../db/types';

// The two-key advisory lock's first key for the support requests ('SUPP').
const SUPPORT_LOCK_NAMESPACE = 0x53555050;

/** A slot for one support request, or how long until the next one is allowed. */
export type SupportClaim = { id: string } | { retryAfterMs: number };

/** The support requests users sent, counted in the database for the hourly limit. */
export class SupportRequestsRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /**
   * Takes one of the user's `limit` requests per `windowMs`: in one transaction (the user's
   * advisory lock on PostgreSQL, SQLite runs one write transaction at a time) it counts the
   * user's requests of the window and, below the limit, records this one. So any number of
   * requests at once, on any number of api instances, get at most `limit` slots. Answers the
   * new row's id, or how long until the oldest counted request leaves the window.
   */
  claim(
    userId: string,
    subject: string,
    { limit, windowMs, now = Date.now() }: { limit: number; windowMs: number; now?: number },
  ): Promise<SupportClaim> {
    return this.db.transaction().execute(async (trx) => {
      if (this.dialect === 'postgres') {
        await sql`select pg_advisory_xact_lock(${SUPPORT_LOCK_NAMESPACE}, hashtext(${userId}))`.execute(
          trx,
        );
      }
      const recent = await trx
        .selectFrom('support_requests')
        .select('created_at')
        .where('user_id', '=', userId)
        .where('created_at', '>', new Date(now - windowMs).toISOString())
        .orderBy('created_at')
        .execute();
      if (recent.length >= limit) {
        const freesUp = recent[recent.length - limit]!.created_at;
        return { retryAfterMs: Math.max(1, Date.parse(freesUp) + windowMs - now) };
      }
      const id = newId();
      await trx
        .insertInto('support_requests')
        .values({ id, user_id: userId, subject, created_at: new Date(now).toISOString() })
        .execute();
      return { id };
    });
  }

  /** Gives a slot back (its mail could not be sent: nothing is counted). */
  async release(id: string): Promise<void> {
    await this.db.deleteFrom('support_requests').where('id', '=', id).execute();
  }
}
