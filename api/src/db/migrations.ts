import type { Kysely, Migration, MigrationProvider } from 'kysely';
import { Migrator, sql } from 'kysely';
import type { DialectName } from './index';
import { activityHash, GENESIS_HASH } from '../repositories/activity-chain';
import { ASSISTANT_TASK_CATALOGUE } from './assistant-tasks';
import { newId } from './ids';
import { PLAN_CATALOGUE } from './plans';
import type { Database } from './types';

// Migrations receive an untyped Kysely: they describe the schema as it was at that step.
type AnyDb = Kysely<unknown>;

function initial(): Migration {
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

function search(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      if (dialect === 'sqlite') return;
      // pg_trgm may be missing or not installable by this role: the list then scans, still correct.
      // A savepoint keeps a failed CREATE EXTENSION from aborting the migration's transaction.
      // Extensions are per database while schemas (and the migrator's lock) are not: serialise
      // instances migrating different schemas so that the second sees the first's extension.
      await sql`select pg_advisory_xact_lock(hashtext('pos_api_pg_trgm'))`.execute(db);
      await sql`savepoint pg_trgm_attempt`.execute(db);
      try {
        await sql`create extension if not exists pg_trgm with schema public`.execute(db);
        await sql`release savepoint pg_trgm_attempt`.execute(db);
      } catch {
        await sql`rollback to savepoint pg_trgm_attempt`.execute(db);
      }
      const found = await sql<{ nspname: string }>`
        select n.nspname from pg_extension e join pg_namespace n on n.oid = e.extnamespace
        where e.extname = 'pg_trgm'`.execute(db);
      const schema = found.rows[0]?.nspname;
      if (!schema) return;
      await sql`create index users_search_trgm_idx on users using gin (search_text ${sql.id(schema)}.gin_trgm_ops)`.execute(
        db,
      );
    },
  };
}

function sqliteListIndexes(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      // PostgreSQL filters through the trigram index; SQLite has none, so the admin list scans
      // instead and these indexes make every scan index-only: (created_at, id, search_text)
      // walks newest first and filters without touching the table, (search_text) is the
      // narrowest thing to count matches over.
      if (dialect !== 'sqlite') return;
      await db.schema
        .createIndex('users_list_idx')
        .on('users')
        .columns(['created_at desc', 'id desc', 'search_text'])
        .execute();
      await db.schema.createIndex('users_search_idx').on('users').column('search_text').execute();
      await db.schema.dropIndex('users_created_at_idx').execute();
    },
  };
}

function applications(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('applications')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('home_url', 'text', (c) => c.notNull())
        .addColumn('home_url_key', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('auth_type', 'text', (c) => c.notNull().defaultTo('account'))
        .addColumn('is_verified_auth', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('key_id', 'integer')
        .addColumn('consumer_key_enc', 'text')
        .addColumn('consumer_secret_enc', 'text')
        .addColumn('wp_user', 'text')
        .addColumn('auth_token_hash', 'text')
        .addColumn('auth_token_expires_at', 'text')
        .addColumn('auth_return_path', 'text')
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addUniqueConstraint('applications_slug_key', ['slug'])
        .addUniqueConstraint('applications_user_site_key', ['user_id', 'home_url_key'])
        // Several NULLs are allowed by a unique constraint on both engines.
        .addUniqueConstraint('applications_auth_token_key', ['auth_token_hash'])
        .execute();
      await db.schema
        .createIndex('applications_user_created_idx')
        .on('applications')
        .columns(['user_id', 'created_at', 'id'])
        .execute();

      await db.schema
        .createTable('application_invitations')
        .addColumn('application_id', 'text', (c) =>
          c.notNull().references('applications.id').onDelete('cascade'),
        )
        .addColumn('wp_user_id', 'integer', (c) => c.notNull())
        .addColumn('count', 'integer', (c) => c.notNull().defaultTo(0))
        .addColumn('last_sent_at', 'text')
        .addPrimaryKeyConstraint('application_invitations_pk', ['application_id', 'wp_user_id'])
        .execute();

      // The shared-users list matches a store's users to dashboard users by email.
      await db.schema
        .createIndex('users_email_lower_idx')
        .on('users')
        .expression(sql`lower(email)`)
        .execute();
    },
  };
}

function stations(): Migration {
  return {
    async up(db: AnyDb) {
      // A station without a row has its pos_id as slug; 'pos' marks the default, so the unique
      // (application_id, slug) rule also keeps one default per application.
      await db.schema
        .createTable('station_slugs')
        .addColumn('application_id', 'text', (c) =>
          c.notNull().references('applications.id').onDelete('cascade'),
        )
        .addColumn('pos_id', 'text', (c) => c.notNull())
        .addColumn('slug', 'text', (c) => c.notNull())
        .addColumn('updated_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('station_slugs_pk', ['application_id', 'pos_id'])
        .addUniqueConstraint('station_slugs_app_slug_key', ['application_id', 'slug'])
        .execute();

      // The store's POS users, copied so that shared stations are found by the caller's email.
      await db.schema
        .createTable('application_members')
        .addColumn('application_id', 'text', (c) =>
          c.notNull().references('applications.id').onDelete('cascade'),
        )
        .addColumn('wp_user_id', 'integer', (c) => c.notNull())
        .addColumn('email', 'text', (c) => c.notNull())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('roles', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('synced_at', 'text', (c) => c.notNull())
        .addPrimaryKeyConstraint('application_members_pk', ['application_id', 'wp_user_id'])
        .execute();
      await db.schema
        .createIndex('application_members_email_idx')
        .on('application_members')
        .column('email')
        .execute();

      await db.schema.alterTable('applications').addColumn('members_synced_at', 'text').execute();
    },
  };
}

function memberSyncAttempts(): Migration {
  return {
    async up(db: AnyDb) {
      // When a copy of the store's users was last tried: a store that keeps failing is asked
      // again only after a pause, instead of by every GET /shared-stations.
      await db.schema
        .alterTable('applications')
        .addColumn('members_sync_attempted_at', 'text')
        .execute();
    },
  };
}

function storeConnection(): Migration {
  return {
    async up(db: AnyDb) {
      // What the last check of the store found: whether the Cloud POS plugin answers there
      // (null: never checked), when that was, and the WooCommerce version system_status gave.
      // The last failed authorization stays until an attempt succeeds, so the application page
      // can say why the owner is not connected and what to do next.
      await db.schema
        .alterTable('applications')
        .addColumn('pos_plugin_active', 'integer')
        .execute();
      await db.schema
        .alterTable('applications')
        .addColumn('pos_plugin_checked_at', 'text')
        .execute();
      await db.schema.alterTable('applications').addColumn('wc_version', 'text').execute();
      await db.schema.alterTable('applications').addColumn('last_auth_failure', 'text').execute();
    },
  };
}

function billing(): Migration {
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

function orders(): Migration {
  return {
    async up(db: AnyDb) {
      // One row per store order (issue 12): only what the product reads. Money is integer cents.
      await db.schema
        .createTable('orders')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('application_id', 'text', (c) =>
          c.notNull().references('applications.id').onDelete('cascade'),
        )
        .addColumn('store_order_id', 'integer', (c) => c.notNull())
        .addColumn('status', 'text', (c) => c.notNull())
        .addColumn('total_cents', 'integer', (c) => c.notNull())
        .addColumn('currency', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('modified_at', 'text', (c) => c.notNull())
        .addColumn('channel', 'text', (c) => c.notNull())
        .addColumn('station_pos_id', 'integer')
        .addColumn('cashier_wp_user_id', 'integer')
        .addColumn('cashier_name', 'text')
        .addColumn('deleted', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      // Deliveries and reconcile upsert by the store's id; redelivery hits the same row.
      await db.schema
        .createIndex('orders_application_store_order_idx')
        .on('orders')
        .columns(['application_id', 'store_order_id'])
        .unique()
        .execute();
      // The analytics read an application's orders of a period.
      await db.schema
        .createIndex('orders_application_created_idx')
        .on('orders')
        .columns(['application_id', 'created_at'])
        .execute();
      // The webhooks and reconcile state of each application, shared by every api instance.
      await db.schema
        .createTable('order_sync')
        .addColumn('application_id', 'text', (c) =>
          c.primaryKey().references('applications.id').onDelete('cascade'),
        )
        .addColumn('webhook_secret_enc', 'text', (c) => c.notNull())
        .addColumn('webhook_ids', 'text', (c) => c.notNull().defaultTo('[]'))
        .addColumn('registered_at', 'text')
        .addColumn('backfilled_at', 'text')
        .addColumn('reconciled_at', 'text')
        .addColumn('last_modified_at', 'text')
        .execute();
    },
  };
}

/** The created-topic deliveries already handled, so a redelivery adds no second feed entry. */
function webhookDeliveries(): Migration {
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

/**
 * Plan usage (issue 12 §4): a partial index over the live orders, so counting an owner's
 * orders (of a month) reads the index only, and the outbox of excess orders reported to the
 * payments provider as metered usage, one row per order (the row is the "once").
 */
function planUsage(): Migration {
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

/**
 * The analytics of issue 12 §3 read an application's orders of a period and group them by
 * created_at bucket, channel, station, cashier and currency. One index with every column
 * they read, led by (application_id, created_at) for the range, answers them from the index
 * alone (no table lookup per order on SQLite; an index-only scan on PostgreSQL once vacuumed).
 */
function analyticsIndexes(): Migration {
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

/**
 * Station names (issue 12): orders keep the name the store gives a station (meta
 * `cloud_pos_station_name`), so Order Analytics shows "Front Counter" instead of "Station #1".
 * The column joins the end of orders_analytics_idx, so the usage analytics' grouped read
 * stays index-only.
 */
function orderStationNames(): Migration {
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

/**
 * The tamper-evident feed (issue 12 §3): each entry gets its place in the owner's chain (seq),
 * the previous entry's hash and its own, and each owner a head that every append locks.
 * Existing entries are chained here, oldest first per owner, with the hash the api computes.
 */
function activityChain(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('activities')
        .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('activities')
        .addColumn('prev_hash', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('activities')
        .addColumn('hash', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('activity_heads')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .execute();

      type Row = {
        id: string;
        user_id: string;
        name: string;
        feed_type: string;
        link: string | null;
        link_name: string | null;
        created_at: string;
      };
      const typed = db as unknown as Kysely<{
        activities: Row & { seq: number; prev_hash: string; hash: string };
        activity_heads: { user_id: string; seq: number; hash: string };
      }>;
      // The chain being built: its owner, last seq and last hash.
      let owner: string | null = null;
      let seq = 0;
      let prevHash = GENESIS_HASH;
      const saveHead = async () => {
        if (owner === null) return;
        await typed
          .insertInto('activity_heads')
          .values({ user_id: owner, seq, hash: prevHash })
          .execute();
      };
      let after: Pick<Row, 'user_id' | 'created_at' | 'id'> | null = null;
      for (;;) {
        const cursor: typeof after = after;
        const rows: Row[] = await typed
          .selectFrom('activities')
          .select(['id', 'user_id', 'name', 'feed_type', 'link', 'link_name', 'created_at'])
          .$if(cursor !== null, (qb) =>
            qb.where((eb) =>
              eb(
                eb.refTuple('user_id', 'created_at', 'id'),
                '>',
                eb.tuple(cursor?.user_id ?? '', cursor?.created_at ?? '', cursor?.id ?? ''),
              ),
            ),
          )
          .orderBy('user_id')
          .orderBy('created_at')
          .orderBy('id')
          .limit(1000)
          .execute();
        for (const row of rows) {
          if (owner !== row.user_id) {
            await saveHead();
            owner = row.user_id;
            seq = 0;
            prevHash = GENESIS_HASH;
          }
          seq += 1;
          const hash = activityHash({
            owner: row.user_id,
            seq,
            prevHash,
            name: row.name,
            feedType: row.feed_type,
            link: row.link,
            linkName: row.link_name,
            createdAt: row.created_at,
          });
          await typed
            .updateTable('activities')
            .set({ seq, prev_hash: prevHash, hash })
            .where('id', '=', row.id)
            .execute();
          prevHash = hash;
        }
        const last = rows[rows.length - 1];
        if (!last) break;
        after = last;
      }
      await saveHead();
      // The verify walks a chain by seq; one entry per place.
      await db.schema
        .createIndex('activities_user_seq_idx')
        .on('activities')
        .columns(['user_id', 'seq'])
        .unique()
        .execute();
    },
  };
}

/**
 * The live stream's event log (issue 12 §5): written in the transaction of the change it
 * reports, read by the streams after each signal and by a reconnect's Last-Event-ID replay,
 * pruned after an hour.
 */
function liveEvents(dialect: DialectName): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('live_events')
        .addColumn('id', dialect === 'sqlite' ? 'integer' : 'bigserial', (c) =>
          dialect === 'sqlite' ? c.primaryKey().autoIncrement() : c.primaryKey(),
        )
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('kind', 'text', (c) => c.notNull())
        .addColumn('data', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // A stream reads its user's events after the last one it sent.
      await db.schema
        .createIndex('live_events_user_idx')
        .on('live_events')
        .columns(['user_id', 'id'])
        .execute();
      await db.schema
        .createIndex('live_events_created_idx')
        .on('live_events')
        .column('created_at')
        .execute();
    },
  };
}

/**
 * The spent live tickets (each opens one stream, on whichever instance) and each owner's
 * verified activity chain checkpoint, whose last run also paces GET /activities/verify.
 */
function liveTicketsAndVerifyCheckpoints(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('live_ticket_uses')
        .addColumn('jti', 'text', (c) => c.primaryKey())
        .addColumn('expires_at', 'text', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('live_ticket_uses_expires_idx')
        .on('live_ticket_uses')
        .column('expires_at')
        .execute();
      await db.schema
        .createTable('activity_verify_checkpoints')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .addColumn('last_run_at', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

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
function usageLedger(): Migration {
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

/**
 * Staff creation claims (issue 13): POST /staff/users holds one row per (application,
 * lower-cased email) while it asks the store to create that user, so two posts of one email,
 * on one api instance or on two, never both reach the store. The row is deleted when the post
 * ends; one older than the claim's lifetime (an instance that stopped mid-call) is taken over.
 */
function staffClaims(): Migration {
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

/**
 * The Assistant (issue 14): its task catalogue as data (`assistant_tasks`, seeded here), the
 * tasks each user completed (`user_tasks`: one row per user and task, proven by an event or
 * marked Done by hand; no row is incomplete), the support requests mailed (counted for the
 * hourly limit) and the support card's new-ticket setting. The tasks that the data already
 * proves are completed for every manager: a plan, an application, an authorized one, a
 * default station, a station opened (the feed), one pinned to Quick Launch, a POS order and a
 * saved card, each at the time the data tells (the pin, which has none, now).
 */
function assistantTasks(): Migration {
  return {
    async up(db: AnyDb) {
      const now = new Date().toISOString();
      await db.schema
        .createTable('assistant_tasks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('name', 'text', (c) => c.notNull())
        .addColumn('description', 'text', (c) => c.notNull())
        .addColumn('completion_btn_text', 'text', (c) => c.notNull())
        .addColumn('completion_link', 'text')
        .addColumn('external_link', 'text')
        .addColumn('iframe_link', 'text')
        .addColumn('dependency', 'text', (c) => c.references('assistant_tasks.id'))
        .addColumn('scope', 'text', (c) => c.notNull())
        .addColumn('sort_order', 'integer', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      await db
        .insertInto('assistant_tasks' as never)
        .values(ASSISTANT_TASK_CATALOGUE.map((task) => ({ ...task, created_at: now })) as never)
        .execute();

      await db.schema
        .createTable('user_tasks')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('assistant_task_id', 'text', (c) =>
          c.notNull().references('assistant_tasks.id').onDelete('cascade'),
        )
        .addColumn('application_id', 'text', (c) =>
          c.references('applications.id').onDelete('set null'),
        )
        .addColumn('completed_at', 'text', (c) => c.notNull())
        .addColumn('completed_by', 'text', (c) => c.notNull())
        .addColumn('event_kind', 'text')
        .execute();
      // One completion per user and task: completing again inserts nothing.
      await db.schema
        .createIndex('user_tasks_user_task_idx')
        .on('user_tasks')
        .columns(['user_id', 'assistant_task_id'])
        .unique()
        .execute();
      // Deleting an application sets its completions' application_id to null through this.
      await db.schema
        .createIndex('user_tasks_application_idx')
        .on('user_tasks')
        .column('application_id')
        .execute();

      await db.schema
        .createTable('support_requests')
        .addColumn('id', 'text', (c) => c.primaryKey())
        .addColumn('user_id', 'text', (c) => c.notNull().references('users.id').onDelete('cascade'))
        .addColumn('subject', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .execute();
      // The hourly limit counts a user's latest requests from this index.
      await db.schema
        .createIndex('support_requests_user_idx')
        .on('support_requests')
        .columns(['user_id', 'created_at'])
        .execute();

      await db.schema
        .alterTable('user_settings')
        .addColumn('support_new_ticket', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();

      await backfillProvenTasks(db, now);
    },
  };
}

/** One completion the data already proves: whose, which task, for which application, when. */
interface ProvenTask {
  user_id: string;
  task: string;
  app: string | null;
  at: string;
  kind: string;
}

/**
 * Completes, for every manager, the tasks their stored data proves (see {@link assistantTasks}),
 * each at its earliest proof. Ids are made here (time-ordered UUIDs), so the rows are read
 * first and written in batches.
 */
async function backfillProvenTasks(db: AnyDb, now: string): Promise<void> {
  // The earliest row of each user of `from` (columns user_id, app, at), by `order`.
  const first = (from: string, order: string) =>
    sql.raw(`select * from (select x.*, row_number() over (partition by x.user_id order by ${order}) as rn
      from (${from}) x) ranked where rn = 1`);
  const managers = "join users u on u.id = a.user_id and u.user_role = 'manager'";
  const queries: { task: string; kind: string; query: ReturnType<typeof sql.raw> }[] = [
    {
      task: 'choose-plan',
      kind: 'planStored',
      query: sql.raw(`select s.user_id, null as app, s.created_at as at from subscriptions s
        join users u on u.id = s.user_id and u.user_role = 'manager'`),
    },
    {
      task: 'create-application',
      kind: 'applicationAdded',
      query: first(
        `select a.user_id, a.id as app, a.created_at as at from applications a ${managers}`,
        'x.at, x.app',
      ),
    },
    {
      task: 'authorize-application',
      kind: 'applicationAuthorized',
      query: first(
        `select a.user_id, a.id as app, a.updated_at as at from applications a ${managers}
          where a.is_verified_auth = 1`,
        'x.at, x.app',
      ),
    },
    {
      task: 'set-default-station',
      kind: 'posUrlChanged',
      query: first(
        `select a.user_id, a.id as app, s.updated_at as at from station_slugs s
          join applications a on a.id = s.application_id ${managers} where s.slug = 'pos'`,
        'x.at, x.app',
      ),
    },
    {
      task: 'open-station',
      kind: 'stationOpened',
      query: first(
        `select f.user_id, a.id as app, f.created_at as at from activities f
          join users u on u.id = f.user_id and u.user_role = 'manager'
          left join applications a on a.user_id = f.user_id
            and f.link = '/applications/' || a.id || '/stations'
          where f.feed_type = 'stationOpened'`,
        'x.at',
      ),
    },
    {
      task: 'process-first-order',
      kind: 'orderProcessed',
      query: first(
        `select a.user_id, a.id as app, o.created_at as at from orders o
          join applications a on a.id = o.application_id ${managers}
          where o.channel = 'pos' and o.deleted = 0`,
        'x.at, x.app',
      ),
    },
    {
      task: 'add-card',
      kind: 'cardAttached',
      query: sql.raw(`select c.user_id, null as app, c.created_at as at from billing_customers c
        join users u on u.id = c.user_id and u.user_role = 'manager'
        where c.default_payment_method is not null`),
    },
  ];
  const proven: ProvenTask[] = [];
  for (const { task, kind, query } of queries) {
    const { rows } = await query.execute(db);
    for (const row of rows as { user_id: string; app: string | null; at: string }[]) {
      proven.push({ user_id: row.user_id, task, app: row.app ?? null, at: row.at, kind });
    }
  }
  // A pinned station: the first key of quick_launch_pos_ids, `{applicationId}/{posID}`.
  const settings = await sql<{ user_id: string; pins: string }>`
    select s.user_id, s.quick_launch_pos_ids as pins from user_settings s
    join users u on u.id = s.user_id and u.user_role = 'manager'
    where s.quick_launch_pos_ids <> '{}'`.execute(db);
  for (const row of settings.rows) {
    let pins: unknown;
    try {
      pins = JSON.parse(row.pins);
    } catch {
      continue;
    }
    if (!pins || typeof pins !== 'object') continue;
    const key = Object.entries(pins).find(([, on]) => on === true)?.[0];
    if (!key) continue;
    const own = await sql<{ id: string }>`select id from applications
      where id = ${key.split('/')[0] ?? ''} and user_id = ${row.user_id}`.execute(db);
    proven.push({
      user_id: row.user_id,
      task: 'pin-station',
      app: own.rows[0]?.id ?? null,
      at: now,
      kind: 'quickLaunchPinned',
    });
  }
  for (let i = 0; i < proven.length; i += 500) {
    await db
      .insertInto('user_tasks' as never)
      .values(
        proven.slice(i, i + 500).map((p) => ({
          id: newId(),
          user_id: p.user_id,
          assistant_task_id: p.task,
          application_id: p.app,
          completed_at: p.at,
          completed_by: 'event',
          event_kind: p.kind,
        })) as never,
      )
      .execute();
  }
}

/**
 * Last Access per application (issue 13's review): when a signed-in user last opened one of the
 * application's stations as its member, on the member row, so the Staff page shows the use of
 * that store only (the account's global last access told a manager about every store).
 * Null: never since. The member sync's upsert leaves it as it is.
 */
function memberLastAccess(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('application_members')
        .addColumn('last_access_at', 'text')
        .execute();
    },
  };
}

/**
 * The api's signing keys in the database (issue 16, scale-out): every instance signs the POS
 * hand-off tokens and live tickets with the same key and verifies any key of the set by its
 * `kid`, so no instance needs a key file of its own. One row per key, numbered by
 * `generation` (unique: two instances rotating at once make one key); the private JWK is
 * sealed with the store secret box. A key signs from `signs_from` (published in the JWKS an
 * hour before, so the stores have it when the first token comes).
 */
function signingKeys(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('signing_keys')
        .addColumn('kid', 'text', (c) => c.primaryKey())
        .addColumn('generation', 'integer', (c) => c.notNull().unique())
        .addColumn('public_jwk', 'text', (c) => c.notNull())
        .addColumn('private_jwk', 'text', (c) => c.notNull())
        .addColumn('created_at', 'text', (c) => c.notNull())
        .addColumn('signs_from', 'text', (c) => c.notNull())
        .execute();
    },
  };
}

/**
 * activity_heads.prev_hash: the hash before the head's last move, which PostgreSQL's append
 * reads back from the upsert that moves the head (it hashes the entry there, in one round
 * trip). Existing heads take their newest entry's.
 */
function activityHeadPrevHash(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('activity_heads').addColumn('prev_hash', 'text').execute();
      await sql`update activity_heads set prev_hash = (
          select a.prev_hash from activities a
          where a.user_id = activity_heads.user_id and a.seq = activity_heads.seq
        )`.execute(db);
    },
  };
}

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
function deliveryIdsAndShares(): Migration {
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

/** Every migration in order; names sort in the order they must run. */
export function migrationsFor(dialect: DialectName): Record<string, Migration> {
  return {
    '0001_initial': initial(),
    '0002_user_search': search(dialect),
    '0003_sqlite_list_indexes': sqliteListIndexes(dialect),
    '0004_applications': applications(),
    '0005_stations': stations(),
    '0006_member_sync_attempts': memberSyncAttempts(),
    '0007_store_connection': storeConnection(),
    '0008_billing': billing(),
    '0009_orders': orders(),
    '0010_webhook_deliveries': webhookDeliveries(),
    '0011_activity_chain': activityChain(),
    '0012_live_events': liveEvents(dialect),
    '0013_analytics_indexes': analyticsIndexes(),
    '0014_plan_usage': planUsage(),
    '0015_live_tickets_verify_checkpoints': liveTicketsAndVerifyCheckpoints(),
    '0016_order_station_names': orderStationNames(),
    '0017_usage_ledger': usageLedger(),
    '0018_staff_claims': staffClaims(),
    '0019_assistant_tasks': assistantTasks(),
    '0020_member_last_access': memberLastAccess(),
    '0021_signing_keys': signingKeys(),
    '0022_activity_head_prev_hash': activityHeadPrevHash(),
    '0027_delivery_ids_and_shares': deliveryIdsAndShares(),
  };
}

class InCodeProvider implements MigrationProvider {
  constructor(private readonly dialect: DialectName) {}
  async getMigrations(): Promise<Record<string, Migration>> {
    return migrationsFor(this.dialect);
  }
}

/**
 * Brings the schema up to date (creating the PostgreSQL schema first when one is configured);
 * throws with the failing migration's error. Safe to run from several instances at once: the
 * migrator takes a lock.
 */
export async function migrateToLatest(
  db: Kysely<Database>,
  dialect: DialectName,
  schema: string | null = null,
): Promise<void> {
  if (dialect === 'postgres' && schema) {
    await sql`create schema if not exists ${sql.id(schema)}`.execute(db);
  }
  const migrator = new Migrator({
    db,
    provider: new InCodeProvider(dialect),
    // Kysely looks for its own tables in every schema unless told which one: another
    // schema's kysely_migration_lock would then pass for this one's, and the run fails.
    ...(dialect === 'postgres' && schema ? { migrationTableSchema: schema } : {}),
  });
  const { error, results } = await migrator.migrateToLatest();
  const failed = results?.find((r) => r.status === 'Error');
  if (error) {
    const where = failed ? ` (migration ${failed.migrationName})` : '';
    throw new Error(`Database migration failed${where}: ${String(error)}`, { cause: error });
  }
}
