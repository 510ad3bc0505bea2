import type { Migration } from 'kysely';
import { sql } from 'kysely';
import type { AnyDb } from './kit';

/**
 * Plan usage that survives its application (issue 12 §4 review): deleting an application
 * cascades to its orders, which lowered the trial's count and the month's (a way around the
 * limits), and a reconnected store's backfill got new order ids that were reported to Stripe
 * again. The ledger keeps one row per (owner, store, store order id), the store being the
 * application's normalised home URL (`home_url_key`), with no foreign key to applications;
 * the order upsert and delete write it in their transaction. The limits and the excess read
 * it, and usage_reports is keyed the same way, with a status: pending, reported, failed (a
 * refusal that no retry can fix, kept and not retried) or skipped (the order was deleted before
 * it was sent). Subscriptions remember when their plan started, so a plan changed mid-month
 * bills its excess from then.
 */
export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('usage_ledger')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('store_key', 'text', (c) => c.notNull())
        .addColumn('store_order_id', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .addPrimaryKeyConstraint('usage_ledger_pk', ['user_id', 'store_key', 'store_order_id'])
        .execute();
      // The limits count an owner's live orders since an instant from this index alone.
      await db.schema
        .createIndex('usage_ledger_live_idx')
        .on('usage_ledger')
        .columns(['user_id', 'created_at'])
        .where(sql.ref('deleted'), '=', 0)
        .execute();
      await sql`
        insert into usage_ledger (user_id, store_key, store_order_id, created_at, deleted)
        select a.user_id, a.home_url_key, o.store_order_id, o.created_at, o.deleted
        from orders o join applications a on a.id = o.application_id
      `.execute(db);

      await db.schema
        .createTable('usage_reports_keyed')
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('store_key', 'text', (c) => c.notNull())
        .addColumn('store_order_id', 'integer', (c) => c.notNull())
        .addColumn('order_created_at', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull().defaultTo('pending'))
        .addColumn('reported_at', 'text')
        .addColumn('attempts', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_error', 'text')
        .addColumn('next_attempt_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('usage_reports_keyed_pk', [
          'user_id',
          'store_key',
          'store_order_id',
        ])
        .execute();
      await sql`
        insert into usage_reports_keyed (user_id, store_key, store_order_id, order_created_at,
          created_at, status, reported_at, attempts, last_error, next_attempt_at)
        select r.user_id, a.home_url_key, o.store_order_id, r.order_created_at, r.created_at,
          case when r.reported_at is null then 'pending' else 'reported' end,
          r.reported_at, r.attempts, r.last_error, r.next_attempt_at
        from usage_reports r
        join orders o on o.id = r.order_id
        join applications a on a.id = o.application_id
      `.execute(db);
      await db.schema.dropTable('usage_reports').execute();
      await db.schema.alterTable('usage_reports_keyed').renameTo('usage_reports').execute();
      // The reporter reads the pending rows that are due.
      await db.schema
        .createIndex('usage_reports_pending_idx')
        .on('usage_reports')
        .column('next_attempt_at')
        .where(sql.ref('status'), '=', 'pending')
        .execute();
      // The excess count reads an owner's reports of a period from this index alone.
      await db.schema
        .createIndex('usage_reports_user_idx')
        .on('usage_reports')
        .columns(['user_id', 'order_created_at', 'status'])
        .execute();

      // Null for the subscriptions of before: their plan is taken to run from the month start.
      await db.schema.alterTable('subscriptions').addColumn('plan_started_at', 'text').execute();
    },
  };
}
