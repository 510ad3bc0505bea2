import { RateLimiterRes } from 'rate-limiter-flexible';
import type { RateLimitsRepository } from '../../repositories/rate-limits';
import type { LimitedAction, RateLimitName, RateLimitSettings } from './catalogue';
import { RATE_LIMIT_DEFAULTS, RATE_LIMIT_NAMES, rateLimitedMessage } from './catalogue';
import { DatabaseRateLimiter } from './store';

export * from './catalogue';

/** An action refused for its rate limit: the text to show and the seconds to wait. */
export class RateLimitedError extends Error {
  override readonly name = 'RateLimitedError';
  constructor(
    readonly action: LimitedAction,
    readonly retryAfterSeconds: number,
  ) {
    super(rateLimitedMessage(action, retryAfterSeconds));
  }
}

/** The actions counted per account and per client address, every attempt. */
export type AttemptAction = Extract<
  LimitedAction,
  'promoCode' | 'storeKeys' | 'applicationCreate' | 'liveTicket'
>;

/** Who attempts: the signed-in account and the client's address (Fastify's `request.ip`). */
export interface Attempter {
  account: string;
  address: string;
}

/** How often expired counters are deleted, at most, by one instance. */
const SWEEP_INTERVAL_MS = 5 * 60_000;

/**
 * The api's rate limits (issue 25), counted in the database so that they hold across api
 * instances: each attempt is one atomic upsert per limit and key.
 */
export class RateLimits {
  private readonly limiters: Record<RateLimitName, DatabaseRateLimiter>;
  private lastSweep: number;

  constructor(
    private readonly counters: RateLimitsRepository,
    settings: RateLimitSettings = RATE_LIMIT_DEFAULTS,
    private readonly now: () => number = Date.now,
  ) {
    this.limiters = Object.fromEntries(
      RATE_LIMIT_NAMES.map((name) => [
        name,
        new DatabaseRateLimiter(counters, name, settings[name], now),
      ]),
    ) as Record<RateLimitName, DatabaseRateLimiter>;
    this.lastSweep = now();
  }

  /**
   * Counts one attempt of `action` for the account and for the address, and throws
   * {@link RateLimitedError} when either is over its limit. Refused attempts count too, so a
   * right guess after the limit is still refused until the window ends.
   */
  async attempt(action: AttemptAction, who: Attempter): Promise<void> {
    const waits = await Promise.all([
      this.count(`${action}Account`, who.account),
      this.count(`${action}Address`, who.address),
    ]);
    this.refuseOver(action, waits);
  }

  /**
   * Counts a WooCommerce delivery refused for its signature, per address and application and
   * per address, and answers the refusal to send instead of the usual one when either is over
   * its limit (else null). Only failures are counted: a delivery signed right is never
   * throttled, whoever else failed from its address.
   */
  async wcWebhookFailed(address: string, applicationId: string): Promise<RateLimitedError | null> {
    const waits = await Promise.all([
      this.count('wcWebhookFailures', `${address}|${applicationId}`),
      this.count('wcWebhookFailuresAddress', address),
    ]);
    return this.over('wcWebhook', waits);
  }

  /** The same for a Stripe event refused for its signature, per address. */
  async stripeWebhookFailed(address: string): Promise<RateLimitedError | null> {
    return this.over('stripeWebhook', [await this.count('stripeWebhookFailures', address)]);
  }

  /**
   * Counts one load report of `releaseId` by `account` (per account and release) and from
   * `address`; the refusal when either is over its limit.
   */
  async releaseReported(
    account: string,
    releaseId: string,
    address: string,
  ): Promise<RateLimitedError | null> {
    const waits = await Promise.all([
      this.count('releaseReportAccount', `${account}|${releaseId}`),
      this.count('releaseReportAddress', address),
    ]);
    return this.over('releaseReport', waits);
  }

  /** Counts one point of `name` for `key`: 0 when allowed, else the ms until its window ends. */
  private async count(name: RateLimitName, key: string): Promise<number> {
    this.sweep();
    try {
      await this.limiters[name].consume(key);
      return 0;
    } catch (refused) {
      if (refused instanceof RateLimiterRes) return Math.max(1, refused.msBeforeNext);
      throw refused;
    }
  }

  private over(action: LimitedAction, waits: number[]): RateLimitedError | null {
    const longest = Math.max(...waits);
    return longest > 0 ? new RateLimitedError(action, Math.ceil(longest / 1000)) : null;
  }

  private refuseOver(action: LimitedAction, waits: number[]): void {
    const refusal = this.over(action, waits);
    if (refusal) throw refusal;
  }

  /** Deletes ended windows now and then; any instance may, and a failure only waits for the next. */
  private sweep(): void {
    const now = this.now();
    if (now - this.lastSweep < SWEEP_INTERVAL_MS) return;
    this.lastSweep = now;
    this.counters.deleteExpired(now).catch(() => undefined);
  }
}
