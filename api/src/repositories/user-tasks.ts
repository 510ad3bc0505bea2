import { sql, type Kysely, type RawBuilder } from 'kysely';
import type { AssistantTaskId } from '../db/assistant-tasks';
import { newId, nowIso } from '../db/ids';
import type { AssistantTaskRow, Database, UserTaskRow } from '../db/types';
import { lockLiveFeed, recordLiveEvent } from '../live/events';

/** How a task was completed: proven by an event, or marked Done by hand. */
export type TaskCompletedBy = UserTaskRow['completed_by'];

/** A completion to record (see {@link completeTask}). */
export interface TaskCompletion {
  /** The catalogue task (an {@link AssistantTaskId}; a row a later migration added too). */
  task: AssistantTaskId | (string & {});
  /** The application it was completed for; kept only when it is the user's own. */
  applicationId?: string | null;
  by: TaskCompletedBy;
  /** What proved it: a feed type, or 'planStored', 'cardAttached', 'quickLaunchPinned'. */
  eventKind?: string | null;
}

/** The data of the live `tasks` event: a task the user just completed. */
export interface TaskCompletedEvent {
  assistantTaskId: string;
  applicationId: string | null;
  completedAt: string;
  completedBy: TaskCompletedBy;
}

/**
 * The one insert of a completion, the same SQL on both engines: a user_tasks row for (user,
 * task) unless there is one already (completing twice changes nothing; a task marked Done by
 * hand keeps `manual`), only for a manager (non-managers have no assistant), with the
 * application only when it is the user's own. Returns the inserted row's fields, or no row.
 */
export function completionInsert(
  userId: string,
  completion: TaskCompletion,
  returning: RawBuilder<unknown> = sql`assistant_task_id, application_id, completed_at, completed_by`,
  onlyIf: RawBuilder<boolean> = sql<boolean>`true`,
): RawBuilder<TaskCompletedRow> {
  const applicationId = completion.applicationId ?? null;
  return sql<TaskCompletedRow>`insert into user_tasks
      (id, user_id, assistant_task_id, application_id, completed_at, completed_by, event_kind)
    select ${newId()}, u.id, ${completion.task},
      (select a.id from applications a where a.id = ${applicationId} and a.user_id = u.id),
      ${nowIso()}, ${completion.by}, ${completion.eventKind ?? null}
    from users u where u.id = ${userId} and u.user_role = 'manager' and ${onlyIf}
    on conflict (user_id, assistant_task_id) do nothing
    returning ${returning}`;
}

type TaskCompletedRow = Pick<
  UserTaskRow,
  'assistant_task_id' | 'application_id' | 'completed_at' | 'completed_by'
>;

/**
 * {@link completionInsert} as a PostgreSQL write that returns the live event's JSON, for a
 * caller that records it in the statement of its own change (`recordLiveEvents`' `derived`);
 * with `onlyIf`, only when that condition of the statement holds.
 */
export function completionWithEvent(
  userId: string,
  completion: TaskCompletion,
  onlyIf?: RawBuilder<boolean>,
) {
  return completionInsert(
    userId,
    completion,
    sql`json_build_object('assistantTaskId', assistant_task_id, 'applicationId', application_id,
      'completedAt', completed_at, 'completedBy', completed_by)::text as data`,
    onlyIf,
  );
}

/**
 * Completes `completion.task` for `userId` inside `db`'s transaction (one is opened when `db`
 * is not one) and, when that inserted a row, records the live `tasks` event with it. Pass
 * `locked` when the user's live-feed lock is held already. Returns whether the task was
 * completed now (false: it was already, or the user is not a manager).
 */
export async function completeTask(
  db: Kysely<Database>,
  userId: string,
  completion: TaskCompletion,
  options: { locked?: boolean } = {},
): Promise<boolean> {
  if (!db.isTransaction) {
    return db.transaction().execute((trx) => completeTask(trx, userId, completion, options));
  }
  // The live-feed lock before the user_tasks row, as an append that completes a task takes
  // them (two writers taking them in two orders could wait for each other).
  if (!options.locked) await lockLiveFeed(db, userId);
  const { rows } = await completionInsert(userId, completion).execute(db);
  const row = rows[0];
  if (!row) return false;
  const event: TaskCompletedEvent = {
    assistantTaskId: row.assistant_task_id,
    applicationId: row.application_id,
    completedAt: row.completed_at,
    completedBy: row.completed_by,
  };
  await recordLiveEvent(db, userId, 'tasks', event, { locked: true });
  return true;
}

/** A catalogue task and the user's completion of it (null fields: incomplete). */
export interface TaskWithCompletion extends AssistantTaskRow {
  user_task_id: string | null;
  application_id: string | null;
  completed_at: string | null;
  completed_by: TaskCompletedBy | null;
}

/** An application of the user, as the task list needs it. */
export interface OwnApplication {
  id: string;
  verified: boolean;
  createdAt: string;
}

/** The Assistant's catalogue and what each user completed of it. */
export class UserTasksRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** Every catalogue task in order, with the user's completion of it. */
  async withCompletions(userId: string): Promise<TaskWithCompletion[]> {
    const rows = await this.db
      .selectFrom('assistant_tasks as t')
      .leftJoin('user_tasks as u', (join) =>
        join.onRef('u.assistant_task_id', '=', 't.id').on('u.user_id', '=', userId),
      )
      .selectAll('t')
      .select(['u.id as user_task_id', 'u.application_id', 'u.completed_at', 'u.completed_by'])
      .orderBy('t.sort_order')
      .orderBy('t.id')
      .execute();
    return rows.map((row) => ({ ...row, sort_order: Number(row.sort_order) }));
  }

  /** One catalogue task, or undefined. */
  task(id: string): Promise<AssistantTaskRow | undefined> {
    return this.db
      .selectFrom('assistant_tasks')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirst();
  }

  /** Whether the user completed the task. */
  async isCompleted(userId: string, taskId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_tasks')
      .select('id')
      .where('user_id', '=', userId)
      .where('assistant_task_id', '=', taskId)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** The user's applications, newest first (what an incomplete task is pointed at). */
  async applicationsOf(userId: string): Promise<OwnApplication[]> {
    const rows = await this.db
      .selectFrom('applications')
      .select(['id', 'is_verified_auth', 'created_at'])
      .where('user_id', '=', userId)
      .orderBy('created_at', 'desc')
      .orderBy('id', 'desc')
      .execute();
    return rows.map((row) => ({
      id: row.id,
      verified: row.is_verified_auth === 1,
      createdAt: row.created_at,
    }));
  }

  /** Completes a task (see {@link completeTask}); whether it was completed now. */
  complete(userId: string, completion: TaskCompletion): Promise<boolean> {
    return completeTask(this.db, userId, completion);
  }

  /** Whether the user's support card shows the new-ticket form. */
  async supportNewTicket(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('user_settings')
      .select('support_new_ticket')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row?.support_new_ticket === 1;
  }

  /** Sets whether the user's support card shows the new-ticket form. */
  async setSupportNewTicket(userId: string, on: boolean): Promise<void> {
    await this.db
      .insertInto('user_settings')
      .values({
        user_id: userId,
        quick_launch_pos_ids: '{}',
        show_assistant_in_pos: 1,
        first_task_completed: 0,
        support_new_ticket: on ? 1 : 0,
      })
      .onConflict((oc) => oc.column('user_id').doUpdateSet({ support_new_ticket: on ? 1 : 0 }))
      .execute();
  }
}
