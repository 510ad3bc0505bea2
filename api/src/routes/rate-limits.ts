import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { AttemptAction } from '../domain/limits';
import { RateLimitedError } from '../domain/limits';
import { TooManyRequestsError } from '../errors';
import { currentUser } from '../plugins/auth';

/** A rate limit's refusal as the 429 answer (with Retry-After); anything else as it is. */
export function asTooManyRequests(error: unknown): unknown {
  return error instanceof RateLimitedError
    ? new TooManyRequestsError(error.message, error.retryAfterSeconds)
    : error;
}

/**
 * Counts one attempt of `action` by the signed-in caller (their account and `request.ip`),
 * or refuses it with 429 and Retry-After once either is over its limit.
 */
export async function countAttempt(
  app: FastifyInstance,
  request: FastifyRequest,
  action: AttemptAction,
): Promise<void> {
  try {
    await app.rateLimits.attempt(action, { account: currentUser(request).id, address: request.ip });
  } catch (error) {
    throw asTooManyRequests(error);
  }
}
