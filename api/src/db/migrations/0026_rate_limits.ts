import type { Migration } from 'kysely';
import type { AnyDb } from './kit';

/**
 * The attempt counters of the guessable secrets (issue 25): one row per limit and key (an
 * account, a client address, an address and application), `points` the attempts (or failures)
 * of the fixed window that ends at `expire` (ms since the epoch). Counted by one atomic upsert,
 * so the limits hold across api instances on one PostgreSQL; expired rows are deleted now and
 * then by whichever instance sees them.
 */
export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('rate_limits')
        .addColumn('key', 'text', (c) => c.primaryKey())
        .addColumn('points', 'integer', (c) => c.notNull())
        .addColumn('expire', 'bigint', (c) => c.notNull())
        .execute();
      await db.schema
        .createIndex('rate_limits_expire_idx')
        .on('rate_limits')
        .column('expire')
        .execute();
    },
  };
}
