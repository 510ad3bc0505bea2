import { apiErrorMessage } from '@pos/shared';

/**
 * The api's own words for a refusal (its error body's message: the hourly limit, a locked task,
 * a mail that failed), or `fallback` when there are none — a network failure, a bare 500 — so
 * no one reads 'Request failed with status code 500': @pos/shared's apiErrorMessage without
 * its fallback to the Error's own message.
 */
export const refusalText = (error: unknown, fallback: string): string =>
  apiErrorMessage(error, fallback, { errorMessage: false });
