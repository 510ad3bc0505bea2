import type { ApplicationRow } from '../../db/types';
import type { ApplicationConflict } from '../../domain/applications/create';
import { ApplicationConflictError } from '../../domain/applications/create';
import { credentialsOf } from '../../domain/applications/credentials';
import { PluginMissingError } from '../../domain/applications/plugin';
import type { InvitationRefusal } from '../../domain/applications/sharing';
import { InvitationError } from '../../domain/applications/sharing';
import { storeFailureText } from '../../domain/applications/store-failure';
import type { StoreAccess } from '../../domain/store-access';
import { HttpError, notFound } from '../../errors';
import type { Repositories } from '../../repositories';
import type { StoreCredentials } from '../../services/store-client';
import type { StoreUrl } from '../../services/store-url';
import { assertPublicHost, parseStoreUrl, StoreUrlError } from '../../services/store-url';

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

/**
 * The validated, normalised store URL, or a 400 naming what is wrong with it (a host that is,
 * or whose name resolves to, a private address included).
 */
export async function storeUrlOf(input: string, access: StoreAccess): Promise<StoreUrl> {
  try {
    const url = parseStoreUrl(input, access.allowPrivateHosts);
    await assertPublicHost(url, access.allowPrivateHosts);
    return url;
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

/**
 * The stored keys of a verified application: 409 ERR_NOT_AUTHORIZED when it is not verified
 * (or has none), 502 when they cannot be read.
 */
export function keysOf(
  row: ApplicationRow,
  access: Pick<StoreAccess, 'secrets'>,
): StoreCredentials {
  let credentials: StoreCredentials | null = null;
  if (row.is_verified_auth === 1) {
    try {
      credentials = credentialsOf(row, access.secrets);
    } catch (error) {
      throw storeError(error, row);
    }
  }
  if (!credentials) {
    throw new HttpError(409, 'The application is not authorized', 'ERR_NOT_AUTHORIZED');
  }
  return credentials;
}

/** Status and code of each refused invitation. */
const INVITATION_REFUSALS: Record<InvitationRefusal, { status: number; code: string }> = {
  userNotFound: { status: 404, code: 'ERR_NOT_FOUND' },
  limit: { status: 429, code: 'ERR_INVITATION_LIMIT' },
  notSent: { status: 502, code: 'ERR_STORE' },
};

/**
 * A failed invitation as an answer: its refusal's status (404 user not found, 429 'Attempt
 * limit reached', 502 not sent), else {@link storeError}.
 */
export function invitationError(error: unknown, row: Pick<ApplicationRow, 'home_url'>): HttpError {
  if (error instanceof InvitationError) {
    const { status, code } = INVITATION_REFUSALS[error.refusal];
    return new HttpError(status, error.message, code);
  }
  return storeError(error, row);
}
