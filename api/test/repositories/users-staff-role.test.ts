import type { DatabaseHandle } from '../../src/db';
import { ApplicationsRepository } from '../../src/repositories/applications';
import { MembersRepository } from '../../src/repositories/members';
import { PlansRepository } from '../../src/repositories/plans';
import type { IdentityClaims } from '../../src/repositories/users';
import { UsersRepository } from '../../src/repositories/users';
import { createTestDatabase } from '../helpers/app';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let users: UsersRepository;
let applicationId: string;

const STAFF_EMAIL = 'new.cashier@shop.example';

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  users = new UsersRepository(database.db);
  const owner = await users.ensureFromClaims(claims('usr_owner', 'owner@shop.example', true));
  const applications = new ApplicationsRepository(database.db);
  const row = await applications.create(
    { userId: owner.id, name: 'Shop', homeUrl: 'https://shop.example', homeUrlKey: 'shop' },
    () => ({ name: 'added', feedType: 'applicationAdded' }),
  );
  applicationId = row.id;
  await database.db
    .updateTable('applications')
    .set({ is_verified_auth: 1 })
    .where('id', '=', applicationId)
    .execute();
  await new MembersRepository(database.db).replaceMembers(applicationId, [
    { id: 7, email: 'New.Cashier@Shop.example', name: 'New Cashier', roles: ['cashier'] },
    { id: 8, email: 'other.cashier@shop.example', name: 'Other Cashier', roles: ['cashier'] },
    { id: 10, email: 'listed.only@shop.example', name: 'Listed Only', roles: ['cashier'] },
  ]);
  // Users 7 and 8 were sent their invitation for the application; user 10 never was.
  for (const wpUserId of [7, 8]) await applications.reserveInvitation(applicationId, wpUserId);
});
afterAll(() => drop());

function claims(sub: string, email: string, isVerified: boolean): IdentityClaims {
  return { sub, email, name: 'Someone', isAdmin: false, isVerified };
}

describe('invited staff start as shared staff', () => {
  it('turns an invited store POS user into a non-manager once their email is verified', async () => {
    const unverified = await users.ensureFromClaims(claims('usr_staff', STAFF_EMAIL, false));
    // Unverified: an email anyone could type does not decide anything yet.
    expect(unverified.user_role).toBe('manager');
    const verified = await users.ensureFromClaims(claims('usr_staff', STAFF_EMAIL, true));
    expect(verified.user_role).toBe('other');
    expect((await users.findById(verified.id))?.user_role).toBe('other');
  });

  it('decides at first sight for an account that arrives already verified', async () => {
    const user = await users.ensureFromClaims(
      claims('usr_staff_verified', 'other.cashier@shop.example', true),
    );
    expect(user.user_role).toBe('other');
  });

  it('leaves a listed user who was never invited a manager (anyone may list an email in their store)', async () => {
    const listed = await users.ensureFromClaims(
      claims('usr_listed_only', 'listed.only@shop.example', true),
    );
    expect(listed.user_role).toBe('manager');
    expect((await users.findById(listed.id))?.user_role).toBe('manager');
  });

  it('leaves managers alone: no store lists them, or they already chose a plan', async () => {
    const stranger = await users.ensureFromClaims(
      claims('usr_stranger', 'stranger@else.example', true),
    );
    expect(stranger.user_role).toBe('manager');

    await users.ensureFromClaims(claims('usr_planned', 'planned@shop.example', false));
    const planned = await users.findBySub('usr_planned');
    await new PlansRepository(database.db).subscribeIfNone(planned!.id, 'plan_trial');
    await new MembersRepository(database.db).replaceMembers(applicationId, [
      { id: 9, email: 'planned@shop.example', name: 'Planned', roles: ['cashier'] },
    ]);
    await new ApplicationsRepository(database.db).reserveInvitation(applicationId, 9);
    const verified = await users.ensureFromClaims(
      claims('usr_planned', 'planned@shop.example', true),
    );
    expect(verified.user_role).toBe('manager');
  });
});
