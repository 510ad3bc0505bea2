import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import { UniqueViolationError } from '../../repositories/applications';
import type { StoreCredentials } from '../../services/store-client';
import type { StoreUrl } from '../../services/store-url';
import { syncMembersQuietly } from '../members/sync';
import type { StoreAccess } from '../store-access';
import type { KeyCheckFailure } from './auth-failure';
import { authFailureOf } from './auth-failure';
import { checkKeys, storeAcceptedKeys, URL_CHANGED_MESSAGE } from './authorization';
import { credentialsOf } from './credentials';
import { ApplicationConflictError, duplicateSite } from './create';
import { applicationFeed } from './feed';
import { failureReason } from './store-failure';
import { connectOrdersQuietly, removeWebhooksQuietly, storedWebhookIds } from '../orders/sync';

// Each change returns the updated row, or undefined when the application is gone meanwhile.

/** Renames an application (an applicationUpdated entry); the same name changes nothing. */
export async function renameApplication(
  repos: Repositories,
  row: ApplicationRow,
  name: string,
): Promise<ApplicationRow | undefined> {
  if (name === row.name) return row;
  return repos.applications.update(row.user_id, row.id, { name }, () =>
    applicationFeed.renamed(row, name),
  );
}

/**
 * Moves an unauthorized application to another site: a pending authorization (for the old
 * site) is dropped, and so are the old store's members and slugs. Throws
 * {@link ApplicationConflictError}: `urlLocked` for an authorized application, `site` when
 * the user has another application for the new site.
 */
export async function moveApplication(
  repos: Repositories,
  row: ApplicationRow,
  url: StoreUrl,
): Promise<ApplicationRow | undefined> {
  if (url.href === row.home_url) return row;
  if (row.is_verified_auth === 1) {
    throw new ApplicationConflictError(
      'urlLocked',
      'The URL of an authorized application cannot be changed',
    );
  }
  const other = await repos.applications.findBySite(row.user_id, url.key);
  if (other && other.id !== row.id) throw duplicateSite(url.href);
  try {
    return await repos.applications.update(
      row.user_id,
      row.id,
      {
        home_url: url.href,
        home_url_key: url.key,
        auth_token_hash: null,
        auth_token_expires_at: null,
        auth_return_path: null,
        // What was found out about the old site, and why it could not be connected, is not
        // the new site's.
        pos_plugin_active: null,
        pos_plugin_checked_at: null,
        wc_version: null,
        last_auth_failure: null,
      },
      () => applicationFeed.moved(row, url.href),
      // Another site: its users and stations are not the old one's.
      { forgetStore: true },
    );
  } catch (error) {
    if (error instanceof UniqueViolationError && error.rule === 'site') {
      throw duplicateSite(url.href);
    }
    throw error;
  }
}

/**
 * Connect with Keys: the keys are checked against the store first (WooCommerce core only, with
 * a write probe that changes nothing); accepted ones are stored (see storeAcceptedKeys) and,
 * when the store has the POS plugin, its users copied before answering. A refusal is recorded
 * as the application's last failed authorization (nothing else of it changes) and returned
 * with the row after it. Throws {@link ApplicationConflictError} `urlChanged` when the URL
 * changed during the check.
 */
export async function connectWithKeys(
  repos: Repositories,
  access: StoreAccess,
  row: ApplicationRow,
  credentials: StoreCredentials,
  log: FastifyBaseLogger,
): Promise<
  | { failure: KeyCheckFailure; row: ApplicationRow | undefined }
  | { row: ApplicationRow | undefined }
> {
  const checked = await checkKeys(access, row.home_url, row.home_url_key, credentials, {
    probeWrite: true,
  });
  if ('failure' in checked) {
    const recorded = await repos.applications.recordAuthFailure(
      row.user_id,
      row.id,
      JSON.stringify(authFailureOf(checked.failure)),
    );
    return { failure: checked.failure, row: recorded };
  }
  const updated = await storeAcceptedKeys(repos, access, row, {
    credentials,
    checked: checked.checked,
    authType: 'keys',
    keyId: null,
  });
  if (!updated) {
    if (await repos.applications.findForUser(row.user_id, row.id)) {
      throw new ApplicationConflictError('urlChanged', URL_CHANGED_MESSAGE);
    }
    return { row: undefined };
  }
  if (checked.checked.posPlugin) await syncMembersQuietly(repos, access, updated, log, credentials);
  // Webhooks and this month's orders; a failure leaves them to the reconcile job.
  void connectOrdersQuietly(repos, access, updated, log, credentials);
  return { row: updated };
}

/**
 * Disconnects an application: its keys, WordPress account and pending authorization are
 * dropped, and so are the store's members (copied again on the next connect). The stations'
 * slugs stay (issue 27): the store keeps its copy of them (the default station's `pos`, the
 * custom slugs, the Connect screen's link), so after a reconnect to the same site the dashboard
 * and the store agree and the addresses in use work again; moving the application to another
 * URL forgets them. An applicationDisconnected entry follows. Then, with the keys read before,
 * the store's Cloud POS plugin is asked to revoke the key (`keyRevoked`); a store without the
 * plugin, or one that fails, keeps the key, and the owner is told to revoke it there. The
 * disconnect stands either way: the owner must be able to leave a dead store.
 */
export async function disconnectApplication(
  repos: Repositories,
  access: StoreAccess,
  row: ApplicationRow,
  log: FastifyBaseLogger,
): Promise<{ row: ApplicationRow; keyRevoked: boolean } | undefined> {
  let credentials: StoreCredentials | null = null;
  try {
    credentials = credentialsOf(row, access.secrets);
  } catch {
    // Keys that cannot be read cannot be revoked either; the disconnect goes on.
    credentials = null;
  }
  const webhookIds = await storedWebhookIds(repos, row.id);
  const updated = await repos.applications.update(
    row.user_id,
    row.id,
    {
      is_verified_auth: 0,
      key_id: null,
      consumer_key_enc: null,
      consumer_secret_enc: null,
      wp_user: null,
      auth_token_hash: null,
      auth_token_expires_at: null,
      auth_return_path: null,
    },
    () => applicationFeed.disconnected(row),
    { forgetStore: true, keepSlugs: true },
  );
  if (!updated) return undefined;
  await repos.orders.dropSync(row.id);
  const keyRevoked = credentials
    ? await releaseStoreKey(access, row, credentials, webhookIds, log)
    : false;
  return { row: updated, keyRevoked };
}

/**
 * What a store keeps for the dashboard once the dashboard lets go of it (Disconnect, Delete):
 * its webhooks are deleted, then its Cloud POS plugin is asked to revoke the key that signs
 * the calls. True when the store says the key is revoked; false when it cannot be (no plugin,
 * the store down or refusing): the key then stays active there, and the owner must revoke it
 * in WooCommerce.
 */
async function releaseStoreKey(
  access: StoreAccess,
  row: ApplicationRow,
  credentials: StoreCredentials,
  webhookIds: number[],
  log: FastifyBaseLogger,
): Promise<boolean> {
  // Before the key is revoked: the webhooks are deleted with it.
  await removeWebhooksQuietly(access, row.home_url, credentials, webhookIds, log);
  try {
    return await access.store.revokeConnection(row.home_url, credentials);
  } catch (error) {
    log.info(
      { applicationId: row.id, reason: failureReason(error, row.home_url) },
      'the key of a store the dashboard let go of was not revoked there',
    );
    return false;
  }
}

/**
 * Deletes an application (and with it its invitations, members, slugs and orders' sync), then
 * lets go of its store as Disconnect does: webhooks deleted, the key revoked through the Cloud
 * POS plugin. `keyRevoked` is null when the application held no key (nothing to revoke), else
 * whether the store revoked it; the delete stands either way, like a disconnect. Undefined when
 * the user has no such application.
 */
export async function deleteApplication(
  repos: Repositories,
  access: StoreAccess,
  userId: string,
  id: string,
  log: FastifyBaseLogger,
): Promise<{ keyRevoked: boolean | null } | undefined> {
  // Read before the row goes: the keys and webhook ids are needed after it.
  const row = await repos.applications.findForUser(userId, id);
  if (!row) return undefined;
  const webhookIds = await storedWebhookIds(repos, row.id);
  let credentials: StoreCredentials | null;
  try {
    credentials = credentialsOf(row, access.secrets);
  } catch {
    // Keys that cannot be read cannot be revoked either; the owner is told to do it by hand.
    credentials = null;
  }
  if (!(await repos.applications.delete(userId, id))) return undefined;
  const heldKey = row.consumer_key_enc !== null;
  if (!credentials) return { keyRevoked: heldKey ? false : null };
  return { keyRevoked: await releaseStoreKey(access, row, credentials, webhookIds, log) };
}

/** Sets how the application is authorized ('account' or 'keys'); the same type changes nothing. */
export async function setAuthType(
  repos: Repositories,
  row: ApplicationRow,
  authType: ApplicationRow['auth_type'],
): Promise<ApplicationRow | undefined> {
  if (authType === row.auth_type) return row;
  return repos.applications.update(row.user_id, row.id, { auth_type: authType });
}

/** Drops a pending authorization (the user left the store's page). */
export async function cancelAuthorization(repos: Repositories, row: ApplicationRow): Promise<void> {
  await repos.applications.update(row.user_id, row.id, {
    auth_token_hash: null,
    auth_token_expires_at: null,
    auth_return_path: null,
  });
}
