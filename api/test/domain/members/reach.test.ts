import type { FastifyBaseLogger } from 'fastify';
import type { ApplicationRow } from '../../../src/db/types';
import { reachOf } from '../../../src/domain/members/reach';
import type { StoreAccess } from '../../../src/domain/store-access';
import type { Repositories } from '../../../src/repositories';
import type { Member } from '../../../src/repositories/members';

const OWNER = { id: 'owner', email: 'owner@x.example', is_verified: 1 };
const CASHIER = { id: 'cashier', email: 'Cashier@x.example', is_verified: 1 };
const MEMBER: Member = {
  applicationId: 'app',
  wpUserId: 2,
  email: 'cashier@x.example',
  name: 'Cash',
  roles: ['cashier'],
};

const row = (extra: Partial<ApplicationRow> = {}) =>
  ({
    id: 'app',
    user_id: OWNER.id,
    is_verified_auth: 1,
    members_synced_at: '2026-01-01T00:00:00.000Z',
    members_sync_attempted_at: null,
    ...extra,
  }) as ApplicationRow;

/** Repositories whose member table holds `members` (by email), and counts the copies. */
function reposWith(members: Member[]) {
  const findMember = jest.fn(async (_id: string, email: string | null) =>
    email ? (members.find((m) => m.email === email.toLowerCase()) ?? null) : null,
  );
  const markSyncAttempted = jest.fn(async () => undefined);
  const replaceMembers = jest.fn(async (_id: string, users: Array<{ email: string }>) => {
    members.push(...users.map((u) => ({ ...MEMBER, email: u.email.toLowerCase() })));
  });
  // A copy through the plugin records that the plugin answers.
  const recordStoreCheck = jest.fn(async () => undefined);
  return {
    repos: {
      members: { findMember, markSyncAttempted, replaceMembers },
      applications: { recordStoreCheck },
    } as unknown as Repositories,
    findMember,
    replaceMembers,
  };
}

describe('reachOf', () => {
  it('lets the owner in without asking the members', async () => {
    const { repos, findMember } = reposWith([]);
    expect(await reachOf(repos, row({ is_verified_auth: 0 }), OWNER)).toEqual({ member: null });
    expect(findMember).not.toHaveBeenCalled();
  });

  it('lets a member of a verified application in, by a verified email in any case', async () => {
    const { repos } = reposWith([MEMBER]);
    expect(await reachOf(repos, row(), CASHIER)).toEqual({ member: MEMBER });
    expect(await reachOf(repos, row(), { ...CASHIER, is_verified: 0 })).toBeNull();
    expect(await reachOf(repos, row({ is_verified_auth: 0 }), CASHIER)).toBeNull();
  });

  it('copies a never-copied store’s users once before saying no, only when asked to', async () => {
    const store = { allUsers: jest.fn(async () => [{ ...MEMBER, id: 2 }]) };
    const access = {
      store,
      secrets: { open: (value: string) => value },
    } as unknown as StoreAccess;
    const log = { warn: jest.fn() } as unknown as FastifyBaseLogger;
    const neverCopied = row({
      members_synced_at: null,
      consumer_key_enc: 'ck',
      consumer_secret_enc: 'cs',
    });

    const without = reposWith([]);
    expect(await reachOf(without.repos, neverCopied, CASHIER)).toBeNull();
    expect(store.allUsers).not.toHaveBeenCalled();

    const copying = reposWith([]);
    expect(await reachOf(copying.repos, neverCopied, CASHIER, { access, log })).toMatchObject({
      member: { wpUserId: 2 },
    });
    expect(copying.replaceMembers).toHaveBeenCalledTimes(1);

    // Tried a moment ago: the store is left alone.
    const tried = reposWith([]);
    const recently = { ...neverCopied, members_sync_attempted_at: new Date().toISOString() };
    expect(await reachOf(tried.repos, recently, CASHIER, { access, log })).toBeNull();
    expect(store.allUsers).toHaveBeenCalledTimes(1);
  });
});
