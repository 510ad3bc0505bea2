import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import { SecretBoxError } from '../../services/secret-box';
import type { StoreCredentials } from '../../services/store-client';
import type { StoreAccess } from './context';
import { credentialsOf } from './view';

/** Most applications one GET /shared-stations syncs before answering. */
export const SHARED_SYNC_LIMIT = 10;

/**
 * Copies the store's POS users (all pages, at most 1000) into application_members. Throws the
 * store client's errors (or SecretBoxError) and changes nothing then.
 */
export async function syncMembers(
  repos: Repositories,
  access: StoreAccess,
  row: ApplicationRow,
  credentials?: StoreCredentials,
): Promise<void> {
  const keys = credentials ?? credentialsOf(row, access.secrets);
  if (!keys) throw new SecretBoxError('no keys stored');
  const users = await access.store.allUsers(row.home_url, keys);
  await repos.stations.replaceMembers(row.id, users);
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
    log.warn(
      { applicationId: row.id, err: error instanceof Error ? error.message : String(error) },
      'store users could not be copied',
    );
    return false;
  }
}

/** Syncs up to {@link SHARED_SYNC_LIMIT} verified applications never synced yet, in parallel. */
export async function syncNeverSynced(
  repos: Repositories,
  access: StoreAccess,
  log: FastifyBaseLogger,
): Promise<void> {
  const rows = await repos.stations.neverSynced(SHARED_SYNC_LIMIT);
  await Promise.all(rows.map((row) => syncMembersQuietly(repos, access, row, log)));
}
