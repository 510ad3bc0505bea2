import type { Migration } from 'kysely';
import type { DialectName } from '../index';
import type { AnyDb } from './kit';

/**
 * The live stream's event log (issue 12 §5): written in the transaction of the change it
 * reports, read by the streams after each signal and by a reconnect's Last-Event-ID replay,
 * pruned after an hour.
 */
export function migration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('live_events')
        .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigserial', (c) =>
          dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
        )
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // A stream reads its user's events after the last one it sent.
      await db.schema
        .createIndex('live_events_user_idx')
        .on('live_events')
        .columns(['user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('live_events_created_idx')
        .on('live_events')
        .column('created_at')
        .execute();
    },
  };
}
