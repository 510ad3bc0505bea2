import type { DatabaseHandle } from '../../src/db';
import { ApplicationsRepository } from '../../src/repositories/applications';
import { STAFF_CLAIM_TTL_MS, StaffClaimsRepository } from '../../src/repositories/staff-claims';
import { UsersRepository } from '../../src/repositories/users';
import { createTestDatabase } from '../helpers/app';

let database: DatabaseHandle;
/** A second handle on the same database: another api instance. */
let second: DatabaseHandle;
let drop: () => Promise<void>;
let claims: StaffClaimsRepository;
let otherInstance: StaffClaimsRepository;
let applicationId: string;

beforeAll(async () => {
  let reopen: () => DatabaseHandle;
  ({ database, drop, reopen } = await createTestDatabase());
  second = reopen();
  claims = new StaffClaimsRepository(database.db);
  otherInstance = new StaffClaimsRepository(second.db);
  const user = await new UsersRepository(database.db).ensureFromClaims({
    sub: 'usr_staff_claims',
    email: 'owner@test.example',
    name: 'Owner',
    isAdmin: false,
    isVerified: true,
  });
  const row = await new ApplicationsRepository(database.db).create(
    { userId: user.id, name: 'Shop', homeUrl: 'https://shop.example', homeUrlKey: 'shop' },
    () => ({ name: 'added', feedType: 'applicationAdded' }),
  );
  applicationId = row.id;
});
afterAll(async () => {
  await second.close();
  await drop();
});

/** Whether a live claim (younger than its lifetime) on `email` is in the table now. */
async function isClaimed(email: string): Promise<boolean> {
  const staleBefore = new Date(Date.now() - STAFF_CLAIM_TTL_MS).toISOString();
  const row = await database.db
    .selectFrom('staff_claims')
    .select('token')
    .where('application_id', '=', applicationId)
    .where('email', '=', email)
    .where('claimed_at', '>=', staleBefore)
    .executeTakeFirst();
  return Boolean(row);
}

describe('StaffClaimsRepository', () => {
  it('lets one post at a time claim an email (any case), and claims it again once released', async () => {
    const claim = await claims.claim(applicationId, ' Ada@Shop.example ');
    expect(claim).toMatchObject({ applicationId, email: 'ada@shop.example' });
    expect(await claims.claim(applicationId, 'ada@shop.example')).toBeNull();
    expect(await otherInstance.claim(applicationId, 'ADA@shop.example')).toBeNull();
    expect(await isClaimed('ada@shop.example')).toBe(true);
    // Another email, or the same email in another application, is free.
    const other = await claims.claim(applicationId, 'bob@shop.example');
    expect(other).not.toBeNull();
    if (!claim || !other) throw new Error('claims expected');
    await claims.release(claim);
    await claims.release(other);
    expect(await isClaimed('ada@shop.example')).toBe(false);
    const again = await otherInstance.claim(applicationId, 'ada@shop.example');
    expect(again).not.toBeNull();
    if (again) await otherInstance.release(again);
  });

  it('gives exactly one of many concurrent claims, across two database handles', async () => {
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, i) =>
        (i % 2 === 0 ? claims : otherInstance).claim(applicationId, 'race@shop.example'),
      ),
    );
    const won = results.filter((claim) => claim !== null);
    expect(won).toHaveLength(1);
    await claims.release(won[0] as NonNullable<(typeof won)[0]>);
  });

  it('takes over a claim older than its lifetime (a holder that stopped), and the old holder cannot release it', async () => {
    const long = new Date(Date.now() - STAFF_CLAIM_TTL_MS - 1000);
    const stale = await claims.claim(applicationId, 'stale@shop.example', long);
    expect(stale).not.toBeNull();
    expect(await isClaimed('stale@shop.example')).toBe(false);
    const fresh = await otherInstance.claim(applicationId, 'stale@shop.example');
    expect(fresh).not.toBeNull();
    if (!stale || !fresh) throw new Error('claims expected');
    await claims.release(stale);
    expect(await isClaimed('stale@shop.example')).toBe(true);
    await otherInstance.release(fresh);
    expect(await isClaimed('stale@shop.example')).toBe(false);
  });

  it('goes with its application', async () => {
    const claim = await claims.claim(applicationId, 'gone@shop.example');
    expect(claim).not.toBeNull();
    await database.db.deleteFrom('applications').where('id', '=', applicationId).execute();
    const rows = await database.db.selectFrom('staff_claims').selectAll().execute();
    expect(rows).toEqual([]);
  });
});
