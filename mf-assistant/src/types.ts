// The api's answers this remote reads (the user-tasks routes and the user settings of issue 14),
// from the wire types generated from the api's schemas.
import type {
  AssistantTask,
  CompleteTaskRequest,
  SupportCardDetails,
  SupportRequest,
  SupportRequestAnswer,
  UserSettings,
  UserTasks,
} from '@pos/shared';

export type {
  AssistantTask,
  CompleteTaskRequest,
  SupportCardDetails,
  SupportRequest,
  SupportRequestAnswer,
  UserSettings,
  UserTasks,
};

/** What the Assistant may change of the user settings (PUT user-settings). */
export type AssistantSettingsChange =
  { showAssistantInPOS: boolean } | { firstTaskCompleted: true };
