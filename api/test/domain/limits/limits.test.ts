import type { DatabaseHandle } from '../../../src/db';
import {
  RATE_LIMIT_DEFAULTS,
  RateLimitedError,
  RateLimits,
  rateLimitSettingsOf,
} from '../../../src/domain/limits';
import { RateLimitsRepository } from '../../../src/repositories/rate-limits';
import { createTestDatabase } from '../../helpers/app';

let database: DatabaseHandle;
let second: DatabaseHandle;
let drop: () => Promise<void>;
beforeAll(async () => {
  const created = await createTestDatabase();
  database = created.database;
  second = created.reopen();
  drop = created.drop;
});
afterAll(async () => {
  await second.close();
  await drop();
});

const settings = rateLimitSettingsOf('promoCodeAccount=10/600,promoCodeAddress=1000/600');

/** How many of the attempts were let through and the refusals of the others. */
async function outcomes(attempts: Promise<void>[]) {
  const settled = await Promise.allSettled(attempts);
  const refusals = settled
    .filter((result): result is PromiseRejectedResult => result.status === 'rejected')
    .map((result) => result.reason as unknown);
  return { allowed: settled.length - refusals.length, refusals };
}

describe('RateLimits over the database', () => {
  it('lets exactly the limit through when attempts race on two connections (two instances)', async () => {
    let now = 1_000_000;
    const a = new RateLimits(new RateLimitsRepository(database.db), settings, () => now);
    const b = new RateLimits(new RateLimitsRepository(second.db), settings, () => now);
    const who = { account: 'acc_race', address: '192.0.2.1' };
    const { allowed, refusals } = await outcomes(
      Array.from({ length: 30 }, (_, i) => (i % 2 ? a : b).attempt('promoCode', who)),
    );
    expect(allowed).toBe(10);
    expect(refusals).toHaveLength(20);
    for (const refusal of refusals) {
      expect(refusal).toBeInstanceOf(RateLimitedError);
      expect((refusal as RateLimitedError).retryAfterSeconds).toBe(600);
      expect((refusal as RateLimitedError).message).toBe(
        'Too many promo code attempts. Please try again in 10 minutes.',
      );
    }
    // Later in the window the wait is shorter, on either instance.
    now += 599_500;
    await expect(b.attempt('promoCode', who)).rejects.toMatchObject({ retryAfterSeconds: 1 });
    await expect(a.attempt('promoCode', who)).rejects.toThrow(
      'Too many promo code attempts. Please try again in 1 second.',
    );
    now += 500;
    await expect(a.attempt('promoCode', who)).resolves.toBeUndefined();
  });

  it("keeps each account's count apart", async () => {
    const limits = new RateLimits(new RateLimitsRepository(database.db), settings, () => 5_000);
    for (let i = 0; i < 10; i += 1) {
      await limits.attempt('promoCode', { account: 'acc_one', address: '192.0.2.2' });
    }
    await expect(
      limits.attempt('promoCode', { account: 'acc_one', address: '192.0.2.2' }),
    ).rejects.toBeInstanceOf(RateLimitedError);
    await expect(
      limits.attempt('promoCode', { account: 'acc_two', address: '192.0.2.2' }),
    ).resolves.toBeUndefined();
  });

  it('counts webhook failures per address and application, and says nothing below the limit', async () => {
    const limits = new RateLimits(
      new RateLimitsRepository(database.db),
      rateLimitSettingsOf('wcWebhookFailures=2/60,wcWebhookFailuresAddress=100/60'),
      () => 10_000,
    );
    expect(await limits.wcWebhookFailed('192.0.2.3', 'app_1')).toBeNull();
    expect(await limits.wcWebhookFailed('192.0.2.3', 'app_1')).toBeNull();
    expect(await limits.wcWebhookFailed('192.0.2.3', 'app_1')).toMatchObject({
      action: 'wcWebhook',
      retryAfterSeconds: 60,
    });
    expect(await limits.wcWebhookFailed('192.0.2.3', 'app_2')).toBeNull();
    expect(await limits.wcWebhookFailed('192.0.2.4', 'app_1')).toBeNull();
  });

  it('deletes ended windows now and then', async () => {
    let now = 50_000_000;
    const repository = new RateLimitsRepository(database.db);
    const limits = new RateLimits(repository, settings, () => now);
    await limits.attempt('promoCode', { account: 'acc_sweep', address: '192.0.2.5' });
    const rows = () =>
      database.db
        .selectFrom('rate_limits')
        .select('key')
        .where('key', 'like', '%acc_sweep%')
        .execute();
    expect(await rows()).toHaveLength(1);
    now += 600_001 + 5 * 60_000;
    await limits.attempt('promoCode', { account: 'acc_other_sweep', address: '192.0.2.6' });
    // The sweep runs beside the attempt.
    for (let i = 0; i < 50 && (await rows()).length > 0; i += 1) {
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
    expect(await rows()).toHaveLength(0);
  });
});

describe('rateLimitSettingsOf (RATE_LIMITS)', () => {
  it('overrides the named limits and keeps the others', () => {
    const parsed = rateLimitSettingsOf(' promoCodeAccount=3/60 , liveTicketAddress=1000/30 ');
    expect(parsed.promoCodeAccount).toEqual({ points: 3, seconds: 60 });
    expect(parsed.liveTicketAddress).toEqual({ points: 1000, seconds: 30 });
    expect(parsed.storeKeysAccount).toEqual(RATE_LIMIT_DEFAULTS.storeKeysAccount);
    expect(rateLimitSettingsOf(undefined)).toEqual(RATE_LIMIT_DEFAULTS);
  });

  it('refuses unknown names and malformed rules', () => {
    expect(() => rateLimitSettingsOf('nope=1/1')).toThrow(/RATE_LIMITS must be name=points/);
    expect(() => rateLimitSettingsOf('promoCodeAccount=10')).toThrow(/RATE_LIMITS/);
    expect(() => rateLimitSettingsOf('promoCodeAccount=0/60')).toThrow(/at least 1 point/);
  });
});
