import type { DatabaseHandle } from '../../src/db';
import { ApplicationsRepository } from '../../src/repositories/applications';
import { MembersRepository } from '../../src/repositories/members';
import { UsersRepository } from '../../src/repositories/users';
import { createTestDatabase } from '../helpers/app';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let repo: MembersRepository;
let applications: ApplicationsRepository;
let userId: string;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  repo = new MembersRepository(database.db);
  applications = new ApplicationsRepository(database.db);
  const user = await new UsersRepository(database.db).ensureFromClaims({
    sub: 'usr_stations_repo',
    email: 'owner@test.example',
    name: 'Owner',
    isAdmin: false,
    isVerified: true,
  });
  userId = user.id;
});
afterAll(() => drop());

let count = 0;
const newApplication = async () => {
  count += 1;
  const row = await applications.create(
    { userId, name: 'Shop', homeUrl: `https://shop${count}.example`, homeUrlKey: `shop${count}` },
    () => ({ name: 'added', feedType: 'applicationAdded' }),
  );
  return row.id;
};

const member = (id: number, email: string, roles = ['cashier']) => ({
  id,
  email,
  name: `User ${id}`,
  roles,
});

describe('MembersRepository', () => {
  it('replaces the members (lower-cased, without email-less users) and finds them by email', async () => {
    const id = await newApplication();
    // Shared from the dashboard (a store that lists an email shares nothing by itself).
    for (const email of ['Owner@shop.example', 'new@shop.example']) {
      await repo.share(id, email, 'invitation');
    }
    await repo.replaceMembers(id, [
      member(1, 'Owner@Shop.example', ['administrator']),
      member(2, 'cashier@shop.example'),
      member(3, ''),
    ]);
    expect(await repo.findMember(id, 'OWNER@shop.example')).toMatchObject({
      wpUserId: 1,
      roles: ['administrator'],
    });
    await repo.replaceMembers(id, [member(2, 'new@shop.example', ['kiosk'])]);
    expect(await repo.findMember(id, 'owner@shop.example')).toBeNull();
    expect(await repo.findMember(id, 'new@shop.example')).toMatchObject({
      wpUserId: 2,
      roles: ['kiosk'],
    });
    const row = await applications.findById(id);
    expect(row?.members_synced_at).toEqual(expect.any(String));
  });

  it("keeps a member's last access per application through the sync and the upsert", async () => {
    const id = await newApplication();
    const other = await newApplication();
    for (const app of [id, other]) {
      await repo.replaceMembers(app, [
        member(1, 'owner@shop.example'),
        member(2, 'c@shop.example'),
      ]);
    }
    expect(await repo.lastAccesses(id, [1, 2])).toEqual(new Map());
    await repo.touchLastAccess(id, 2);
    const touched = (await repo.lastAccesses(id, [1, 2, 2])).get(2);
    expect(touched).toEqual(expect.any(String));
    expect([...(await repo.lastAccesses(id, [1, 2])).keys()]).toEqual([2]);
    // Another application of the same store user knows nothing of it.
    expect(await repo.lastAccesses(other, [1, 2])).toEqual(new Map());
    await repo.replaceMembers(id, [member(2, 'c@shop.example', ['kiosk'])]);
    await repo.upsertMember(id, member(2, 'c@shop.example', ['cashier']));
    expect((await repo.lastAccesses(id, [2])).get(2)).toBe(touched);
    expect(await repo.lastAccesses(id, [])).toEqual(new Map());
  });

  it('lists memberships of other users’ verified applications only', async () => {
    const verified = await newApplication();
    const unverified = await newApplication();
    await database.db
      .updateTable('applications')
      .set({ is_verified_auth: 1 })
      .where('id', '=', verified)
      .execute();
    for (const id of [verified, unverified]) {
      await repo.replaceMembers(id, [member(7, 'someone@test.example')]);
      await repo.share(id, 'someone@test.example', 'invitation');
    }
    const mine = await repo.membershipsOf('another-user', 'Someone@test.example');
    expect(mine.map((m) => m.application.id)).toEqual([verified]);
    expect(mine[0]).toMatchObject({
      member: { wpUserId: 7 },
      ownerName: 'Owner',
      ownerEmail: 'owner@test.example',
    });
    expect(await repo.membershipsOf(userId, 'someone@test.example')).toEqual([]);
    expect(await repo.membershipsOf('another-user', null)).toEqual([]);
  });

  it('adds, updates and removes one member (a staff user changed from the dashboard)', async () => {
    const id = await newApplication();
    for (const email of ['owner@shop.example', 'new.cashier@shop.example']) {
      await repo.share(id, email, 'staff');
    }
    await repo.replaceMembers(id, [member(1, 'owner@shop.example', ['administrator'])]);
    await repo.upsertMember(id, member(20, ' New.Cashier@Shop.example ', ['cashier']));
    expect(await repo.findMember(id, 'new.cashier@shop.example')).toMatchObject({
      wpUserId: 20,
      roles: ['cashier'],
    });
    await repo.upsertMember(id, member(20, 'new.cashier@shop.example', ['shop_manager']));
    expect(await repo.findMember(id, 'new.cashier@shop.example')).toMatchObject({
      wpUserId: 20,
      roles: ['shop_manager'],
    });
    // Nobody can be matched to a user without an email: not kept.
    await repo.upsertMember(id, member(21, '  '));
    await repo.removeMember(id, 20);
    expect(await repo.findMember(id, 'new.cashier@shop.example')).toBeNull();
    expect(await repo.findMember(id, 'owner@shop.example')).toMatchObject({ wpUserId: 1 });
    const rows = await database.db
      .selectFrom('application_members')
      .select('wp_user_id')
      .where('application_id', '=', id)
      .execute();
    expect(rows.map((r) => Number(r.wp_user_id))).toEqual([1]);
  });
});
