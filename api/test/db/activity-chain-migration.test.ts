import type { Kysely } from 'kysely';
import { migrateToLatest } from '../../src/db/migrations';
import { ActivitiesRepository } from '../../src/repositories/activities';
import { databaseAt } from '../helpers/migrations';

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
