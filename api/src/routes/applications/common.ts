import type { ApplicationRow } from '../../db/types';
import type { ApplicationConflict } from '../../domain/applications/create';
import { ApplicationConflictError } from '../../domain/applications/create';
import { PluginMissingError } from '../../domain/applications/plugin';
import { storeFailureText } from '../../domain/applications/store-failure';
import type { StoreAccess } from '../../domain/store-access';
import { HttpError, notFound } from '../../errors';
import type { Repositories } from '../../repositories';
import type { StoreUrl } from '../../services/store-url';
import { parseStoreUrl, StoreUrlError } from '../../services/store-url';

/** Route config of every application route: managers only (cashiers get 403). */
export const MANAGER = { access: 'manager' } as const;

/** 404 for an application that does not exist or is another user's. */
export const applicationNotFound = () => notFound('Application');

/**
 * The application `id` of user `userId`, or a 404: only its owner may see or change it (an
 * application of another user reads as not found, so its existence is not revealed).
 */
export async function loadOwned(
  repos: Repositories,
  userId: string,
  id: string,
): Promise<ApplicationRow> {
  const row = await repos.applications.findForUser(userId, id);
  if (!row) throw applicationNotFound();
  return row;
}

/** 400 with a message the dashboard shows. */
export const validation = (message: string) => new HttpError(400, message, 'ERR_VALIDATION');

/** The validated, normalised store URL, or a 400 naming what is wrong with it. */
export function storeUrlOf(input: string, access: StoreAccess): StoreUrl {
  try {
    return parseStoreUrl(input, access.allowPrivateHosts);
  } catch (error) {
    if (error instanceof StoreUrlError) throw validation(error.message);
    throw error;
  }
}

const CONFLICT_CODES: Record<ApplicationConflict, string> = {
  site: 'ERR_DUPLICATE_SITE',
  slugBusy: 'ERR_SLUG_BUSY',
  urlLocked: 'ERR_URL_LOCKED',
  urlChanged: 'ERR_URL_CHANGED',
};

/** A refused creation or change as a 409; any other error unchanged. */
export function asConflict(error: unknown): unknown {
  return error instanceof ApplicationConflictError
    ? new HttpError(409, error.message, CONFLICT_CODES[error.conflict])
    : error;
}

/**
 * A failed call of the application's store as an answer: 409 ERR_PLUGIN_MISSING (with the
 * plain words and where to get the plugin) when the store lacks the Cloud POS plugin, else
 * 502 ERR_STORE with the store failure text. Rethrows an error that is none of the store's.
 */
export function storeError(error: unknown, row: Pick<ApplicationRow, 'home_url'>): HttpError {
  if (error instanceof PluginMissingError) {
    return new HttpError(409, error.message, 'ERR_PLUGIN_MISSING');
  }
  return new HttpError(502, storeFailureText(error, row.home_url), 'ERR_STORE');
}
