/** Why an Assistant request was refused; the routes give each its status. */
export type AssistantRefusal =
  /** No catalogue task has this id. */
  | 'taskNotFound'
  /** The application is not the caller's (or does not exist). */
  | 'applicationNotFound'
  /** The task's dependency is not completed yet. */
  | 'locked'
  /** The support request breaks a rule; the message says which. */
  | 'invalid'
  /** The caller sent as many support requests as an hour allows. */
  | 'rateLimited'
  /** The support address could not be mailed. */
  | 'mailFailed';

/** A refused Assistant request, with the text the dashboard shows. */
export class AssistantError extends Error {
  override readonly name = 'AssistantError';
  constructor(
    readonly refusal: AssistantRefusal,
    message: string,
    /** For `rateLimited`: the seconds until the next request is allowed. */
    readonly retryAfterSeconds?: number,
    options?: ErrorOptions,
  ) {
    super(message, options);
  }
}

/** A task id the catalogue does not have. */
export const TASK_NOT_FOUND_MESSAGE = 'Task not found';

/** An application that is not the caller's. */
export const APPLICATION_NOT_FOUND_MESSAGE = 'Application not found';

/** A task marked Done before the task it depends on. */
export function lockedMessage(waitingFor: string): string {
  return `This task is waiting for '${waitingFor}': complete that task first.`;
}

/** The hourly limit of support requests, reached. */
export function rateLimitedMessage(limit: number, retryAfterSeconds: number): string {
  const minutes = Math.max(1, Math.ceil(retryAfterSeconds / 60));
  return (
    `You have sent ${limit} support requests in the last hour. ` +
    `Please try again in ${minutes} minute${minutes === 1 ? '' : 's'}.`
  );
}

/** The support address could not be mailed. */
export const MAIL_FAILED_MESSAGE =
  'Your support request could not be sent right now. Please try again in a few minutes.';
