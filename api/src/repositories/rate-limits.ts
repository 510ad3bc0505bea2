import { sql, type Kysely } from 'kysely';
import type { Database } from '../db/types';

/** A counter as stored: the points of its window and when the window ends (ms since the epoch). */
export interface RateLimitCounter {
  points: number;
  expire: number;
}

const counterOf = (row: { points: number | string; expire: number | string }) => ({
  points: Number(row.points),
  expire: Number(row.expire),
});

/**
 * The attempt counters of the rate limits (`rate_limits`), one row per limit and key. Every
 * change is one statement, atomic on its own on both engines, so concurrent requests on any
 * number of api instances count each attempt once.
 */
export class RateLimitsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * Adds `points` to the key's window and answers the counter after it: a key without a row,
   * or whose window ended by `now`, starts a new window of `points` ending at `expire`.
   */
  async add(key: string, points: number, expire: number, now: number): Promise<RateLimitCounter> {
    const ended = sql<boolean>`rate_limits.expire <= ${now}`;
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, points, expire })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          points: sql`case when ${ended} then excluded.points else rate_limits.points + excluded.points end`,
          expire: sql`case when ${ended} then excluded.expire else rate_limits.expire end`,
        }),
      )
      .returning(['points', 'expire'])
      .executeTakeFirstOrThrow();
    return counterOf(row);
  }

  /** Sets the key's counter to `points` for a window ending at `expire`, whatever it was. */
  async set(key: string, points: number, expire: number): Promise<RateLimitCounter> {
    const row = await this.db
      .insertInto('rate_limits')
      .values({ key, points, expire })
      .onConflict((conflict) =>
        conflict.column('key').doUpdateSet({
          points: sql`excluded.points`,
          expire: sql`excluded.expire`,
        }),
      )
      .returning(['points', 'expire'])
      .executeTakeFirstOrThrow();
    return counterOf(row);
  }

  /** The key's counter while its window lasts (after `now`), else null. */
  async get(key: string, now: number): Promise<RateLimitCounter | null> {
    const row = await this.db
      .selectFrom('rate_limits')
      .select(['points', 'expire'])
      .where('key', '=', key)
      .where('expire', '>', now)
      .executeTakeFirst();
    return row ? counterOf(row) : null;
  }

  /** Forgets the key's counter; true when there was one. */
  async delete(key: string): Promise<boolean> {
    const result = await this.db
      .deleteFrom('rate_limits')
      .where('key', '=', key)
      .executeTakeFirst();
    return Number(result.numDeletedRows) > 0;
  }

  /** Deletes the counters whose window ended before `before`; answers how many. */
  async deleteExpired(before: number): Promise<number> {
    const result = await this.db
      .deleteFrom('rate_limits')
      .where('expire', '<', before)
      .executeTakeFirst();
    return Number(result.numDeletedRows);
  }
}
