import type { Kysely, Migration } from 'kysely';

/**
 * The analytics of issue 12 §3 read an application's orders of a period and group them by
 * created_at bucket, channel, station, cashier and currency. One index with every column
 * they read, led by (application_id, created_at) for the range, answers them from the index
 * alone (no table lookup per order on SQLite; an index-only scan on PostgreSQL once vacuumed).
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
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
        ])
        .execute();
    },
  };
}
