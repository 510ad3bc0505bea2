import type { Migration } from 'kysely';
import { sql } from 'kysely';
import type { AnyDb } from './kit';

/**
 * activity_heads.prev_hash: the hash before the head's last move, which PostgreSQL's append
 * reads back from the upsert that moves the head (it hashes the entry there, in one round
 * trip). Existing heads take their newest entry's.
 */
export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema.alterTable('activity_heads').addColumn('prev_hash', 'text').execute();
      await sql`update activity_heads set prev_hash = (
          select a.prev_hash from activities a
          where a.user_id = activity_heads.user_id and a.seq = activity_heads.seq
        )`.execute(db);
    },
  };
}
