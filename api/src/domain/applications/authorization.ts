import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import type { StoreConnection, StoreCredentials } from '../../services/store-client';
import { StoreHttpError, StoreUnreachableError } from '../../services/store-client';
import { parseStoreUrl } from '../../services/store-url';
import { syncMembersQuietly } from '../members/sync';
import type { StoreAccess } from '../store-access';
import { hostOf, sealContext } from './credentials';
import { applicationFeed } from './feed';

/** How long an authorization token stays usable. */
export const AUTH_TOKEN_TTL_MS = 15 * 60 * 1000;

/** The app name the store's authorization page shows. */
export const WC_APP_NAME = 'Cloud POS';

/** Text of every refused callback token. */
export const INVALID_TOKEN_MESSAGE = 'Invalid or expired authorization token';

/** Why keys checked against a site are not stored: the application's URL changed meanwhile. */
export const URL_CHANGED_MESSAGE =
  'The URL of the application changed while its keys were being checked; please try again';

/** SHA-256 of a token, the only form of it the database keeps. */
export function hashToken(token: string): string {
  return createHash('sha256').update(token, 'utf8').digest('base64url');
}

/** A new one-time authorization token (32 random bytes, base64url) and its hash. */
export function newAuthToken(): { token: string; hash: string; expiresAt: string } {
  const token = randomBytes(32).toString('base64url');
  return {
    token,
    hash: hashToken(token),
    expiresAt: new Date(Date.now() + AUTH_TOKEN_TTL_MS).toISOString(),
  };
}

/** The store's wc-auth page for this application and token (spec 7). */
export function authorizeUrl(
  application: Pick<ApplicationRow, 'id' | 'home_url'>,
  token: string,
  returnPath: string | null,
  access: Pick<StoreAccess, 'dashboardOrigin' | 'posPublicUrl'>,
): string {
  const query = new URLSearchParams({
    app_name: WC_APP_NAME,
    scope: 'read_write',
    user_id: application.id,
    return_url: `${access.dashboardOrigin}${returnPath ?? `/wc-authorization?applicationId=${encodeURIComponent(application.id)}`}`,
    callback_url: `${access.posPublicUrl}/wc-authorize?token=${token}`,
  });
  return `${application.home_url}/wc-auth/v1/authorize?${query.toString()}`;
}

/** Why the store refused a key pair, with the text the dashboard shows. */
export interface KeyCheckFailure {
  reason: 'rejected' | 'read-only' | 'unreachable' | 'other-site';
  displayError: string;
}

/**
 * Asks the store whether `credentials` work for the site at `homeUrl`: the POS plugin's
 * connection must answer, with Read/Write permissions, for this very site.
 */
export async function checkKeys(
  access: StoreAccess,
  homeUrl: string,
  homeUrlKey: string,
  credentials: StoreCredentials,
): Promise<{ connection: StoreConnection } | { failure: KeyCheckFailure }> {
  let connection: StoreConnection;
  try {
    connection = await access.store.connection(homeUrl, credentials);
  } catch (error) {
    if (error instanceof StoreUnreachableError) {
      return {
        failure: {
          reason: 'unreachable',
          displayError: `The store at ${hostOf(homeUrl)} could not be reached`,
        },
      };
    }
    if (error instanceof StoreHttpError) {
      return {
        failure: {
          reason: 'rejected',
          displayError: `The store did not accept these keys: ${error.message}`,
        },
      };
    }
    throw error;
  }
  if (connection.keyPermissions !== 'read_write') {
    return {
      failure: {
        reason: 'read-only',
        displayError: 'These keys are read-only. Keys with Read/Write permissions are required.',
      },
    };
  }
  let sameSite = false;
  try {
    sameSite = parseStoreUrl(connection.homeUrl, true).key === homeUrlKey;
  } catch {
    sameSite = false;
  }
  if (!sameSite) {
    return {
      failure: {
        reason: 'other-site',
        displayError: `These keys belong to another site (${connection.homeUrl})`,
      },
    };
  }
  return { connection };
}

/** The JSON WooCommerce posts to the callback_url after the store admin approved. */
export interface WcCallbackBody {
  key_id: number;
  user_id: string | number;
  consumer_key: string;
  consumer_secret: string;
  key_permissions: string;
}

/** Why a callback was refused: each is answered with its own status by the POS host. */
export type CallbackRefusal =
  /** No token, or one unknown, used or expired. */
  | 'token'
  /** The key is not Read/Write. */
  | 'scope'
  /** The key was made for another application than the token's. */
  | 'application'
  /** The store refused the key, or it belongs to another site. */
  | 'keys'
  /** The store could not be reached to check the key. */
  | 'unreachable'
  /** The application's URL changed while the key was checked. */
  | 'changed'
  /** The application is gone. */
  | 'gone';

/** What the callback decided; only an accepted key may be kept by WooCommerce. */
export type CallbackOutcome = { accepted: true } | { refused: CallbackRefusal; message: string };

/**
 * The wc-auth callback: consumes the token (one atomic statement), checks the scope, the
 * bound application and the keys against the store, and only then stores them. Any other
 * outcome stores nothing, and WooCommerce then deletes the key it just made.
 */
export async function acceptWcCallback(
  repos: Repositories,
  access: StoreAccess,
  log: FastifyBaseLogger,
  token: string | undefined,
  body: WcCallbackBody,
): Promise<CallbackOutcome> {
  const refuse = (refused: CallbackRefusal, message: string): CallbackOutcome => ({
    refused,
    message,
  });
  if (!token) return refuse('token', INVALID_TOKEN_MESSAGE);
  const application = await repos.applications.consumeAuthToken(hashToken(token));
  if (!application) return refuse('token', INVALID_TOKEN_MESSAGE);
  if (body.key_permissions !== 'read_write') {
    return refuse('scope', 'Read/Write access is required');
  }
  if (String(body.user_id) !== application.id) {
    return refuse('application', 'The authorization belongs to another application');
  }
  const credentials = { consumerKey: body.consumer_key, consumerSecret: body.consumer_secret };
  const checked = await checkKeys(
    access,
    application.home_url,
    application.home_url_key,
    credentials,
  );
  if ('failure' in checked) {
    log.warn(
      { applicationId: application.id, reason: checked.failure.reason },
      'wc-auth callback keys refused',
    );
    return refuse(
      checked.failure.reason === 'unreachable' ? 'unreachable' : 'keys',
      checked.failure.displayError,
    );
  }
  const stored = await storeAcceptedKeys(repos, access, application, {
    credentials,
    connection: checked.connection,
    authType: 'account',
    keyId: body.key_id,
  });
  if (!stored) {
    const exists = await repos.applications.findForUser(application.user_id, application.id);
    return exists
      ? refuse('changed', URL_CHANGED_MESSAGE)
      : refuse('gone', 'Application not found');
  }
  log.info({ applicationId: application.id }, 'application authorized through wc-auth');
  // WooCommerce waits for this answer: the store's users are copied after it, not before.
  void syncMembersQuietly(repos, access, stored, log, credentials);
  return { accepted: true };
}

/** Keys the store accepted, and how they were obtained. */
export interface AcceptedKeys {
  credentials: StoreCredentials;
  connection: StoreConnection;
  authType: 'account' | 'keys';
  /** WooCommerce's key_id (wc-auth only). */
  keyId: number | null;
}

/**
 * Seals accepted keys and stores them for the site they were checked against: verified, the
 * WordPress account kept, the pending token cleared and an applicationAuthorized feed entry, in
 * one transaction. Undefined when the application is gone or its URL changed meanwhile.
 */
export function storeAcceptedKeys(
  repos: Repositories,
  access: StoreAccess,
  application: ApplicationRow,
  accepted: AcceptedKeys,
): Promise<ApplicationRow | undefined> {
  const seal = (value: string, column: 'consumer_key' | 'consumer_secret') =>
    access.secrets.seal(value, sealContext(application.id, column));
  return repos.applications.storeKeys(
    application.user_id,
    application.id,
    {
      checkedHomeUrlKey: application.home_url_key,
      authType: accepted.authType,
      keyId: accepted.keyId,
      consumerKeyEnc: seal(accepted.credentials.consumerKey, 'consumer_key'),
      consumerSecretEnc: seal(accepted.credentials.consumerSecret, 'consumer_secret'),
      wpUserJson: JSON.stringify(accepted.connection.user),
    },
    applicationFeed.authorized,
  );
}

/**
 * Starts an authorization: a new one-time token replaces any earlier one. Null when the
 * application is gone.
 */
export async function startAuthorization(
  repos: Repositories,
  access: Pick<StoreAccess, 'dashboardOrigin' | 'posPublicUrl'>,
  row: ApplicationRow,
  returnPath: string | null,
): Promise<{ row: ApplicationRow; authorizeUrl: string } | null> {
  const { token, hash, expiresAt } = newAuthToken();
  const updated = await repos.applications.update(row.user_id, row.id, {
    auth_token_hash: hash,
    auth_token_expires_at: expiresAt,
    auth_return_path: returnPath,
  });
  if (!updated) return null;
  return { row: updated, authorizeUrl: authorizeUrl(updated, token, returnPath, access) };
}
