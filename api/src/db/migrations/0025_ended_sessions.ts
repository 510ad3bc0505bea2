import type { Migration } from 'kysely';
import type { AnyDb } from './kit';

/**
 * The login-provider sessions signed out through the api (issue 25): every instance refuses
 * their tokens, refreshed ones too, by one primary-key lookup per authenticated request. A row
 * is of use until the session's nra (`expires_at`), after which the verifier refuses its
 * tokens anyway; the index lets a logout prune the rows past it.
 */
export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('ended_sessions')
        .addColumn('session_key', 'text', (c) => c.primaryKey())
        .addColumn('ended_at', 'text', (c) => c.notNull())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('ended_sessions_expires_idx')
        .on('ended_sessions')
        .column('expires_at')
        .execute();
    },
  };
}
