import { APPLICATION_ID_TOKEN } from '../../db/assistant-tasks';
import type { Repositories } from '../../repositories';
import type { OwnApplication, TaskWithCompletion } from '../../repositories/user-tasks';
import type { AssistantTask, SupportCardDetails, UserTasks } from '@pos/shared/wire';
import {
  APPLICATION_NOT_FOUND_MESSAGE,
  AssistantError,
  lockedMessage,
  TASK_NOT_FOUND_MESSAGE,
} from './errors';

/** Where a task whose link needs an application goes while the user has none. */
export const APPLICATIONS_PATH = '/applications';

/** The support card's texts (spec 3's supportCardDetails, besides the user's setting). */
export const SUPPORT_CARD = {
  name: 'Need a hand?',
  description:
    'Stuck on a step, or something not working as it should? Send a message to our support team and we will answer by email.',
  completionBtnText: 'Create new ticket',
} as const;

/** The support card of a user whose setting is `createNewTicket`. */
export function supportCardOf(createNewTicket: boolean): SupportCardDetails {
  return { ...SUPPORT_CARD, createNewTicket };
}

/**
 * A catalogue link with `{applicationId}` filled in; without an application, the
 * applications list (where the user gets one).
 */
export function linkFor(link: string | null, applicationId: string | null): string | null {
  if (link === null || !link.includes(APPLICATION_ID_TOKEN)) return link;
  if (applicationId === null) return APPLICATIONS_PATH;
  return link.split(APPLICATION_ID_TOKEN).join(encodeURIComponent(applicationId));
}

/**
 * The application an incomplete task of the 'application' scope is pointed at: the one its
 * dependency was completed for (while still the user's), else, for the authorization, the
 * newest application not authorized yet and, for the others, the newest authorized one;
 * else the newest application; null when the user has none. Account tasks have none.
 */
function applicationToWorkOn(
  task: TaskWithCompletion,
  byId: Map<string, TaskWithCompletion>,
  applications: OwnApplication[],
): string | null {
  if (task.scope !== 'application' || applications.length === 0) return null;
  const own = new Set(applications.map((a) => a.id));
  const fromDependency = task.dependency ? byId.get(task.dependency)?.application_id : null;
  if (fromDependency && own.has(fromDependency)) return fromDependency;
  const wanted = task.id !== 'authorize-application';
  const preferred = applications.find((a) => a.verified === wanted);
  return (preferred ?? applications[0]!).id;
}

/**
 * The user's task list (spec 3's task data, without the support card) from the catalogue
 * with the user's completions and the user's applications (newest first): completed tasks
 * newest completion first, incomplete ones in catalogue order. An incomplete task whose
 * dependency is incomplete is `locked`, `waitingFor` naming the dependency.
 */
export function taskListOf(
  rows: TaskWithCompletion[],
  applications: OwnApplication[],
): Omit<UserTasks, 'supportCardDetails'> {
  const byId = new Map(rows.map((row) => [row.id, row]));
  const done = (id: string | null) => id !== null && Boolean(byId.get(id)?.completed_at);
  const completed: AssistantTask[] = [];
  const incomplete: AssistantTask[] = [];
  for (const row of rows) {
    const isDone = row.completed_at !== null;
    const locked = !isDone && row.dependency !== null && !done(row.dependency);
    const applicationId = isDone
      ? row.application_id
      : applicationToWorkOn(row, byId, applications);
    const task: AssistantTask = {
      id: row.user_task_id,
      assistantTaskId: row.id,
      applicationId,
      name: row.name,
      description: row.description,
      dependency: row.dependency,
      completionLink: linkFor(row.completion_link, applicationId),
      externalLink: row.external_link,
      iframeLink: row.iframe_link,
      completionBtnText: row.completion_btn_text,
      createdAt: row.completed_at ?? row.created_at,
      completedAt: row.completed_at,
      completedBy: row.completed_by,
      locked,
      waitingFor: locked ? (byId.get(row.dependency!)?.name ?? row.dependency) : null,
    };
    (isDone ? completed : incomplete).push(task);
  }
  completed.sort(
    (a, b) =>
      (b.completedAt ?? '').localeCompare(a.completedAt ?? '') ||
      (b.id ?? '').localeCompare(a.id ?? ''),
  );
  return {
    completed,
    incomplete,
    totalAll: rows.length,
    leftToComplete: incomplete.length,
  };
}

/** GET /user-tasks: the user's tasks and support card. */
export async function userTasksOf(repos: Repositories, userId: string): Promise<UserTasks> {
  const [rows, applications, newTicket] = await Promise.all([
    repos.userTasks.withCompletions(userId),
    repos.userTasks.applicationsOf(userId),
    repos.userTasks.supportNewTicket(userId),
  ]);
  return { ...taskListOf(rows, applications), supportCardDetails: supportCardOf(newTicket) };
}

/**
 * POST /user-tasks: marks the task Done by hand for the user (`completed_by` 'manual'), for
 * `applicationId` when given (it must be the user's own). Refused while its dependency is
 * incomplete. Idempotent: a task completed already, by an event or by hand, stays as it is.
 * Answers the task as the list shows it now, and whether this call completed it.
 */
export async function markTaskDone(
  repos: Repositories,
  userId: string,
  taskId: string,
  applicationId: string | null,
): Promise<{ task: AssistantTask; created: boolean }> {
  const task = await repos.userTasks.task(taskId);
  if (!task) throw new AssistantError('taskNotFound', TASK_NOT_FOUND_MESSAGE);
  if (applicationId !== null && !(await repos.applications.findForUser(userId, applicationId))) {
    throw new AssistantError('applicationNotFound', APPLICATION_NOT_FOUND_MESSAGE);
  }
  const already = await repos.userTasks.isCompleted(userId, task.id);
  if (
    !already &&
    task.dependency &&
    !(await repos.userTasks.isCompleted(userId, task.dependency))
  ) {
    // A completed dependency is never taken back: checking before the insert is enough.
    const dependency = await repos.userTasks.task(task.dependency);
    throw new AssistantError('locked', lockedMessage(dependency?.name ?? task.dependency));
  }
  const created =
    !already &&
    (await repos.userTasks.complete(userId, {
      task: task.id,
      applicationId: task.scope === 'application' ? applicationId : null,
      by: 'manual',
      eventKind: null,
    }));
  const list = await userTasksOf(repos, userId);
  const answer = [...list.completed, ...list.incomplete].find((t) => t.assistantTaskId === task.id);
  if (!answer) throw new Error(`the task ${task.id} is missing from the list`);
  return { task: answer, created };
}
