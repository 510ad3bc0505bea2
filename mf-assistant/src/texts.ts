// The spec's words for the Assistant (spec 2.11, 4 'Assistant tasks', issue 14), written once.
// The support form's validation texts are @pos/shared's SUPPORT_TEXTS, shared with the api.

/** Spec 2.11: the panel's header. */
export const ASSISTANT = 'Assistant';
export const ASSISTANT_TAGLINE =
  'AI-Powered Tool for Streamlined and Efficient POS Operations Management';

/** Spec 2.11: the panel's sections, as the spec writes them. */
export const SECTIONS = {
  support: 'SUPPORT',
  nextSteps: 'NEXT STEPS',
  completed: 'COMPLETED',
  settings: 'SETTINGS',
} as const;
/** Spec 2.11: the completed section's heading when no task is left. */
export const ALL_TASKS_COMPLETED = 'Yay! All tasks completed.';
export const NO_TASK_COMPLETED_YET =
  'Tasks you finish land here. Most complete themselves as you work in the dashboard.';

/** Spec 2.11: the settings toggle. */
export const SHOW_ASSISTANT_IN_POS = 'Show Assistant in POS';
export const SHOW_ASSISTANT_IN_POS_HINT =
  'Keeps the Assistant at hand in the menu of your POS stations too.';
export const SETTING_NOT_SAVED = 'The setting could not be saved. Please try again.';

/** Spec 2.11: the first-task tooltip. */
export const FIRST_TASK_TOOLTIP = 'The easiest way to start using the POS.';
export const GET_STARTED = 'Get Started';
export const NOT_NOW = 'Not now';
/** '{n} remaining tasks' (spec 2.11), in the spec's words for every n, one included. */
export const remainingTasks = (count: number) => `${count} remaining tasks`;

/** The progress widget. */
export const tasksLeft = (left: number, total: number) => `${left} of ${total} tasks left`;
export const ALL_DONE = 'All tasks completed';
export const RING_LEFT = 'left';
export const TASKS_UNAVAILABLE = 'Tasks unavailable';
export const tasksCompleted = (completed: number, total: number) =>
  `${completed} of ${total} tasks completed`;

/** Spec 4: the bubble when the completed count rises after the first load. */
export const taskCompletedBubble = (name: string) => `Assistant task completed: ${name}`;

/** Spec 4: dismissing a task. */
export const DISMISS_QUESTION = 'Did you want to mark the task completed?';
export const DISMISS_NOTE =
  'Note: We recommend completing the task to automatically close the task and not marking manually as completed';
export const CANCEL = 'Cancel';
export const DONE = 'Done';
export const dismissTask = (name: string) => `Dismiss ${name}`;
export const TASK_NOT_MARKED = 'The task could not be marked as completed.';

/** A task whose dependency is incomplete (issue 14). */
export const waitsFor = (name: string) => `Waits for: ${name}`;
export const LOCKED = 'Locked';
export const opensInNewTab = (label: string) => `${label} (opens in a new tab)`;

/** A completed task. */
export const completedOn = (date: string) => `Completed ${date}`;
export const MARKED_DONE = 'Marked as done';
export const DONE_AUTOMATICALLY = 'Done automatically';

/** Loading the tasks. */
export const LOADING_TASKS = 'Loading tasks';
export const TASKS_LOAD_FAILED = 'The tasks could not be loaded';
/** The new-ticket form while its chunk arrives (the panel starts fetching it when it opens). */
export const LOADING_SUPPORT_FORM = 'Loading the form';

/** The support card's new-ticket form (issue 14). */
export const SUBJECT = 'Subject';
export const SUBJECT_HINT = 'One line: what it is about.';
export const MESSAGE = 'Message';
export const MESSAGE_HINT = 'What happened, and what you expected. We answer by email.';
export const SEND_REQUEST = 'Send request';
export const SUPPORT_NOT_SENT = 'Your support request could not be sent. Please try again.';
export const SUPPORT_SETTING_NOT_SAVED = 'The support card could not be changed. Please try again.';
/** The confirmation bubble: the server's words and the request's id. */
export const supportRequestSent = (message: string, id: string) => `${message}. Request ID: ${id}`;
export const supportRequestSentInline = (id: string) =>
  `Request ${id} is with our support team. We will answer by email.`;
