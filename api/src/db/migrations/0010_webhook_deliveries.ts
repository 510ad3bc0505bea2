import type { Kysely, Migration } from 'kysely';

/** The created-topic deliveries already handled, so a redelivery adds no second feed entry. */
export function migration(): Migration {
  return {
    async up(db: Kysely<unknown>) {
      await db.schema
        .createTable('webhook_deliveries')
        .addColumn('application_id', 'text', (c) =>
          c.notNull().references('applications.id').onDelete('cascade'),
        )
        // The topic and the resource's store id (customer.created:42).
        .addColumn('delivery_key', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_deliveries_pk', ['application_id', 'delivery_key'])
        .execute();
    },
  };
}
