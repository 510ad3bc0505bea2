import { SecretBoxError } from '../../services/secret-box';
import { StoreHttpError, StoreUnreachableError } from '../../services/store-client';
import { hostOf } from './credentials';

/**
 * The text shown when a store call with the stored keys failed (spec 8 bubble). Rethrows an
 * error that is none of the store's known failures.
 */
export function storeFailureText(error: unknown, homeUrl: string): string {
  if (error instanceof StoreUnreachableError) {
    return `The store at ${hostOf(homeUrl)} could not be reached`;
  }
  if (error instanceof StoreHttpError) {
    if (error.rejected) return `The store rejected the stored keys: ${error.message}`;
    return `The store at ${hostOf(homeUrl)} answered with an error: ${error.message}`;
  }
  if (error instanceof SecretBoxError) {
    return 'The stored keys could not be read; connect the store again';
  }
  throw error;
}

/** {@link storeFailureText}, or null for an error that is none of the store's known failures. */
export function knownStoreFailureText(error: unknown, homeUrl: string): string | null {
  try {
    return storeFailureText(error, homeUrl);
  } catch {
    return null;
  }
}

/** What a log line says about a failed store call: the known text, else the error's own. */
export function failureReason(error: unknown, homeUrl: string): string {
  return (
    knownStoreFailureText(error, homeUrl) ??
    (error instanceof Error ? error.message : String(error))
  );
}
