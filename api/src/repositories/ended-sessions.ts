import type { Kysely } from 'kysely';
import { PREPARED } from '../db';
import type { Database } from '../db/types';

/**
 * ended_sessions: the login-provider sessions signed out through the api, shared by every
 * instance on the database. Read on every authenticated request, so no instance keeps a copy:
 * a session ended through one instance is refused by all of them at once.
 */
export class EndedSessionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Whether the session `key` was signed out: one primary-key lookup. */
  async isEnded(key: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('ended_sessions')
      // Prepared on PostgreSQL: every authenticated request runs it.
      .modifyFront(PREPARED)
      .select('session_key')
      .where('session_key', '=', key)
      .executeTakeFirst();
    return row !== undefined;
  }

  /**
   * Records that the session `key` ended (again is a no-op), and forgets in the same
   * transaction the ended sessions whose tokens are refused anyway by now: logouts alone keep
   * the table as small as the sessions still within their refresh window.
   */
  async end(key: string, expiresAt: Date, now = new Date()): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      await trx
        .insertInto('ended_sessions')
        .values({
          session_key: key,
          ended_at: now.toISOString(),
          expires_at: expiresAt.toISOString(),
        })
        .onConflict((oc) => oc.column('session_key').doNothing())
        .execute();
      await trx.deleteFrom('ended_sessions').where('expires_at', '<', now.toISOString()).execute();
    });
  }
}
