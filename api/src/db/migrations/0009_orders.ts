import type { Migration } from 'kysely';
import type { AnyDb } from './kit';

export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      // One row per store order (issue 12): only what the product reads. Money is integer cents.
      await db.schema
        .createTable('orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('application_id', 'text', (c) =>
          c.notNull().references('applications.id').onDelete('cascade'),
        )
        .addColumn('store_order_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('total_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('modified_at', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('station_pos_id', 'integer')
        .addColumn('cashier_wp_user_id', 'integer')
        .addColumn('cashier_name', 'text')
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // Deliveries and reconcile upsert by the store's id; redelivery hits the same row.
      await db.schema
        .createIndex('orders_application_store_order_idx')
        .on('orders')
        .columns(['application_id', 'store_order_id'])
        .unique()
        .execute();
      // The analytics read an application's orders of a period.
      await db.schema
        .createIndex('orders_application_created_idx')
        .on('orders')
        .columns(['application_id', 'created_at'])
        .execute();
      // The webhooks and reconcile state of each application, shared by every api instance.
      await db.schema
        .createTable('order_sync')
        .addColumn('application_id', 'text', (c) =>
          c.primaryKey().references('applications.id').onDelete('cascade'),
        )
        .addColumn('webhook_secret_enc', 'text', (c) => c.notNull())
        .addColumn('webhook_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('registered_at', 'text')
        .addColumn('backfilled_at', 'text')
        .addColumn('reconciled_at', 'text')
        .addColumn('last_modified_at', 'text')
        .execute();
    },
  };
}
