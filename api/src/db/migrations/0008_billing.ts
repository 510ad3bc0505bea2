import type { Migration } from 'kysely';
import type { AnyDb } from './kit';

export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      // One Stripe customer per user. Cards live at Stripe: only the default card's id is kept,
      // so that GET /subscription-monitor can say whether one is on file without calling Stripe.
      await db.schema
        .createTable('billing_customers')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('stripe_customer_id', 'text', (c) => c.notNull().unique())
        .addColumn('default_payment_method', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // The Stripe subscription behind a paid plan, as the last answer or webhook described it.
      await db.schema
        .alterTable('subscriptions')
        .addColumn('stripe_subscription_id', 'text')
        .execute();
      await db.schema.alterTable('subscriptions').addColumn('stripe_status', 'text').execute();
      await db.schema.alterTable('subscriptions').addColumn('current_period_end', 'text').execute();
      // Webhook events already applied: Stripe delivers at least once, each is applied once.
      await db.schema
        .createTable('stripe_events')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('type', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}
