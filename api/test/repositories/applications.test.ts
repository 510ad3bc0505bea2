import type { DatabaseHandle } from '../../src/db';
import { nowIso } from '../../src/db/ids';
import { nextFreeSlug, slugBase } from '../../src/repositories/application-slugs';
import { ApplicationsRepository, UniqueViolationError } from '../../src/repositories/applications';
import { UsersRepository } from '../../src/repositories/users';
import { createTestDatabase } from '../helpers/app';

let database: DatabaseHandle;
let drop: () => Promise<void>;
let repo: ApplicationsRepository;
let userId: string;

beforeAll(async () => {
  ({ database, drop } = await createTestDatabase());
  repo = new ApplicationsRepository(database.db);
  const user = await new UsersRepository(database.db).ensureFromClaims({
    sub: 'usr_repo',
    email: 'repo@test.example',
    name: 'Repo',
    isAdmin: false,
    isVerified: true,
  });
  userId = user.id;
});
afterAll(() => drop());

const added = (name: string) => ({
  name: `Application ${name} was added`,
  feedType: 'applicationAdded' as const,
});

const create = (key: string, name = 'Shop') =>
  repo.create({ userId, name, homeUrl: `https://${key}`, homeUrlKey: key }, (row) =>
    added(row.name),
  );

describe('slugs', () => {
  it('are lowercase a-z, 0-9 and dashes, at most 40 characters', () => {
    expect(slugBase('  Crème Brûlée & Co. ')).toBe('creme-brulee-co');
    expect(slugBase('日本')).toBe('app');
    expect(slugBase('a'.repeat(60))).toHaveLength(40);
  });

  it('take the first free suffix and still fit 40 characters', () => {
    expect(nextFreeSlug('shop', new Set(['shop', 'shop-2']))).toBe('shop-3');
    const long = 'a'.repeat(40);
    expect(nextFreeSlug(long, new Set([long]))).toBe(`${'a'.repeat(38)}-2`);
  });

  it('stay unique when many applications of one name are created at once', async () => {
    const rows = await Promise.all(
      Array.from({ length: 6 }, (_, i) => create(`race-${i}.example`, 'Race')),
    );
    expect(new Set(rows.map((row) => row.slug)).size).toBe(6);
  });
});

describe('one site per user', () => {
  it('refuses a second application of the same site key', async () => {
    await create('same.example');
    await expect(create('same.example')).rejects.toEqual(new UniqueViolationError('site'));
  });
});

describe('authorization tokens', () => {
  it('are consumed once, and not after they expire', async () => {
    const row = await create('token.example');
    const future = new Date(Date.now() + 60_000).toISOString();
    await repo.update(userId, row.id, { auth_token_hash: 'h1', auth_token_expires_at: future });
    const results = await Promise.all([repo.consumeAuthToken('h1'), repo.consumeAuthToken('h1')]);
    expect(results.filter(Boolean)).toHaveLength(1);
    expect(results.find(Boolean)?.id).toBe(row.id);

    await repo.update(userId, row.id, { auth_token_hash: 'h2', auth_token_expires_at: future });
    expect(
      await repo.consumeAuthToken('h2', new Date(Date.now() + 120_000).toISOString()),
    ).toBeUndefined();
    expect(await repo.consumeAuthToken('unknown', nowIso())).toBeUndefined();
  });
});

describe('stored keys', () => {
  const keys = (checkedHomeUrlKey: string) => ({
    checkedHomeUrlKey,
    authType: 'keys' as const,
    keyId: null,
    consumerKeyEnc: 'sealed-key',
    consumerSecretEnc: 'sealed-secret',
    wpUserJson: '{}',
    posPluginActive: true,
    wcVersion: '10.0.0',
    checkedAt: '2026-01-01T00:00:00.000Z',
  });
  const authorized = (row: { name: string }) => ({
    name: `${row.name} was authorized`,
    feedType: 'applicationAuthorized' as const,
  });

  it('are stored for the site they were checked against', async () => {
    const row = await create('keys-ok.example');
    const stored = await repo.storeKeys(userId, row.id, keys('keys-ok.example'), authorized);
    expect(stored?.is_verified_auth).toBe(1);
    expect(stored?.consumer_secret_enc).toBe('sealed-secret');
  });

  it('are not stored when the URL changed while they were checked', async () => {
    const row = await create('keys-old.example');
    await repo.update(userId, row.id, {
      home_url: 'https://keys-new.example',
      home_url_key: 'keys-new.example',
    });
    expect(
      await repo.storeKeys(userId, row.id, keys('keys-old.example'), authorized),
    ).toBeUndefined();
    const after = await repo.findForUser(userId, row.id);
    expect(after?.is_verified_auth).toBe(0);
    expect(after?.consumer_secret_enc).toBeNull();
  });
});

describe('invitations', () => {
  it('reserve at most 3 even when asked 10 times at once, and give one back', async () => {
    const row = await create('invite.example');
    const counts = await Promise.all(
      Array.from({ length: 10 }, () => repo.reserveInvitation(row.id, 7)),
    );
    expect(counts.filter((c) => c !== null).sort()).toEqual([1, 2, 3]);
    expect(await repo.releaseInvitation(row.id, 7)).toBe(2);
    expect(await repo.reserveInvitation(row.id, 7)).toBe(3);
    expect(await repo.reserveInvitation(row.id, 7)).toBeNull();
    expect(await repo.releaseInvitation(row.id, 8)).toBe(0);
  });
});
