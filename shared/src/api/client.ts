import axios, { type AxiosInstance, isAxiosError } from 'axios';
import type { EventBus } from '../bus/EventBus';
import type { SessionStore } from '../session/SessionStore';

/** Base path of the dashboard's api (spec 7). */
export const API_BASE_PATH = '/api/connect-ui';

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

/** The server's error text for a failed call, or `fallback`. */
export function apiErrorMessage(error: unknown, fallback = 'Something went wrong.'): string {
  if (isAxiosError(error)) {
    const data = error.response?.data as
      { message?: unknown; error?: unknown } | string | undefined;
    if (typeof data === 'string' && data.trim()) return data;
    if (data && typeof data === 'object') {
      if (typeof data.message === 'string' && data.message) return data.message;
      if (typeof data.error === 'string' && data.error) return data.error;
    }
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}
