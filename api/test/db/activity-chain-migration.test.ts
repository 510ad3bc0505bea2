import { randomBytes } from 'node:crypto';
import type { Kysely } from 'kysely';
import { migrateToLatest } from '../../src/db/migrations';
import { ActivitiesRepository } from '../../src/repositories/activities';
import {
  activityChainKeyCheck,
  activityHash,
  GENESIS_HASH,
  legacyActivityHash,
  useActivityChainKey,
} from '../../src/db/activity-chain';
import { TEST_ACTIVITY_CHAIN_KEY } from '../helpers/app';
import { databaseAt, migrateTo } from '../helpers/migrations';

// The key the upgraded api starts with (databaseAt sets it; 0023 re-keys the feeds with it).
const key = Buffer.from(TEST_ACTIVITY_CHAIN_KEY, 'base64');

describe('migrations 0011_activity_chain and 0022_activity_head_prev_hash', () => {
  it('chains the entries that were there before, per owner, oldest first', async () => {
    const { database, schema, drop } = await databaseAt('0010_webhook_deliveries');
    try {
      const db = database.db as unknown as Kysely<Record<string, never>>;
      const user = (id: string) => ({
        id,
        sub: `sub_${id}`,
        created_at: '2026-01-01T00:00:00.000Z',
      });
      await db
        .insertInto('users' as never)
        .values([user('u1'), user('u2')] as never)
        .execute();
      const entry = (id: string, userId: string, createdAt: string, name: string) => ({
        id,
        user_id: userId,
        name,
        feed_type: 'stationOpened',
        link: null,
        link_name: null,
        created_at: createdAt,
      });
      await db
        .insertInto('activities' as never)
        .values([
          entry('a3', 'u1', '2026-01-03T00:00:00.000Z', 'Third'),
          entry('a1', 'u1', '2026-01-01T00:00:00.000Z', 'First'),
          entry('a2', 'u1', '2026-01-02T00:00:00.000Z', 'Second, "quoted"'),
          entry('b1', 'u2', '2026-01-01T00:00:00.000Z', 'Other'),
        ] as never)
        .execute();

      await migrateToLatest(database.db, database.dialect, schema);

      const rows = await database.db
        .selectFrom('activities')
        .select(['id', 'user_id', 'seq'])
        .orderBy('user_id')
        .orderBy('seq')
        .execute();
      expect(rows.map((r) => [r.id, Number(r.seq)])).toEqual([
        ['a1', 1],
        ['a2', 2],
        ['a3', 3],
        ['b1', 1],
      ]);
      // 0022 gives each head the hash before its last move: its newest entry's prev_hash.
      const heads = await database.db
        .selectFrom('activity_heads')
        .innerJoin('activities', (join) =>
          join
            .onRef('activities.user_id', '=', 'activity_heads.user_id')
            .onRef('activities.seq', '=', 'activity_heads.seq'),
        )
        .select([
          'activity_heads.user_id',
          'activity_heads.prev_hash',
          'activities.prev_hash as entry_prev',
        ])
        .orderBy('activity_heads.user_id')
        .execute();
      expect(heads).toHaveLength(2);
      for (const head of heads) expect(head.prev_hash).toBe(head.entry_prev);
      const repo = new ActivitiesRepository(database.db);
      expect(await repo.verify('u1')).toEqual({
        ok: true,
        checked: 3,
        read: 3,
        fromSeq: 0,
        firstBroken: null,
      });
      expect(await repo.verify('u2')).toMatchObject({ ok: true, checked: 1, firstBroken: null });
      // Appends go on from the backfilled head.
      await repo.create('u1', { name: 'Fourth', feedType: 'stationOpened' });
      // From the first run's checkpoint: one entry read.
      expect(await repo.verify('u1')).toEqual({
        ok: true,
        checked: 4,
        read: 1,
        fromSeq: 3,
        firstBroken: null,
      });
      expect((await repo.page('u1', 1, 25)).totalAll).toBe(4);
    } finally {
      await drop();
    }
  });
});

describe('migration 0023_activity_chain_keyed', () => {
  it('re-keys the unkeyed chains of a database made before it; broken ones stay broken', async () => {
    const { database, schema, drop } = await databaseAt('0010_webhook_deliveries');
    try {
      const db = database.db as unknown as Kysely<Record<string, never>>;
      const users = ['u1', 'u2', 'u3'];
      await db
        .insertInto('users' as never)
        .values(
          users.map((id) => ({
            id,
            sub: `sub_${id}`,
            created_at: '2026-01-01T00:00:00.000Z',
          })) as never,
        )
        .execute();
      const entries = users.flatMap((userId) =>
        [1, 2, 3, 4].map((n) => ({
          id: `${userId}_${n}`,
          user_id: userId,
          name: n === 2 ? `=1+${n}, "quoted"` : `Entry ${n}`,
          feed_type: 'stationOpened',
          link: n === 3 ? '/applications/a1' : null,
          link_name: n === 3 ? 'Coffee' : null,
          created_at: `2026-01-0${n}T00:00:00.000Z`,
        })),
      );
      await db
        .insertInto('activities' as never)
        .values(entries as never)
        .execute();
      // The code before 0023: unkeyed SHA-256 chains (0011), heads with prev_hash (0022).
      await migrateTo(database, schema, '0022_activity_head_prev_hash');
      const rowsOf = (userId: string) =>
        database.db
          .selectFrom('activities')
          .selectAll()
          .where('user_id', '=', userId)
          .orderBy('seq')
          .execute();
      const legacy = await rowsOf('u1');
      expect(legacy[3]!.hash).toBe(
        legacyActivityHash({
          owner: 'u1',
          seq: 4,
          prevHash: legacy[2]!.hash,
          name: 'Entry 4',
          feedType: 'stationOpened',
          link: null,
          linkName: null,
          createdAt: '2026-01-04T00:00:00.000Z',
        }),
      );
      // u1 verified up to its second entry; u2's second entry edited, u3's deleted, before the
      // upgrade.
      await database.db
        .insertInto('activity_verify_checkpoints')
        .values({
          user_id: 'u1',
          seq: 2,
          hash: legacy[1]!.hash,
          last_run_at: '2026-01-05T00:00:00.000Z',
        })
        .execute();
      await database.db
        .updateTable('activities')
        .set({ name: 'Edited' })
        .where('id', '=', 'u2_2')
        .execute();
      await database.db.deleteFrom('activities').where('id', '=', 'u3_2').execute();

      await migrateToLatest(database.db, database.dialect, schema);

      const repo = new ActivitiesRepository(database.db);
      // Every hash of u1 is now the keyed one, linked as before; the checkpoint followed.
      const keyed = await rowsOf('u1');
      let prev = GENESIS_HASH;
      for (const row of keyed) {
        expect(row.prev_hash).toBe(prev);
        expect(row.hash).toBe(
          activityHash(
            {
              owner: 'u1',
              seq: Number(row.seq),
              prevHash: prev,
              name: row.name,
              feedType: row.feed_type,
              link: row.link,
              linkName: row.link_name,
              createdAt: row.created_at,
            },
            key,
          ),
        );
        prev = row.hash;
      }
      const head = await database.db
        .selectFrom('activity_heads')
        .select(['seq', 'hash', 'prev_hash'])
        .where('user_id', '=', 'u1')
        .executeTakeFirstOrThrow();
      expect(head).toMatchObject({ hash: keyed[3]!.hash, prev_hash: keyed[2]!.hash });
      expect(await repo.verify('u1')).toEqual({
        ok: true,
        checked: 4,
        read: 2,
        fromSeq: 2,
        firstBroken: null,
      });
      expect(await repo.verify('u1', { full: true })).toMatchObject({ ok: true, checked: 4 });
      // The tampering from before the upgrade is still found, at the same entry.
      expect(await repo.verify('u2')).toMatchObject({
        ok: false,
        firstBroken: { id: 'u2_2' },
      });
      expect(await repo.verify('u3')).toMatchObject({
        ok: false,
        firstBroken: { id: 'u3_3' },
      });
      // Appends go on keyed, and the database knows the key's check value.
      await repo.create('u1', { name: 'Fifth', feedType: 'stationOpened' });
      expect(await repo.verify('u1', { full: true })).toMatchObject({ ok: true, checked: 5 });
      const check = await database.db
        .selectFrom('activity_chain_key')
        .select('key_check')
        .executeTakeFirstOrThrow();
      expect(check.key_check).toBe(activityChainKeyCheck(key));
      await expect(repo.checkChainKey()).resolves.toBeUndefined();
      // An instance with another key refuses to go on with this database.
      useActivityChainKey(randomBytes(32));
      try {
        await expect(repo.checkChainKey()).rejects.toThrow(
          "The activity chain key is not the one this database's feeds are keyed with",
        );
      } finally {
        useActivityChainKey(key);
      }
    } finally {
      await drop();
    }
  });

  it('needs nothing of an empty feed, and asks for the key when there are entries to re-key', async () => {
    const { database, schema, drop } = await databaseAt('0022_activity_head_prev_hash');
    try {
      await migrateToLatest(database.db, database.dialect, schema);
      expect(await database.db.selectFrom('activity_chain_key').selectAll().execute()).toEqual([]);
      // The first instance to start records its key.
      const repo = new ActivitiesRepository(database.db);
      await repo.checkChainKey();
      expect(
        (await database.db.selectFrom('activity_chain_key').select('key_check').execute())[0],
      ).toEqual({ key_check: activityChainKeyCheck(key) });
    } finally {
      await drop();
    }
  });
});
