import { HttpError, notFound } from '../../errors';
import type { StoreUrl } from '../../services/store-url';
import { parseStoreUrl, StoreUrlError } from '../../services/store-url';
import type { StoreAccess } from './context';

/** Route config of every application route: managers only (cashiers get 403). */
export const MANAGER = { access: 'manager' } as const;

/** 404 for an application that does not exist or is another user's. */
export const applicationNotFound = () => notFound('Application');

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

/** 409 for a site the user already has an application for. */
export const duplicateSite = (homeUrl: string) =>
  new HttpError(409, `You already have an application for ${homeUrl}`, 'ERR_DUPLICATE_SITE');

/** Why keys checked against a site are not stored: the application's URL changed meanwhile. */
export const URL_CHANGED_MESSAGE =
  'The URL of the application changed while its keys were being checked; please try again';

/** 409 for keys checked against a URL the application no longer has. */
export const urlChangedDuringCheck = () =>
  new HttpError(409, URL_CHANGED_MESSAGE, 'ERR_URL_CHANGED');
