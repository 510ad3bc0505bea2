import type { Migration } from 'kysely';
import type { DialectName } from '../index';
import type { AnyDb } from './kit';

export function migration(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      // PostgreSQL filters through the trigram index; SQLite has none, so the admin list scans
      // instead and these indexes make every scan index-only: (created_at, id, search_text)
      // walks newest first and filters without touching the table, (search_text) is the
      // narrowest thing to count matches over.
      if (dialect !== 'sqlite') return;
      await db.schema
        .createIndex('users_list_idx')
        .on('users')
        .columns(['created_at desc', 'id desc', 'search_text'])
        .execute();
      await db.schema.createIndex('users_search_idx').on('users').column('search_text').execute();
      await db.schema.dropIndex('users_created_at_idx').execute();
    },
  };
}
