import type { Migration } from 'kysely';
import type { AnyDb } from './kit';

/**
 * The spent live tickets (each opens one stream, on whichever instance) and each owner's
 * verified activity chain checkpoint, whose last run also paces GET /activities/verify.
 */
export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('live_ticket_uses')
        .addColumn('jti', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('live_ticket_uses_expires_idx')
        .on('live_ticket_uses')
        .column('expires_at')
        .execute();
      await db.schema
        .createTable('activity_verify_checkpoints')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('last_run_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
