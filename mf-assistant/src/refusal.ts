import { isAxiosError } from 'axios';

/**
 * The api's own words for a refusal (its error body's message: the hourly limit, a locked task,
 * a mail that failed), or `fallback` when there are none — a network failure, a bare 500 — so
 * no one reads 'Request failed with status code 500'.
 */
export function refusalText(error: unknown, fallback: string): string {
  const data: unknown = isAxiosError(error) ? error.response?.data : undefined;
  if (data && typeof data === 'object') {
    const { message } = data as { message?: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  }
  return fallback;
}
