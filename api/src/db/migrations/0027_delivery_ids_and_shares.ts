import type { Migration } from 'kysely';
import { sql } from 'kysely';
import type { AnyDb } from './kit';

/**
 * Issue 25 (security). `webhook_delivery_ids`: the WooCommerce deliveries already processed,
 * per application, by X-WC-Webhook-Delivery-ID and the SHA-256 of the signed body (WooCommerce
 * derives the id from the webhook and the second, so two deliveries of one webhook in one
 * second share it; only the same body again is a replay), written in the transaction of the
 * delivery's effect and pruned after a while by `received_at`.
 * `application_shares`: the emails an owner shared an application with from the dashboard (an
 * invitation sent, a staff user created; the demo cashier). A store user with that email is
 * a member who reaches its stations; a store that merely lists an email shares nothing. The
 * store users who already used a share (a last access) or were invited keep it.
 */
export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('webhook_delivery_ids')
        .addColumn('application_id', 'text', (c) =>
          c.notNull().references('applications.id').onDelete('cascade'),
        )
        .addColumn('delivery_id', 'text', (c) => c.notNull())
        .addColumn('body_hash', 'text', (c) => c.notNull())
        .addColumn('received_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('webhook_delivery_ids_pk', [
          'application_id',
          'delivery_id',
          'body_hash',
        ])
        .execute();
      await db.schema
        .createIndex('webhook_delivery_ids_received_idx')
        .on('webhook_delivery_ids')
        .column('received_at')
        .execute();
      await db.schema
        .createTable('application_shares')
        .addColumn('application_id', 'text', (c) =>
          c.notNull().references('applications.id').onDelete('cascade'),
        )
        // Lower-cased, as application_members.email.
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('shared_at', 'text', (c) => c.notNull())
        .addColumn('via', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('application_shares_pk', ['application_id', 'email'])
        .execute();
      await sql`insert into application_shares (application_id, email, shared_at, via)
        select m.application_id, m.email, min(coalesce(m.last_access_at, m.synced_at)),
          case when max(m.last_access_at) is not null then 'used' else 'invitation' end
        from application_members m
        where m.last_access_at is not null
          or exists (
            select 1 from application_invitations i
            where i.application_id = m.application_id and i.wp_user_id = m.wp_user_id
              and i.count > 0
          )
        group by m.application_id, m.email`.execute(db);
    },
  };
}
