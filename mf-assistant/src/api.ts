import { TOTAL_ALL_HEADER } from '@pos/shared';
import type { AxiosInstance } from 'axios';
import type {
  AssistantSettingsChange,
  AssistantTask,
  CompleteTaskRequest,
  SupportCardDetails,
  SupportRequest,
  SupportRequestAnswer,
  UserSettings,
  UserTasks,
} from './types';
import { LEFT_TO_COMPLETE_HEADER, assistantApiPaths } from './urls';

const countOr = (value: unknown, header: unknown, fallback: number): number => {
  if (typeof value === 'number' && Number.isFinite(value)) return value;
  const fromHeader = Number(header);
  return typeof header === 'string' && Number.isFinite(fromHeader) && fromHeader >= 0
    ? fromHeader
    : fallback;
};

/**
 * GET user-tasks: completed (newest first), incomplete (in catalogue order), the support card,
 * and the counts (from the body, else the x-biz-total-all and x-biz-left-to-complete headers).
 */
export async function fetchUserTasks(api: AxiosInstance, signal?: AbortSignal): Promise<UserTasks> {
  const response = await api.get<{ data: UserTasks }>(assistantApiPaths.userTasks, { signal });
  const data = response.data.data;
  const headers = response.headers as Record<string, unknown>;
  const completed = data.completed ?? [];
  const incomplete = data.incomplete ?? [];
  return {
    ...data,
    completed,
    incomplete,
    totalAll: countOr(
      data.totalAll,
      headers[TOTAL_ALL_HEADER],
      completed.length + incomplete.length,
    ),
    leftToComplete: countOr(
      data.leftToComplete,
      headers[LEFT_TO_COMPLETE_HEADER],
      incomplete.length,
    ),
  };
}

/** POST user-tasks: marks a task Done by hand (a task done already is answered as it is). */
export async function completeTask(
  api: AxiosInstance,
  request: CompleteTaskRequest,
): Promise<AssistantTask> {
  const { data } = await api.post<{ data: AssistantTask }>(assistantApiPaths.userTasks, request);
  return data.data;
}

/** PATCH user-tasks/support: whether the support card shows the new-ticket form. */
export async function setSupportNewTicket(
  api: AxiosInstance,
  createNewTicket: boolean,
): Promise<SupportCardDetails> {
  const { data } = await api.patch<{ data: SupportCardDetails }>(assistantApiPaths.support, {
    createNewTicket,
  });
  return data.data;
}

/** POST user-tasks/send-support-request: mails the support team; the request's id. */
export async function sendSupportRequest(
  api: AxiosInstance,
  request: SupportRequest,
): Promise<SupportRequestAnswer> {
  const { data } = await api.post<SupportRequestAnswer>(assistantApiPaths.supportRequest, request);
  return data;
}

/** GET user-settings: showAssistantInPOS and firstTaskCompleted are the Assistant's. */
export async function fetchUserSettings(
  api: AxiosInstance,
  signal?: AbortSignal,
): Promise<UserSettings> {
  const { data } = await api.get<UserSettings>(assistantApiPaths.userSettings, { signal });
  return data;
}

/** PUT user-settings with one of the Assistant's settings; the settings as stored. */
export async function updateUserSettings(
  api: AxiosInstance,
  change: AssistantSettingsChange,
): Promise<UserSettings> {
  const { data } = await api.put<UserSettings>(assistantApiPaths.userSettings, change);
  return data;
}
