import { randomBytes } from 'node:crypto';

/** The `type` of a Stripe error object. */
export type StripeErrorType =
  | 'api_error'
  | 'card_error'
  | 'idempotency_error'
  | 'invalid_request_error'
  | 'authentication_error';

/** Stripe's error object, as sent under `{ error: ... }`. */
export interface StripeErrorBody {
  type: StripeErrorType;
  message: string;
  code?: string;
  decline_code?: string;
  param?: string;
  doc_url?: string;
  request_log_url?: string;
  payment_method?: unknown;
  setup_intent?: unknown;
  payment_intent?: unknown;
}

/** A refusal the routes throw; the server sends it with Stripe's status and error object. */
export class StripeApiError extends Error {
  constructor(
    readonly status: number,
    readonly body: StripeErrorBody,
  ) {
    super(body.message);
  }
}

/** 400 invalid_request_error, with the parameter it is about. */
export function invalidRequest(message: string, param?: string, code?: string): StripeApiError {
  return new StripeApiError(400, {
    type: 'invalid_request_error',
    message,
    ...(code ? { code } : {}),
    ...(param ? { param } : {}),
  });
}

/** 400 `Missing required param: {param}.` */
export function missingParam(param: string): StripeApiError {
  return invalidRequest(`Missing required param: ${param}.`, param, 'parameter_missing');
}

/** 404 `No such {what}: '{id}'`, Stripe's resource_missing. */
export function noSuch(what: string, id: string, param?: string): StripeApiError {
  return new StripeApiError(404, {
    type: 'invalid_request_error',
    code: 'resource_missing',
    message: `No such ${what}: '${id}'`,
    ...(param ? { param } : {}),
    doc_url: 'https://stripe.com/docs/error-codes/resource-missing',
  });
}

/** Why a card was refused, with Stripe's wording. */
export type DeclineReason = 'generic_decline' | 'insufficient_funds';

const DECLINE_MESSAGES: Record<DeclineReason, string> = {
  generic_decline: 'Your card was declined.',
  insufficient_funds: 'Your card has insufficient funds.',
};

/** 402 card_error card_declined with Stripe's message for the decline code. */
export function cardDeclined(
  reason: DeclineReason,
  extra: Partial<StripeErrorBody> = {},
): StripeApiError {
  return new StripeApiError(402, {
    type: 'card_error',
    code: 'card_declined',
    decline_code: reason,
    message: DECLINE_MESSAGES[reason],
    param: '',
    doc_url: 'https://stripe.com/docs/error-codes/card-declined',
    ...extra,
  });
}

const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** A random id in Stripe's shape: `{prefix}_` and 24 letters and digits. */
export function newId(prefix: string, length = 24): string {
  const bytes = randomBytes(length);
  let out = '';
  for (const byte of bytes) out += ALPHABET[byte % ALPHABET.length];
  return `${prefix}_${out}`;
}
