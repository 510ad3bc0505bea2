import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationRow, UserRow } from '../../db/types';
import type { Repositories } from '../../repositories';
import type { Member } from '../../repositories/members';
import type { StoreAccess } from '../store-access';
import { memberEmail, syncMembersQuietly, syncTriedRecently } from './sync';

/** How a user reaches an application: as its owner (member null) or as one of its store's users. */
export interface Reach {
  member: Member | null;
}

/** Copies a never-copied store's users on a miss (the owner connected it elsewhere). */
export interface SyncOnMiss {
  access: StoreAccess;
  log: FastifyBaseLogger;
}

/**
 * Whether `user` may see application `row` (spec 4): its owner always; anyone else only while
 * it is verified and its store lists the user's verified email. Null: the application reads as
 * not found. With `syncOnMiss`, a store whose users were never copied (and not tried lately) is
 * asked once before saying no.
 */
export async function reachOf(
  repos: Repositories,
  row: ApplicationRow,
  user: Pick<UserRow, 'id' | 'email' | 'is_verified'>,
  syncOnMiss?: SyncOnMiss,
): Promise<Reach | null> {
  if (row.user_id === user.id) return { member: null };
  if (row.is_verified_auth !== 1) return null;
  const email = memberEmail(user);
  let member = await repos.members.findMember(row.id, email);
  if (!member && syncOnMiss && row.members_synced_at === null && !syncTriedRecently(row)) {
    if (await syncMembersQuietly(repos, syncOnMiss.access, row, syncOnMiss.log)) {
      member = await repos.members.findMember(row.id, email);
    }
  }
  return member ? { member } : null;
}
