import type { Migration } from 'kysely';
import type { AnyDb } from './kit';

export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      // A station without a row has its pos_id as slug; 'pos' marks the default, so the unique
      // (application_id, slug) rule also keeps one default per application.
      await db.schema
        .createTable('station_slugs')
        .addColumn('application_id', 'text', (c) =>
          c.notNull().references('applications.id').onDelete('cascade'),
        )
        .addColumn('pos_id', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('station_slugs_pk', ['application_id', 'pos_id'])
        .addUniqueConstraint('station_slugs_app_slug_key', ['application_id', 'slug'])
        .execute();

      // The store's POS users, copied so that shared stations are found by the caller's email.
      await db.schema
        .createTable('application_members')
        .addColumn('application_id', 'text', (c) =>
          c.notNull().references('applications.id').onDelete('cascade'),
        )
        .addColumn('wp_user_id', 'integer', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('synced_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('application_members_pk', ['application_id', 'wp_user_id'])
        .execute();
      await db.schema
        .createIndex('application_members_email_idx')
        .on('application_members')
        .column('email')
        .execute();

      await db.schema.alterTable('applications').addColumn('members_synced_at', 'text').execute();
    },
  };
}
