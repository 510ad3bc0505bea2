import type { Migration } from 'kysely';
import type { AnyDb } from './kit';

/**
 * Staff creation claims (issue 13): POST /staff/users holds one row per (application,
 * lower-cased email) while it asks the store to create that user, so two posts of one email,
 * on one api instance or on two, never both reach the store. The row is deleted when the post
 * ends; one older than the claim's lifetime (an instance that stopped mid-call) is taken over.
 */
export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('staff_claims')
        .addColumn('application_id', 'text', (c) =>
          c.notNull().references('applications.id').onDelete('cascade'),
        )
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('token', 'text', (c) => c.notNull())
        .addColumn('claimed_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('staff_claims_pk', ['application_id', 'email'])
        .execute();
    },
  };
}
