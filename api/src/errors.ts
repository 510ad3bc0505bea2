/** An error with an HTTP status and the body the client sees: `{message, code?}`. */
export class HttpError extends Error {
  override readonly name = 'HttpError';
  constructor(
    readonly statusCode: number,
    message: string,
    readonly code?: string,
  ) {
    super(message);
  }
}

/** 429: tried too often; the answer carries `Retry-After` (seconds). */
export class TooManyRequestsError extends HttpError {
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(429, message, 'ERR_RATE_LIMITED');
  }
}

/** 401: the bearer token is missing or not acceptable. */
export const unauthorized = () => new HttpError(401, 'Unauthorized', 'ERR_UNAUTHORIZED');
/** 402: the account is blocked (the shell then checks the ban). */
export const banned = () => new HttpError(402, 'The account is not active', 'ERR_BANNED');
/** 403: signed in, but not allowed. */
export const forbidden = () => new HttpError(403, 'Forbidden', 'ERR_FORBIDDEN');
/** 404: no such resource. */
export const notFound = (what: string) => new HttpError(404, `${what} not found`, 'ERR_NOT_FOUND');
