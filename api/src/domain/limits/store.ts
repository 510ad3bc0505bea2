import { RateLimiterRes } from 'rate-limiter-flexible';
import RateLimiterStoreAbstract from 'rate-limiter-flexible/lib/RateLimiterStoreAbstract';
import type { RateLimitCounter, RateLimitsRepository } from '../../repositories/rate-limits';
import type { RateLimitRule } from './catalogue';

/**
 * A rate-limiter-flexible limiter whose store is the api's database (`rate_limits`, through
 * the repository and so through Kysely's connections): the library's documented way to add a
 * store (extend RateLimiterStoreAbstract, implement `_upsert`, `_get`, `_delete` and
 * `_getRateLimiterRes`). Its own Postgres and SQLite stores talk to a raw pg pool or
 * better-sqlite3 handle; on SQLite that handle is the one Kysely's open transactions run on,
 * so a count could land inside (and roll back with) another request's transaction. The
 * clock is given, so tests move through windows without waiting.
 */
export class DatabaseRateLimiter extends RateLimiterStoreAbstract {
  private readonly counters: RateLimitsRepository;
  private readonly now: () => number;

  constructor(
    counters: RateLimitsRepository,
    name: string,
    rule: RateLimitRule,
    now: () => number,
  ) {
    // No in-memory blocking (inMemoryBlockOnConsumed 0): every instance answers from the rows.
    super({
      storeClient: counters,
      keyPrefix: name,
      points: rule.points,
      duration: rule.seconds,
    });
    this.counters = counters;
    this.now = now;
  }

  /** Adds to (or with `forceExpire` sets) the key's counter; one statement. */
  _upsert(
    rlKey: string,
    points: number,
    msDuration: number,
    forceExpire = false,
  ): Promise<RateLimitCounter> {
    const now = this.now();
    // The library's duration 0 means "never expires"; no limit here uses it.
    const expire = now + (msDuration > 0 ? msDuration : Number.MAX_SAFE_INTEGER - now);
    return forceExpire
      ? this.counters.set(rlKey, points, expire)
      : this.counters.add(rlKey, points, expire, now);
  }

  _get(rlKey: string): Promise<RateLimitCounter | null> {
    return this.counters.get(rlKey, this.now());
  }

  _delete(rlKey: string): Promise<boolean> {
    return this.counters.delete(rlKey);
  }

  _getRateLimiterRes(
    _rlKey: string,
    changedPoints: number,
    counter: RateLimitCounter,
  ): RateLimiterRes {
    const isFirstInDuration = changedPoints === counter.points;
    const consumedPoints = isFirstInDuration ? changedPoints : counter.points;
    return new RateLimiterRes(
      Math.max(this.points - consumedPoints, 0),
      Math.max(counter.expire - this.now(), 0),
      consumedPoints,
      isFirstInDuration,
    );
  }
}
