import type { Migration } from 'kysely';
import { sql } from 'kysely';
import type { AnyDb } from './kit';
import { PLAN_CATALOGUE } from '../plans';

export function migration(): Migration {
  // SQLite gives REAL affinity to "double precision"; PostgreSQL stores float8 (no float4 rounding).
  const money = sql`double precision`;
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('plans')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('access_type', 'text', (c) => c.notNull())
        .addColumn('role_type', 'text', (c) => c.notNull())
        .addColumn('is_free', 'integer', (c) => c.notNull())
        .addColumn('is_manager_plan', 'integer', (c) => c.notNull())
        .addColumn('per_month', money, (c) => c.notNull())
        .addColumn('up_to', 'integer')
        .addColumn('included', 'integer', (c) => c.notNull())
        .addColumn('per_excess', money, (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('users')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('sub', 'text', (c) => c.notNull().unique())
        .addColumn('email', 'text')
        .addColumn('full_name', 'text')
        .addColumn('is_admin', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('is_verified', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('user_role', 'text', (c) => c.notNull().defaultTo('manager'))
        .addColumn('block', 'text', (c) => c.notNull().defaultTo('unblock'))
        .addColumn('subscription_type', 'text', (c) => c.notNull().defaultTo('cloud'))
        .addColumn('orders_count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('orders_count_month', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('orders_count_today', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('last_access_at', 'text')
        .addColumn('search_text', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      // The admin list walks this index newest first and stops after one page.
      await db.schema
        .createIndex('users_created_at_idx')
        .on('users')
        .columns(['created_at desc', 'id desc'])
        .execute();

      await db.schema
        .createTable('user_settings')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('quick_launch_pos_ids', 'text', (c) => c.notNull().defaultTo('{}'))
        .addColumn('show_assistant_in_pos', 'integer', (c) => c.notNull().defaultTo(1))
        .addColumn('first_task_completed', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await db.schema
        .createTable('subscriptions')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id'))
        .addColumn('cancel_date', 'text')
        .addColumn('past_due_invoices', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .execute();

      await db.schema
        .createTable('plan_grants')
        .addColumn('plan_id', 'text', (c) => c.notNull().references('plans.id'))
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addPrimaryKeyConstraint('plan_grants_pk', ['plan_id', 'user_id'])
        .execute();
      await db.schema
        .createIndex('plan_grants_user_idx')
        .on('plan_grants')
        .column('user_id')
        .execute();

      await db.schema
        .createTable('activities')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('feed_type', 'text', (c) => c.notNull())
        .addColumn('link', 'text')
        .addColumn('link_name', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('activities_user_created_idx')
        .on('activities')
        .columns(['user_id', 'created_at desc', 'id desc'])
        .execute();

      await db
        .insertInto('plans' as never)
        .values(PLAN_CATALOGUE as never)
        .execute();
    },
  };
}
