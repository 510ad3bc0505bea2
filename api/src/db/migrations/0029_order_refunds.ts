import type { Migration } from 'kysely';
import type { AnyDb } from './kit';

/**
 * Refunds (issue 28): orders keep the amount refunded so far (the sum of WooCommerce's
 * `refunds` of the order, in integer cents; 0 when none), so Order Analytics' revenue counts
 * what the store kept. The column joins the end of orders_analytics_idx, so the usage
 * analytics' grouped read stays index-only.
 */
export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('orders')
        .addColumn('refunded_cents', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema.dropIndex('orders_analytics_idx').execute();
      await db.schema
        .createIndex('orders_analytics_idx')
        .on('orders')
        .columns([
          'application_id',
          'created_at',
          'deleted',
          'channel',
          'station_pos_id',
          'cashier_wp_user_id',
          'currency',
          'total_cents',
          'cashier_name',
          'station_name',
          'refunded_cents',
        ])
        .execute();
    },
  };
}
