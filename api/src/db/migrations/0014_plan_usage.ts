import type { Kysely, Migration } from 'kysely';
import { sql } from 'kysely';

/**
 * Plan usage (issue 12 §4): a partial index over the live orders, so counting an owner's
 * orders (of a month) reads the index only, and the outbox of excess orders reported to the
 * payments provider as metered usage, one row per order (the row is the "once").
 */
export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createIndex('orders_live_created_idx')
        .on('orders')
        .columns(['application_id', 'created_at'])
        .where(sql.ref('deleted'), '=', 0)
        .execute();
      await db.schema
        .createTable('usage_reports')
        .addColumn('order_id', 'text', (c) =>
          c.primaryKey().references('orders.id').onDelete('cascade'),
        )
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('order_created_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('reported_at', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        // A claim's lease, then the backoff after a failure: no instance takes it before.
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .execute();
      // The reporter reads the pending rows that are due.
      await db.schema
        .createIndex('usage_reports_pending_idx')
        .on('usage_reports')
        .column('next_attempt_at')
        .where(sql.ref('reported_at'), 'is', null)
        .execute();
    },
  };
}
