/** How long one load may take before it counts as failed (ms). */
export const LOAD_TIMEOUT_MS = 8_000;
/** How many times a failed load is tried again. */
export const LOAD_RETRIES = 2;
/** The first pause before a retry; each later pause doubles (ms). */
export const LOAD_BACKOFF_MS = 500;

/** Thrown when a load takes longer than its timeout. */
export class LoadTimeoutError extends Error {
  override name = 'LoadTimeoutError';
}

/** Options of `withRetries`. */
export interface RetryOptions {
  timeoutMs?: number;
  retries?: number;
  backoffMs?: number;
  /** Errors for which another try cannot help (a malformed contract). */
  isFatal?: (error: unknown) => boolean;
  /** Called before each retry with the 1-based retry number. */
  onRetry?: (retry: number, error: unknown) => void;
}

const sleep = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** Resolves like `promise`, or rejects with LoadTimeoutError after `ms`. */
export function withTimeout<T>(promise: Promise<T>, ms: number, what: string): Promise<T> {
  return new Promise<T>((resolve, reject) => {
    const timer = setTimeout(
      () => reject(new LoadTimeoutError(`${what} did not load within ${ms / 1000} s`)),
      ms,
    );
    promise.then(
      (value) => {
        clearTimeout(timer);
        resolve(value);
      },
      (error: unknown) => {
        clearTimeout(timer);
        reject(error);
      },
    );
  });
}

/**
 * Runs `attempt` with a timeout, trying again with exponential backoff when it fails.
 * `attempt` receives the 0-based attempt number so that later attempts can start clean.
 */
export async function withRetries<T>(
  what: string,
  attempt: (attemptNumber: number) => Promise<T>,
  options: RetryOptions = {},
): Promise<T> {
  const {
    timeoutMs = LOAD_TIMEOUT_MS,
    retries = LOAD_RETRIES,
    backoffMs = LOAD_BACKOFF_MS,
    isFatal = () => false,
    onRetry,
  } = options;
  let lastError: unknown;
  for (let attemptNumber = 0; attemptNumber <= retries; attemptNumber += 1) {
    if (attemptNumber > 0) {
      onRetry?.(attemptNumber, lastError);
      await sleep(backoffMs * 2 ** (attemptNumber - 1));
    }
    try {
      return await withTimeout(
        Promise.resolve().then(() => attempt(attemptNumber)),
        timeoutMs,
        what,
      );
    } catch (error) {
      lastError = error;
      if (isFatal(error)) break;
    }
  }
  throw lastError instanceof Error ? lastError : new Error(`${what} could not be loaded`);
}
