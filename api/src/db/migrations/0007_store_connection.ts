import type { Migration } from 'kysely';
import type { AnyDb } from './kit';

export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      // What the last check of the store found: whether the Cloud POS plugin answers there
      // (null: never checked), when that was, and the WooCommerce version system_status gave.
      // The last failed authorization stays until an attempt succeeds, so the application page
      // can say why the owner is not connected and what to do next.
      await db.schema
        .alterTable('applications')
        .addColumn('pos_plugin_active', 'integer')
        .execute();
      await db.schema
        .alterTable('applications')
        .addColumn('pos_plugin_checked_at', 'text')
        .execute();
      await db.schema.alterTable('applications').addColumn('wc_version', 'text').execute();
      await db.schema.alterTable('applications').addColumn('last_auth_failure', 'text').execute();
    },
  };
}
