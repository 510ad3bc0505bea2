import axios, { type AxiosInstance, isAxiosError } from 'axios';
import type { EventBus } from '../bus/EventBus';
import type { SessionStore } from '../session/SessionStore';

/** Base path of the dashboard's api (spec 7). */
export const API_BASE_PATH = '/api/connect-ui';

/**
 * The header a paged or counted answer carries its whole total in (GET staff/users,
 * applications/{id}/user-accounts, user-tasks; spec 7), as axios names it (lower case).
 */
export const TOTAL_ALL_HEADER = 'x-biz-total-all';

/**
 * The axios client for /api/connect-ui: a bearer token on every request, and any 402 answer
 * emits `check-ban` so that the shell re-checks the ban (spec 4, 8).
 */
export function createApiClient(
  session: SessionStore,
  bus: EventBus,
  baseURL = API_BASE_PATH,
): AxiosInstance {
  const client = axios.create({ baseURL, timeout: 15_000 });
  client.interceptors.request.use((config) => {
    const token = session.token;
    if (token) config.headers.set('Authorization', `Bearer ${token}`);
    return config;
  });
  client.interceptors.response.use(undefined, (error: unknown) => {
    if (isAxiosError(error) && error.response?.status === 402) bus.emit('check-ban');
    return Promise.reject(error);
  });
  return client;
}

export interface ApiErrorMessageOptions {
  /**
   * Whether an Error's own message may stand in when the server sent no text (axios's 'Request
   * failed with status code 500', 'Network Error'). True by default; false gives `fallback`
   * instead, for words a person reads under a form.
   */
  errorMessage?: boolean;
}

/**
 * The server's error text for a failed call, else the Error's own message (unless
 * `options.errorMessage` is false), else `fallback`.
 */
export function apiErrorMessage(
  error: unknown,
  fallback = 'Something went wrong.',
  { errorMessage = true }: ApiErrorMessageOptions = {},
): string {
  if (isAxiosError(error)) {
    const data = error.response?.data as
      { message?: unknown; error?: unknown } | string | undefined;
    if (typeof data === 'string' && data.trim()) return data;
    if (data && typeof data === 'object') {
      if (typeof data.message === 'string' && data.message) return data.message;
      if (typeof data.error === 'string' && data.error) return data.error;
    }
  }
  if (errorMessage && error instanceof Error && error.message) return error.message;
  return fallback;
}
