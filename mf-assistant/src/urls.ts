// Every path of the Assistant's domain lives here and nowhere else. The tasks' own links come
// from the api (completionLink, externalLink, iframeLink) and are checked in taskAction.ts.

/** The api paths of the Assistant, relative to /api/connect-ui (spec 7, issue 14). */
export const assistantApiPaths = {
  userTasks: 'user-tasks',
  support: 'user-tasks/support',
  supportRequest: 'user-tasks/send-support-request',
  userSettings: 'user-settings',
} as const;

/**
 * The header GET user-tasks carries its count left in too; the total's is @pos/shared's
 * TOTAL_ALL_HEADER.
 */
export const LEFT_TO_COMPLETE_HEADER = 'x-biz-left-to-complete';
