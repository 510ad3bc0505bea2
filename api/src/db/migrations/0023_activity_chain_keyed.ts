import type { Kysely, Migration } from 'kysely';
import {
  activityChainKeyCheck,
  activityHash,
  GENESIS_HASH,
  legacyActivityHash,
} from '../activity-chain';
import type { AnyDb } from './kit';

/**
 * The activity chain keyed (issue 25): every entry's hash becomes HMAC-SHA256 with the
 * activity chain key, which the database does not hold, instead of a plain SHA-256 that
 * whoever writes the database could recompute after changing an entry. Each owner's chain is
 * re-hashed in seq order; only what held before is re-keyed, so a chain broken before the
 * upgrade stays broken at the same entry: an entry whose stored hash was not the SHA-256 of
 * its fields keeps that hash (no HMAC gives it), and a prev_hash that named no entry of the
 * chain (the one before was deleted) keeps naming none. The heads and the verify checkpoints
 * follow their entries (a checkpoint whose entry is gone starts over). A chain written with
 * the key from then on is told apart from one written with another key by
 * activity_chain_key, the key's check value: an instance with another key refuses to start
 * (see ActivitiesRepository.checkChainKey). Needs the key (useActivityChainKey) when there
 * are entries; an empty feed is keyed as it grows.
 */
export function migration(): Migration {
  return {
    async up(db: AnyDb) {
      await db.schema
        .createTable('activity_chain_key')
        .addColumn('id', 'integer', (c) => c.primaryKey())
        .addColumn('key_check', 'text', (c) => c.notNull())
        .execute();
      type Row = {
        id: string;
        user_id: string;
        seq: number;
        prev_hash: string;
        hash: string;
        name: string;
        feed_type: string;
        link: string | null;
        link_name: string | null;
        created_at: string;
      };
      const typed = db as unknown as Kysely<{
        activities: Row;
        activity_heads: { user_id: string; seq: number; hash: string; prev_hash: string | null };
        activity_verify_checkpoints: { user_id: string; seq: number; hash: string };
        activity_chain_key: { id: number; key_check: string };
      }>;
      const any = await typed.selectFrom('activities').select('id').limit(1).executeTakeFirst();
      if (!any) return;
      await typed
        .insertInto('activity_chain_key')
        .values({ id: 1, key_check: activityChainKeyCheck() })
        .execute();
      // The owner whose chain is being re-keyed, and its old hashes' new values.
      let owner: string | null = null;
      let rekeyed = new Map<string, string>();
      const moved = (hash: string | null) => (hash === null ? null : (rekeyed.get(hash) ?? hash));
      const finishOwner = async () => {
        if (owner === null) return;
        const head = await typed
          .selectFrom('activity_heads')
          .select(['hash', 'prev_hash'])
          .where('user_id', '=', owner)
          .executeTakeFirst();
        if (head) {
          await typed
            .updateTable('activity_heads')
            .set({ hash: moved(head.hash) ?? head.hash, prev_hash: moved(head.prev_hash) })
            .where('user_id', '=', owner)
            .execute();
        }
        const checkpoint = await typed
          .selectFrom('activity_verify_checkpoints')
          .select('hash')
          .where('user_id', '=', owner)
          .executeTakeFirst();
        if (checkpoint) {
          const hash = rekeyed.get(checkpoint.hash);
          await typed
            .updateTable('activity_verify_checkpoints')
            .set(hash === undefined ? { seq: 0, hash: GENESIS_HASH } : { hash })
            .where('user_id', '=', owner)
            .execute();
        }
      };
      let after: { user_id: string; seq: number } | null = null;
      for (;;) {
        const cursor: typeof after = after;
        const rows: Row[] = await typed
          .selectFrom('activities')
          .select([
            'id',
            'user_id',
            'seq',
            'prev_hash',
            'hash',
            'name',
            'feed_type',
            'link',
            'link_name',
            'created_at',
          ])
          .$if(cursor !== null, (qb) =>
            qb.where((eb) =>
              eb(
                eb.refTuple('user_id', 'seq'),
                '>',
                eb.tuple(cursor?.user_id ?? '', cursor?.seq ?? 0),
              ),
            ),
          )
          .orderBy('user_id')
          .orderBy('seq')
          .limit(1000)
          .execute();
        for (const row of rows) {
          if (owner !== row.user_id) {
            await finishOwner();
            owner = row.user_id;
            rekeyed = new Map([[GENESIS_HASH, GENESIS_HASH]]);
          }
          const fields = {
            owner: row.user_id,
            seq: Number(row.seq),
            prevHash: row.prev_hash,
            name: row.name,
            feedType: row.feed_type,
            link: row.link,
            linkName: row.link_name,
            createdAt: row.created_at,
          };
          const prevHash = moved(row.prev_hash) ?? row.prev_hash;
          const held = legacyActivityHash(fields) === row.hash;
          const hash = held ? activityHash({ ...fields, prevHash }) : row.hash;
          rekeyed.set(row.hash, hash);
          await typed
            .updateTable('activities')
            .set({ prev_hash: prevHash, hash })
            .where('id', '=', row.id)
            .execute();
        }
        const last = rows[rows.length - 1];
        if (!last) break;
        after = { user_id: last.user_id, seq: Number(last.seq) };
      }
      await finishOwner();
    },
  };
}
