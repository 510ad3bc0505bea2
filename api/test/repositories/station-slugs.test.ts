import type { DatabaseHandle } from '../../src/db';
import { ApplicationsRepository } from '../../src/repositories/applications';
import { SlugConflictError, StationSlugsRepository } from '../../src/repositories/station-slugs';
import { UsersRepository } from '../../src/repositories/users';
import { createTestDatabase } from '../helpers/app';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let repo: StationSlugsRepository;
let applications: ApplicationsRepository;
let userId: string;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  repo = new StationSlugsRepository(database.db, database.dialect);
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

describe('StationSlugsRepository slugs', () => {
  it('resolves a custom slug, and a numeric id only while that station has no row', async () => {
    const id = await newApplication();
    await repo.changeSlug({ applicationId: id, posId: '2', expected: '2', next: 'bar' });
    expect(await repo.resolveSlug(id, 'bar')).toBe('2');
    expect(await repo.resolveSlug(id, '2')).toBeNull();
    expect(await repo.resolveSlug(id, '3')).toBe('3');
    expect(await repo.resolveSlug(id, 'nothing')).toBeNull();
  });

  it('restores only what it wrote', async () => {
    const id = await newApplication();
    const first = await repo.changeSlug({
      applicationId: id,
      posId: '1',
      expected: '1',
      next: 'a',
    });
    const second = await repo.changeSlug({
      applicationId: id,
      posId: '1',
      expected: 'a',
      next: 'b',
    });
    // A later change (c) must not be undone by restoring the earlier one.
    await repo.changeSlug({ applicationId: id, posId: '1', expected: 'b', next: 'c' });
    expect(await repo.restoreSlug(id, '1', second)).toBe(false);
    expect((await repo.slugsOf(id)).get('1')).toBe('c');
    const reset = await repo.changeSlug({
      applicationId: id,
      posId: '1',
      expected: 'c',
      next: '1',
    });
    expect(await repo.slugsOf(id)).toEqual(new Map());
    expect(await repo.restoreSlug(id, '1', reset)).toBe(true);
    expect((await repo.slugsOf(id)).get('1')).toBe('c');
    expect(first.previous).toBeNull();
  });

  it('names the conflict', async () => {
    const id = await newApplication();
    await repo.changeSlug({ applicationId: id, posId: '1', expected: '1', next: 'pos' });
    const attempt = (posId: string, expected: string, next: string) =>
      repo.changeSlug({ applicationId: id, posId, expected, next }).then(
        () => null,
        (error: SlugConflictError) => error.conflict,
      );
    expect(await attempt('2', '2', 'pos')).toBe('taken');
    expect(await attempt('1', 'pos', 'front')).toBe('defaultLocked');
    expect(await attempt('1', '1', 'front')).toBe('changed');
    expect(await attempt('1', 'pos', 'pos')).toBeNull();
  });
});

/** A repository whose holder check sees nothing, as when a concurrent insert slipped past it. */
class BlindToHolders extends StationSlugsRepository {
  protected override async slugHolder(): Promise<string | null> {
    return null;
  }
}

describe('StationSlugsRepository unique rule', () => {
  const attempt = (blind: StationSlugsRepository, id: string, posId: string, next: string) =>
    blind.changeSlug({ applicationId: id, posId, expected: posId, next }).then(
      () => null,
      (error: unknown) => (error instanceof SlugConflictError ? error.conflict : error),
    );

  it('turns a collision on the default slug into `taken`', async () => {
    const id = await newApplication();
    await repo.changeSlug({ applicationId: id, posId: '1', expected: '1', next: 'pos' });
    const blind = new BlindToHolders(database.db, database.dialect);
    expect(await attempt(blind, id, '2', 'pos')).toBe('taken');
    expect(await repo.slugsOf(id)).toEqual(new Map([['1', 'pos']]));
  });

  it('turns a collision on a custom slug into `taken`, also when the station had a row', async () => {
    const id = await newApplication();
    await repo.changeSlug({ applicationId: id, posId: '1', expected: '1', next: 'bar' });
    await repo.changeSlug({ applicationId: id, posId: '2', expected: '2', next: 'counter' });
    const blind = new BlindToHolders(database.db, database.dialect);
    expect(await attempt(blind, id, '3', 'bar')).toBe('taken');
    expect(
      await blind
        .changeSlug({ applicationId: id, posId: '2', expected: 'counter', next: 'bar' })
        .catch((error: unknown) => (error instanceof SlugConflictError ? error.conflict : error)),
    ).toBe('taken');
    expect(await repo.slugsOf(id)).toEqual(
      new Map([
        ['1', 'bar'],
        ['2', 'counter'],
      ]),
    );
  });
});
