import type { Migration } from 'kysely';
import { sql } from 'kysely';
import type { AnyDb } from './kit';
import { ASSISTANT_TASK_CATALOGUE } from '../assistant-tasks';
import { newId } from '../ids';

/**
 * The Assistant (issue 14): its task catalogue as data (`assistant_tasks`, seeded here), the
 * tasks each user completed (`user_tasks`: one row per user and task, proven by an event or
 * marked Done by hand; no row is incomplete), the support requests mailed (counted for the
 * hourly limit) and the support card's new-ticket setting. The tasks that the data already
 * proves are completed for every manager: a plan, an application, an authorized one, a
 * default station, a station opened (the feed), one pinned to Quick Launch, a POS order and a
 * saved card, each at the time the data tells (the pin, which has none, now).
 */
export function migration(): Migration {
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
