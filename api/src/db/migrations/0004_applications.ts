import type { Migration } from 'kysely';
import { sql } from 'kysely';
import type { AnyDb } from './kit';

export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('applications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('home_url', 'text', (c) => c.notNull())
        .addColumn('home_url_key', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('auth_type', 'text', (c) => c.notNull().defaultTo('account'))
        .addColumn('is_verified_auth', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('key_id', 'integer')
        .addColumn('consumer_key_enc', 'text')
        .addColumn('consumer_secret_enc', 'text')
        .addColumn('wp_user', 'text')
        .addColumn('auth_token_hash', 'text')
        .addColumn('auth_token_expires_at', 'text')
        .addColumn('auth_return_path', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('applications_slug_key', ['slug'])
        .addUniqueConstraint('applications_user_site_key', ['user_id', 'home_url_key'])
        // Several NULLs are allowed by a unique constraint on both engines.
        .addUniqueConstraint('applications_auth_token_key', ['auth_token_hash'])
        .execute();
      await db.schema
        .createIndex('applications_user_created_idx')
        .on('applications')
        .columns(['user_id', 'created_at', 'id'])
        .execute();

      await db.schema
        .createTable('application_invitations')
        .addColumn('application_id', 'text', (c) =>
          c.notNull().references('applications.id').onDelete('cascade'),
        )
        .addColumn('wp_user_id', 'integer', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_sent_at', 'text')
        .addPrimaryKeyConstraint('application_invitations_pk', ['application_id', 'wp_user_id'])
        .execute();

      // The shared-users list matches a store's users to dashboard users by email.
      await db.schema
        .createIndex('users_email_lower_idx')
        .on('users')
        .expression(sql`lower(email)`)
        .execute();
    },
  };
}
