import type { Kysely, Migration } from 'kysely';
import type { AnyDb } from './kit';
import { GENESIS_HASH, legacyActivityHash } from '../activity-chain';

/**
 * The tamper-evident feed (issue 12 §3): each entry gets its place in the owner's chain (seq),
 * the previous entry's hash and its own, and each owner a head that every append locks.
 * Existing entries are chained here, oldest first per owner, with the hash the api computes.
 */
export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .alterTable('activities')
        .addColumn('seq', 'integer', (c) => c.notNull().defaultTo(0))
        .execute();
      await db.schema
        .alterTable('activities')
        .addColumn('prev_hash', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .alterTable('activities')
        .addColumn('hash', 'text', (c) => c.notNull().defaultTo(''))
        .execute();
      await db.schema
        .createTable('activity_heads')
        .addColumn('user_id', 'text', (c) =>
          c.primaryKey().references('users.id').onDelete('cascade'),
        )
        .addColumn('seq', 'integer', (c) => c.notNull())
        .addColumn('hash', 'text', (c) => c.notNull())
        .execute();

      type Row = {
        id: string;
        user_id: string;
        name: string;
        feed_type: string;
        link: string | null;
        link_name: string | null;
        created_at: string;
      };
      const typed = db as unknown as Kysely<{
        activities: Row & { seq: number; prev_hash: string; hash: string };
        activity_heads: { user_id: string; seq: number; hash: string };
      }>;
      // The chain being built: its owner, last seq and last hash.
      let owner: string | null = null;
      let seq = 0;
      let prevHash = GENESIS_HASH;
      const saveHead = async () => {
        if (owner === null) return;
        await typed
          .insertInto('activity_heads')
          .values({ user_id: owner, seq, hash: prevHash })
          .execute();
      };
      let after: Pick<Row, 'user_id' | 'created_at' | 'id'> | null = null;
      for (;;) {
        const cursor: typeof after = after;
        const rows: Row[] = await typed
          .selectFrom('activities')
          .select(['id', 'user_id', 'name', 'feed_type', 'link', 'link_name', 'created_at'])
          .$if(cursor !== null, (qb) =>
            qb.where((eb) =>
              eb(
                eb.refTuple('user_id', 'created_at', 'id'),
                '>',
                eb.tuple(cursor?.user_id ?? '', cursor?.created_at ?? '', cursor?.id ?? ''),
              ),
            ),
          )
          .orderBy('user_id')
          .orderBy('created_at')
          .orderBy('id')
          .limit(1000)
          .execute();
        for (const row of rows) {
          if (owner !== row.user_id) {
            await saveHead();
            owner = row.user_id;
            seq = 0;
            prevHash = GENESIS_HASH;
          }
          seq += 1;
          // The chain as 0011 made it, unkeyed: 0023 re-keys it.
          const hash = legacyActivityHash({
            owner: row.user_id,
            seq,
            prevHash,
            name: row.name,
            feedType: row.feed_type,
            link: row.link,
            linkName: row.link_name,
            createdAt: row.created_at,
          });
          await typed
            .updateTable('activities')
            .set({ seq, prev_hash: prevHash, hash })
            .where('id', '=', row.id)
            .execute();
          prevHash = hash;
        }
        const last = rows[rows.length - 1];
        if (!last) break;
        after = last;
      }
      await saveHead();
      // The verify walks a chain by seq; one entry per place.
      await db.schema
        .createIndex('activities_user_seq_idx')
        .on('activities')
        .columns(['user_id', 'seq'])
        .unique()
        .execute();
    },
  };
}
