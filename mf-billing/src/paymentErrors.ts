import { isAxiosError } from 'axios';
import { apiErrorMessage } from '@pos/shared';

/**
 * The text of a failed billing call: the api's own words for a refusal the viewer can act on
 * (400: bad input or a card Stripe declined, in Stripe's message; 409: the card limit or a card
 * in use), else the spec's text for the call (spec 8), for anything else (a server or network
 * failure).
 */
export function billingErrorText(error: unknown, fallback: string): string {
  return billingRefusalReason(error) ?? fallback;
}

/**
 * The reason of a refusal the viewer can act on (a 400 or 409: the card provider's own words
 * for a declined card, or the api's for a missing card or a plan change in progress); null for
 * a server or network failure, which has none worth showing.
 */
export function billingRefusalReason(error: unknown): string | null {
  if (!isAxiosError(error)) return null;
  const status = error.response?.status;
  if (status !== 400 && status !== 409) return null;
  return apiErrorMessage(error, '') || null;
}
