import type { UserRow } from '../../../src/db/types';
import { displayNameOf, staffRoleOf, toStaffUsers } from '../../../src/domain/staff/users';
import type { Repositories } from '../../../src/repositories';
import type { WpUser } from '../../../src/services/store-client';

const wpUser = (id: number, email: string, roles: string[] = ['cashier']): WpUser => ({
  id,
  username: `user${id}`,
  email,
  name: `User ${id}`,
  roles,
});

const account = (
  email: string,
  isVerified: boolean,
  lastAccess: string | null = null,
): Pick<UserRow, 'email' | 'is_verified' | 'last_access_at'> => ({
  email,
  is_verified: isVerified ? 1 : 0,
  last_access_at: lastAccess,
});

/**
 * Repositories answering the four reads toStaffUsers makes, recording them; the application
 * was shared with every email but those in `notShared`.
 */
function fakeRepos(
  accounts: ReturnType<typeof account>[],
  counts: Record<number, number> = {},
  memberAccess: Record<number, string> = {},
  notShared: string[] = [],
): {
  repos: Repositories;
  asked: { emails: string[][]; ids: number[][]; accessIds: number[][] };
} {
  const asked = {
    emails: [] as string[][],
    ids: [] as number[][],
    accessIds: [] as number[][],
  };
  const repos = {
    members: {
      sharedEmails: async (_id: string, emails: string[]) =>
        new Set(emails.map((e) => e.toLowerCase()).filter((e) => !notShared.includes(e))),
      lastAccesses: async (_id: string, ids: number[]) => {
        asked.accessIds.push(ids);
        return new Map(
          ids.flatMap((id) => (memberAccess[id] ? [[id, memberAccess[id]] as const] : [])),
        );
      },
    },
    users: {
      findByEmails: async (emails: string[]) => {
        asked.emails.push(emails);
        const wanted = new Set(emails.map((e) => e.toLowerCase()));
        return accounts.filter((a) => wanted.has((a.email ?? '').toLowerCase()));
      },
    },
    applications: {
      invitationCounts: async (_id: string, ids: number[]) => {
        asked.ids.push(ids);
        return new Map(ids.filter((id) => id in counts).map((id) => [id, counts[id] ?? 0]));
      },
    },
  } as unknown as Repositories;
  return { repos, asked };
}

describe('staffRoleOf', () => {
  it('is the first of the roles that is a POS role', () => {
    expect(staffRoleOf(['customer', 'kiosk', 'cashier'])).toBe('kiosk');
    expect(staffRoleOf(['administrator'])).toBe('administrator');
    expect(staffRoleOf(['customer', 'subscriber'])).toBeNull();
    expect(staffRoleOf([])).toBeNull();
  });
});

describe('displayNameOf', () => {
  it('is the name, else the login, else the email', () => {
    expect(displayNameOf({ name: 'Ada', username: 'ada', email: 'a@x.test' })).toBe('Ada');
    expect(displayNameOf({ name: '', username: 'ada', email: 'a@x.test' })).toBe('ada');
    expect(displayNameOf({ name: '', username: '', email: 'a@x.test' })).toBe('a@x.test');
  });
});

describe('toStaffUsers', () => {
  it("marks users with a verified account (any case) pos, with their member row's last access; others wp", async () => {
    const { repos, asked } = fakeRepos(
      [
        // The account's own (global) last access is never shown: only this application's.
        account('Verified@Shop.test', true, '2026-02-01T10:00:00.000Z'),
        // An unverified account of a staff email neither counts nor shows its access.
        account('unverified@shop.test', false, '2026-03-02T10:00:00.000Z'),
        account('never@shop.test', true, '2026-03-03T10:00:00.000Z'),
      ],
      { 3: 2 },
      { 2: '2026-03-01T10:00:00.000Z', 3: '2026-03-02T10:00:00.000Z' },
    );
    const users = await toStaffUsers(
      repos,
      { id: 'app' },
      [
        wpUser(1, 'owner@shop.test', ['administrator']),
        wpUser(2, 'verified@shop.test', ['customer', 'shop_manager']),
        wpUser(3, 'unverified@shop.test'),
        wpUser(4, 'never@shop.test', ['kiosk']),
        wpUser(5, ''),
      ],
      1,
    );
    expect(users).toEqual([
      {
        wpUserId: 1,
        name: 'User 1',
        email: 'owner@shop.test',
        username: 'user1',
        roles: ['administrator'],
        role: 'administrator',
        kind: 'wp',
        lastAccess: null,
        invitationCount: 0,
        isConnectionOwner: true,
      },
      expect.objectContaining({
        wpUserId: 2,
        role: 'shop_manager',
        kind: 'pos',
        lastAccess: '2026-03-01T10:00:00.000Z',
        isConnectionOwner: false,
      }),
      expect.objectContaining({ wpUserId: 3, kind: 'wp', lastAccess: null, invitationCount: 2 }),
      expect.objectContaining({ wpUserId: 4, role: 'kiosk', kind: 'pos', lastAccess: null }),
      expect.objectContaining({ wpUserId: 5, kind: 'wp' }),
    ]);
    // One read each, whatever the number of users.
    expect(asked.emails).toHaveLength(1);
    expect(asked.ids).toEqual([[1, 2, 3, 4, 5]]);
    expect(asked.accessIds).toEqual([[1, 2, 3, 4, 5]]);
  });

  it('is pos for two verified accounts of one email', async () => {
    const { repos } = fakeRepos(
      [account('twin@shop.test', true), account('TWIN@shop.test', true)],
      {},
      { 7: '2026-03-05T10:00:00.000Z' },
    );
    const [user] = await toStaffUsers(repos, { id: 'app' }, [wpUser(7, 'twin@shop.test')], null);
    expect(user).toMatchObject({ kind: 'pos', lastAccess: '2026-03-05T10:00:00.000Z' });
  });

  it('is wp for a verified account the application was not shared with', async () => {
    const { repos } = fakeRepos([account('ana@x.test', true)], {}, {}, ['ana@x.test']);
    const [ana] = await toStaffUsers(repos, { id: 'app' }, [wpUser(1, 'Ana@x.test')], null);
    expect(ana?.kind).toBe('wp');
    expect(ana?.lastAccess).toBeNull();
  });

  it('asks nothing for no users', async () => {
    const { repos, asked } = fakeRepos([]);
    expect(await toStaffUsers(repos, { id: 'app' }, [], 1)).toEqual([]);
    expect(asked).toEqual({ emails: [], ids: [], accessIds: [] });
  });
});
