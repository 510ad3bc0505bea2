import { createHash, randomBytes } from 'node:crypto';
import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import type { StoreCredentials, StoreSystemStatus, WpUser } from '../../services/store-client';
import { isSameSite, parseStoreUrl } from '../../services/store-url';
import { syncMembersQuietly } from '../members/sync';
import { connectOrdersQuietly } from '../orders/sync';
import type { StoreAccess } from '../store-access';
import type { KeyCheckFailure } from './auth-failure';
import { AUTHORIZE_AGAIN_STEP, callbackRefused, keyFailureOf, keyFailures } from './auth-failure';
import { sealContext } from './credentials';
import { applicationFeed } from './feed';
import { hasPosPlugin } from './plugin';

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

/**
 * Where the store posts the key after its admin approved (WooCommerce's callback_url, without
 * the token): the POS host's public address. The store must be able to reach it, and
 * WordPress calls out only on ports 80, 443 and 8080 (its `http_allowed_safe_ports`), so in
 * production it is an https address on 443.
 */
export function authCallbackAddress(access: Pick<StoreAccess, 'posPublicUrl'>): string {
  return `${access.posPublicUrl}/wc-authorize`;
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
    callback_url: `${authCallbackAddress(access)}?token=${token}`,
  });
  return `${application.home_url}/wc-auth/v1/authorize?${query.toString()}`;
}

/** What a key check found out about the store, besides that the key works. */
export interface CheckedStore {
  /** WooCommerce core's system status (the same site, its version). */
  systemStatus: StoreSystemStatus;
  /** Whether the site lists the Cloud POS plugin's namespace; null when its index was unreadable. */
  posPlugin: boolean | null;
  /** The key's WordPress user, which only the plugin can tell; null without it. */
  wpUser: WpUser | null;
  /** When the check ran. */
  checkedAt: string;
}

/** Options of {@link checkKeys}. */
export interface KeyCheckOptions {
  /**
   * Prove write permission with a probe that changes nothing (Connect with Keys). The wc-auth
   * callback already says what the key may do (`key_permissions`).
   */
  probeWrite: boolean;
}

/** `url` normalised as store URLs are stored, or as given when it is no valid store URL. */
function normalisedUrl(url: string): string {
  try {
    return parseStoreUrl(url, true).href;
  } catch {
    return url;
  }
}

/**
 * Asks the store, through WooCommerce core's REST API v3 only, whether `credentials` work for
 * the site at `homeUrl`: `system_status` must answer, for this very site (its `home_url`);
 * with `probeWrite`, the key must be allowed to write. The site's public index tells whether
 * the Cloud POS plugin is there; only then is the key's WordPress user asked for. A refusal
 * names its own reason and what to do next.
 */
export async function checkKeys(
  access: Pick<StoreAccess, 'store'>,
  homeUrl: string,
  homeUrlKey: string,
  credentials: StoreCredentials,
  options: KeyCheckOptions,
): Promise<{ checked: CheckedStore } | { failure: KeyCheckFailure }> {
  const checkedAt = new Date().toISOString();
  // The public index is read beside the key check: it names the plugin, and it tells the
  // site's own address when a signature does not match.
  const site = access.store.siteInfo(homeUrl).catch(() => null);
  let systemStatus: StoreSystemStatus;
  try {
    systemStatus = await access.store.systemStatus(homeUrl, credentials);
  } catch (error) {
    const failure = keyFailureOf(error, homeUrl);
    if (failure) return { failure };
    // WooCommerce signs its own home URL: a site that calls itself by another address
    // refuses every signature made for this one, whatever the secret.
    const index = await site;
    if (index?.home && !isSameSite(index.home, homeUrlKey)) {
      return { failure: keyFailures.otherAddress(normalisedUrl(index.home), homeUrl) };
    }
    return { failure: keyFailures.invalidSecret() };
  }
  if (!isSameSite(systemStatus.homeUrl, homeUrlKey)) {
    return { failure: keyFailures.otherSite(systemStatus.homeUrl, homeUrl) };
  }
  if (options.probeWrite) {
    try {
      await access.store.probeWrite(homeUrl, credentials);
    } catch (error) {
      return { failure: keyFailureOf(error, homeUrl) ?? keyFailures.invalidSecret() };
    }
  }
  const index = await site;
  const posPlugin = index ? hasPosPlugin(index.namespaces) : null;
  let wpUser: WpUser | null = null;
  if (posPlugin) {
    try {
      wpUser = (await access.store.connection(homeUrl, credentials)).user;
    } catch {
      // The key works with WooCommerce: a plugin that fails now only hides the account.
      wpUser = null;
    }
  }
  return { checked: { systemStatus, posPlugin, wpUser, checkedAt } };
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
 * bound application and the keys against the store (WooCommerce core only), and only then
 * stores them. Any other outcome stores no key (WooCommerce then deletes the key it just
 * made) and, when the application is known, records why as its last failed authorization:
 * the owner is left on WooCommerce's error page and learns the reason on the dashboard.
 */
export async function acceptWcCallback(
  repos: Repositories,
  access: StoreAccess,
  log: FastifyBaseLogger,
  token: string | undefined,
  body: WcCallbackBody,
): Promise<CallbackOutcome> {
  if (!token) return { refused: 'token', message: INVALID_TOKEN_MESSAGE };
  const application = await repos.applications.consumeAuthToken(hashToken(token));
  if (!application) return { refused: 'token', message: INVALID_TOKEN_MESSAGE };
  const refuse = async (
    refused: CallbackRefusal,
    message: string,
    nextStep: string,
  ): Promise<CallbackOutcome> => {
    log.warn({ applicationId: application.id, refused }, 'wc-auth callback refused');
    await repos.applications.recordAuthFailure(
      application.user_id,
      application.id,
      JSON.stringify(callbackRefused(message, nextStep)),
    );
    return { refused, message };
  };
  if (body.key_permissions !== 'read_write') {
    const failure = keyFailures.readOnly();
    return refuse('scope', failure.displayError, AUTHORIZE_AGAIN_STEP);
  }
  if (String(body.user_id) !== application.id) {
    return refuse(
      'application',
      'The authorization belongs to another application',
      AUTHORIZE_AGAIN_STEP,
    );
  }
  const credentials = { consumerKey: body.consumer_key, consumerSecret: body.consumer_secret };
  const checked = await checkKeys(
    access,
    application.home_url,
    application.home_url_key,
    credentials,
    { probeWrite: false },
  );
  if ('failure' in checked) {
    return refuse(
      checked.failure.reason === 'unreachable' ? 'unreachable' : 'keys',
      checked.failure.displayError,
      checked.failure.nextStep,
    );
  }
  const stored = await storeAcceptedKeys(repos, access, application, {
    credentials,
    checked: checked.checked,
    authType: 'account',
    keyId: body.key_id,
  });
  if (!stored) {
    const exists = await repos.applications.findForUser(application.user_id, application.id);
    return exists
      ? refuse('changed', URL_CHANGED_MESSAGE, AUTHORIZE_AGAIN_STEP)
      : { refused: 'gone', message: 'Application not found' };
  }
  log.info({ applicationId: application.id }, 'application authorized through wc-auth');
  // WooCommerce waits for this answer: the store's users are copied after it, not before.
  if (checked.checked.posPlugin) void syncMembersQuietly(repos, access, stored, log, credentials);
  // Webhooks and this month's orders, WooCommerce core only: with or without the plugin.
  void connectOrdersQuietly(repos, access, stored, log, credentials);
  return { accepted: true };
}

/** Keys the store accepted, and how they were obtained. */
export interface AcceptedKeys {
  credentials: StoreCredentials;
  checked: CheckedStore;
  authType: 'account' | 'keys';
  /** WooCommerce's key_id (wc-auth only). */
  keyId: number | null;
}

/**
 * Seals accepted keys and stores them for the site they were checked against: verified, the
 * WordPress account kept (when the plugin could tell it), what the check found about the
 * plugin and WooCommerce's version, the last failure and the pending token cleared, and an
 * applicationAuthorized feed entry, in one transaction. Undefined when the application is gone
 * or its URL changed meanwhile.
 */
export function storeAcceptedKeys(
  repos: Repositories,
  access: StoreAccess,
  application: ApplicationRow,
  accepted: AcceptedKeys,
): Promise<ApplicationRow | undefined> {
  const seal = (value: string, column: 'consumer_key' | 'consumer_secret') =>
    access.secrets.seal(value, sealContext(application.id, column));
  const { checked } = accepted;
  return repos.applications.storeKeys(
    application.user_id,
    application.id,
    {
      checkedHomeUrlKey: application.home_url_key,
      authType: accepted.authType,
      keyId: accepted.keyId,
      consumerKeyEnc: seal(accepted.credentials.consumerKey, 'consumer_key'),
      consumerSecretEnc: seal(accepted.credentials.consumerSecret, 'consumer_secret'),
      wpUserJson: checked.wpUser ? JSON.stringify(checked.wpUser) : null,
      posPluginActive: checked.posPlugin,
      wcVersion: checked.systemStatus.wcVersion,
      checkedAt: checked.checkedAt,
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
