import type { Migration } from 'kysely';
import type { AnyDb } from './kit';

/**
 * Station names (issue 12): orders keep the name the store gives a station (meta
 * `cloud_pos_station_name`), so Order Analytics shows "Front Counter" instead of "Station #1".
 * The column joins the end of orders_analytics_idx, so the usage analytics' grouped read
 * stays index-only.
 */
export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('orders').addColumn('station_name', 'text').execute();
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
        ])
        .execute();
    },
  };
}
