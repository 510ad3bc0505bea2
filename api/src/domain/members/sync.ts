import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import { SecretBoxError } from '../../services/secret-box';
import type { StoreCredentials } from '../../services/store-client';
import { credentialsOf } from '../applications/credentials';
import { PluginMissingError, withPlugin } from '../applications/plugin';
import type { StoreAccess } from '../store-access';

/**
 * The email by which `user` is matched to store users, or null: only a verified email counts,
 * so that nobody reaches a store's stations by signing up with a staff member's address.
 */
export function memberEmail(user: { email: string | null; is_verified: number }): string | null {
  return user.is_verified === 1 ? user.email : null;
}

/** Most applications one GET /shared-stations syncs before answering. */
export const SHARED_SYNC_LIMIT = 10;

/** How long a failed copy of a store's users waits before it is tried again (ms). */
export const SYNC_RETRY_AFTER_MS = 10 * 60 * 1000;

/** How long a copy of a store's users counts as fresh for the owner's stations list (ms). */
export const SYNC_FRESH_FOR_MS = 5 * 60 * 1000;

/** True when the members were copied less than {@link SYNC_FRESH_FOR_MS} ago. */
export function membersFresh(row: ApplicationRow, now = Date.now()): boolean {
  return (
    row.members_synced_at !== null && now - Date.parse(row.members_synced_at) < SYNC_FRESH_FOR_MS
  );
}

/** True when a copy was tried less than {@link SYNC_RETRY_AFTER_MS} ago. */
export function syncTriedRecently(row: ApplicationRow, now = Date.now()): boolean {
  return (
    row.members_sync_attempted_at !== null &&
    now - Date.parse(row.members_sync_attempted_at) < SYNC_RETRY_AFTER_MS
  );
}

/**
 * Copies the store's POS users (all pages, at most 1000) into application_members. They come
 * from the Cloud POS plugin: a store without it throws PluginMissingError (and is recorded so).
 * Throws the store client's errors (or SecretBoxError) and changes nothing then.
 */
export async function syncMembers(
  repos: Repositories,
  access: StoreAccess,
  row: ApplicationRow,
  credentials?: StoreCredentials,
): Promise<void> {
  await repos.members.markSyncAttempted(row.id);
  const keys = credentials ?? credentialsOf(row, access.secrets);
  if (!keys) throw new SecretBoxError('no keys stored');
  const users = await withPlugin(repos, row, () => access.store.allUsers(row.home_url, keys));
  await repos.members.replaceMembers(row.id, users);
}

/** {@link syncMembers} that logs a failure instead of throwing; true when it synced. */
export async function syncMembersQuietly(
  repos: Repositories,
  access: StoreAccess,
  row: ApplicationRow,
  log: FastifyBaseLogger,
  credentials?: StoreCredentials,
): Promise<boolean> {
  try {
    await syncMembers(repos, access, row, credentials);
    return true;
  } catch (error) {
    const err = error instanceof Error ? error.message : String(error);
    // A store without the plugin has no POS users to copy: nothing is wrong there.
    if (error instanceof PluginMissingError) {
      log.info({ applicationId: row.id }, 'store users not copied: no Cloud POS plugin');
    } else {
      log.warn({ applicationId: row.id, err }, 'store users could not be copied');
    }
    return false;
  }
}

/**
 * Syncs, in parallel, up to {@link SHARED_SYNC_LIMIT} verified applications never synced yet
 * and not tried in the last {@link SYNC_RETRY_AFTER_MS}; each store call is bounded by the
 * store timeout.
 */
export async function syncNeverSynced(
  repos: Repositories,
  access: StoreAccess,
  log: FastifyBaseLogger,
): Promise<void> {
  const retryBefore = new Date(Date.now() - SYNC_RETRY_AFTER_MS).toISOString();
  const rows = await repos.members.claimNeverSynced(SHARED_SYNC_LIMIT, retryBefore);
  await Promise.all(rows.map((row) => syncMembersQuietly(repos, access, row, log)));
}
