import type { Migration } from 'kysely';
import type { AnyDb } from './kit';

export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      // When a copy of the store's users was last tried: a store that keeps failing is asked
      // again only after a pause, instead of by every GET /shared-stations.
      await db.schema
        .alterTable('applications')
        .addColumn('members_sync_attempted_at', 'text')
        .execute();
    },
  };
}
