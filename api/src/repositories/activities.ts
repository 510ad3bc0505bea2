import { sql, type Kysely, type RawBuilder } from 'kysely';
import { newId, nowIso } from '../db/ids';
import type { AssistantTaskId } from '../db/assistant-tasks';
import type { ActivityRow, Database } from '../db/types';
import type { LiveEventInput, NamedWrite } from '../live/events';
import { isPostgres, liveFeedLockSql, lockLiveFeed, recordLiveEvents } from '../live/events';
import type { Activity } from '@pos/shared/wire';
import type { ChainedFields } from '../db/activity-chain';
import {
  activityChainKeyCheck,
  activityHash,
  activityHashSql,
  GENESIS_HASH,
} from '../db/activity-chain';
import type { TaskCompletion } from './user-tasks';
import { completeTask, completionWithEvent } from './user-tasks';

export type { Activity };

/** Feed types of the activity feed (spec 3), in the spec's order. */
export const FEED_TYPES = [
  'applicationAdded',
  'applicationAuthorized',
  'applicationDisconnected',
  'applicationShared',
  'applicationUpdated',
  'customerAdded',
  'errorNotification',
  'orderProcessed',
  'posUrlChanged',
  'productAdded',
  'stationOpened',
] as const;

/** One of {@link FEED_TYPES}. */
export type FeedType = (typeof FEED_TYPES)[number];

/**
 * The Assistant task a feed entry proves (issue 14): the task, the application it was done
 * for (kept only when it is that user's own), and whose task it is when not the feed owner's.
 */
export interface TaskProof {
  task: AssistantTaskId;
  applicationId?: string | null;
  /**
   * Whose task it proves, when not the feed owner's: a station opened by a member of the
   * owner's application proves the member's own task (a manager's; others have no assistant).
   */
  userId?: string;
}

/** What a new feed entry carries. */
export interface NewActivity {
  name: string;
  feedType: FeedType;
  link?: string | null;
  linkName?: string | null;
  /** Defaults to now; seeds pass older times. */
  createdAt?: string;
  /**
   * Internal, never stored nor shown: the Assistant task this entry proves, a machine-readable
   * marker rather than words to parse. The append completes it in the same transaction (once:
   * a task completed already, by an event or by hand, stays as it is) and records the live
   * `tasks` event. A bare id proves the feed owner's task without an application.
   */
  proves?: AssistantTaskId | TaskProof;
}

/** The completion an entry's `proves` asks for, and for whom; null when it proves nothing. */
function proofOf(
  ownerId: string,
  entry: NewActivity,
): { userId: string; completion: TaskCompletion } | null {
  if (!entry.proves) return null;
  const proof: TaskProof = typeof entry.proves === 'string' ? { task: entry.proves } : entry.proves;
  return {
    userId: proof.userId ?? ownerId,
    completion: {
      task: proof.task,
      applicationId: proof.applicationId ?? null,
      by: 'event',
      eventKind: entry.feedType,
    },
  };
}

function toActivity(row: ActivityRow): Activity {
  return {
    id: row.id,
    owner: row.user_id,
    name: row.name,
    createdAt: row.created_at,
    link: row.link,
    linkName: row.link_name,
    feedType: row.feed_type as FeedType,
  };
}

/** What GET /activities/verify answers. */
export interface ChainVerification {
  ok: boolean;
  /**
   * How many entries are known to hold: the ones up to the checkpoint this run started from
   * plus the ones it read (up to the broken one when the chain is broken).
   */
  checked: number;
  /** How many entries this run read. */
  read: number;
  /** The seq of the checkpoint this run started after (0: the whole chain was read). */
  fromSeq: number;
  /**
   * The first entry whose hash, seq or link to the previous one does not match; null when
   * the chain holds, or when only its end is wrong (the newest entries deleted: the entries
   * left match each other but not the owner's head).
   */
  firstBroken: { id: string; createdAt: string } | null;
}

/** Entries read per query by the verify and the export (never the whole feed in memory). */
export const CHAIN_BATCH = 1000;

/** Shortest time between two verifications of one owner's chain (any instance), in ms. */
export const VERIFY_MIN_INTERVAL_MS = 10_000;

/**
 * `text` with each unpaired UTF-16 surrogate replaced by U+FFFD, as both databases store it: a
 * name from a store's webhook may carry one, and the entry's hash must cover what is stored.
 */
function wellFormed(text: string): string {
  return text.replace(/\p{Surrogate}/gu, '\uFFFD');
}

/** A new entry's row without its place in the chain (seq and hashes). */
function newActivityRow(
  userId: string,
  entry: NewActivity,
): Omit<ActivityRow, 'seq' | 'prev_hash' | 'hash'> {
  return {
    id: newId(),
    user_id: userId,
    name: wellFormed(entry.name),
    feed_type: entry.feedType,
    // An empty link is none: the export writes both as an empty cell, which reads back as null.
    link: entry.link ? wellFormed(entry.link) : null,
    link_name: entry.linkName ? wellFormed(entry.linkName) : null,
    created_at: entry.createdAt ?? nowIso(),
  };
}

/** What an entry's hash covers, from its row (seq may come back from PostgreSQL as text). */
function chainedFieldsOf(row: ActivityRow): ChainedFields {
  return {
    owner: row.user_id,
    seq: Number(row.seq),
    prevHash: row.prev_hash,
    name: row.name,
    feedType: row.feed_type,
    link: row.link,
    linkName: row.link_name,
    createdAt: row.created_at,
  };
}

/**
 * PostgreSQL: one append as parts of a single statement ({@link recordLiveEvents}' writes,
 * events and derived), for {@link appendActivity} and for a caller that appends in the
 * statement of its own change. `chain_head` moves the owner's head: an upsert that sees the
 * head as it is once the row is locked, takes the live-feed lock first (every writer takes
 * the two in that order), and computes the entry's hash in SQL from the head's seq and hash;
 * it returns the new seq, the hash before and the new hash, which `chain_entry` stores with
 * the entry. The owner's task, when the entry proves one, is the derived write. With
 * `onlyIf` (a condition that may read the caller's earlier writes) nothing is appended, and
 * no activity event recorded, unless it holds. A task proven for another user is not
 * completed here ({@link appendActivity} does it after).
 */
export function appendActivityWrites(
  userId: string,
  entry: NewActivity,
  options: { alsoRecord?: LiveEventInput[]; onlyIf?: RawBuilder<boolean> } = {},
): {
  activity: Activity;
  writes: NamedWrite[];
  events: LiveEventInput[];
  derived?: { write: RawBuilder<unknown>; kind: 'tasks' };
} {
  const base = newActivityRow(userId, entry);
  const activity = toActivity({ ...base, seq: 0, prev_hash: '', hash: '' });
  const fields = chainedFieldsOf({ ...base, seq: 0, prev_hash: '', hash: '' });
  const first = activityHash({ ...fields, seq: 1, prevHash: GENESIS_HASH });
  const lock = liveFeedLockSql(userId);
  const gate = options.onlyIf ? sql`case when ${options.onlyIf} then ${lock} else false end` : lock;
  const moved = sql<boolean>`exists (select 1 from chain_head)`;
  const proof = proofOf(userId, entry);
  const ownersTask = proof && proof.userId === userId ? proof.completion : null;
  return {
    activity,
    writes: [
      {
        name: 'chain_head',
        write: sql`insert into activity_heads (user_id, seq, hash, prev_hash)
          select cast(${userId} as text), 1, cast(${first} as text), cast(${GENESIS_HASH} as text)
          where ${gate}
          on conflict (user_id) do update set
            seq = activity_heads.seq + 1,
            prev_hash = activity_heads.hash,
            hash = ${activityHashSql(fields, sql`activity_heads.seq + 1`, sql`activity_heads.hash`)}
          returning seq, prev_hash, hash`,
      },
      {
        name: 'chain_entry',
        write: sql`insert into activities
            (id, user_id, name, feed_type, link, link_name, created_at, seq, prev_hash, hash)
          select ${base.id}, ${base.user_id}, ${base.name}, ${base.feed_type}, ${base.link},
            ${base.link_name}, ${base.created_at}, seq, prev_hash, hash
          from chain_head`,
      },
    ],
    events: [
      { kind: 'activity', data: activity, ...(options.onlyIf ? { onlyIf: moved } : {}) },
      ...(options.alsoRecord ?? []),
    ],
    ...(ownersTask
      ? { derived: { write: completionWithEvent(userId, ownersTask, moved), kind: 'tasks' } }
      : {}),
  };
}

/**
 * THE way an entry enters a feed: every writer (routes, domain, orders, seed) goes through
 * here. Inside `db`'s transaction (one is opened when `db` is not one, except around
 * PostgreSQL's single statement) it takes the owner's live-feed lock, then bumps the owner's
 * head in activity_heads with one upsert (on PostgreSQL the row stays locked until commit, so
 * two appends for one owner wait for each other instead of forking the chain; SQLite
 * serialises transactions), inserts the entry chained to the head's hash, moves the head, and
 * records the live `activity` event (with `alsoRecord`, the caller's events of the same
 * change, in the same statement). An entry that `proves` an Assistant task completes it here
 * too, with its live `tasks` event (on PostgreSQL in that same statement when it is the
 * owner's task). Returns the entry as the feed lists it.
 */
export async function appendActivity(
  db: Kysely<Database>,
  userId: string,
  entry: NewActivity,
  alsoRecord: LiveEventInput[] = [],
): Promise<Activity> {
  const postgres = isPostgres(db);
  const proof = proofOf(userId, entry);
  const otherUser = proof && proof.userId !== userId ? proof.userId : null;
  // On PostgreSQL an append for the owner alone is one statement, atomic on its own: no
  // BEGIN and COMMIT round trips around it.
  const oneStatement = postgres && !otherUser;
  if (!db.isTransaction && !oneStatement) {
    return db.transaction().execute((trx) => appendActivity(trx, userId, entry, alsoRecord));
  }
  if (otherUser && postgres) {
    // Two users' live feeds in one transaction: both locks first, in one order for every
    // writer, so two such appends cannot wait for each other (the head upsert takes the
    // owner's again, which an advisory lock allows).
    for (const id of [userId, otherUser].sort()) await lockLiveFeed(db, id);
  }
  if (postgres) {
    // One round trip for the head's move, the entry, the owner's task, the live events and
    // their NOTIFY.
    const append = appendActivityWrites(userId, entry, { alsoRecord });
    await recordLiveEvents(db, userId, append.events, {
      writes: append.writes,
      ...(append.derived ? { derived: append.derived } : {}),
    });
    if (proof && otherUser) await completeTask(db, otherUser, proof.completion, { locked: true });
    return append.activity;
  }
  // The new seq, and the hash of the entry before it (the head's, not yet moved).
  const head = await db
    .insertInto('activity_heads')
    .values({ user_id: userId, seq: 1, hash: GENESIS_HASH, prev_hash: GENESIS_HASH })
    .onConflict((oc) =>
      oc.column('user_id').doUpdateSet({
        seq: sql<number>`activity_heads.seq + 1`,
        prev_hash: sql<string>`activity_heads.hash`,
      }),
    )
    .returning(['seq', 'hash'])
    .executeTakeFirstOrThrow();
  const row: ActivityRow = {
    ...newActivityRow(userId, entry),
    seq: Number(head.seq),
    prev_hash: head.hash,
    hash: '',
  };
  row.hash = activityHash(chainedFieldsOf(row));
  const activity = toActivity(row);
  const ownersTask = proof && !otherUser ? proof.completion : null;
  await db.insertInto('activities').values(row).execute();
  await db
    .updateTable('activity_heads')
    .set({ hash: row.hash })
    .where('user_id', '=', userId)
    .execute();
  await recordLiveEvents(db, userId, [{ kind: 'activity', data: activity }, ...alsoRecord], {
    locked: true,
  });
  if (ownersTask) await completeTask(db, userId, ownersTask, { locked: true });
  if (proof && otherUser) await completeTask(db, otherUser, proof.completion, { locked: true });
  return activity;
}

/** The activity feed of each user. */
export class ActivitiesRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /**
   * A page of the user's own entries, newest first, and how many they have: the count is the
   * head's seq (the chain numbers every entry), not a count(*) over the whole feed.
   */
  async page(
    userId: string,
    page: number,
    limit: number,
  ): Promise<{ data: Activity[]; totalAll: number }> {
    const [rows, head] = await Promise.all([
      this.db
        .selectFrom('activities')
        .selectAll()
        .where('user_id', '=', userId)
        .orderBy('created_at', 'desc')
        .orderBy('id', 'desc')
        .limit(limit)
        .offset((page - 1) * limit)
        .execute(),
      this.db
        .selectFrom('activity_heads')
        .select('seq')
        .where('user_id', '=', userId)
        .executeTakeFirst(),
    ]);
    return { data: rows.map(toActivity), totalAll: Number(head?.seq ?? 0) };
  }

  /**
   * Makes sure this process's chain key is the one the database's feeds are keyed with: the
   * first instance records its key's check value (activityChainKeyCheck), and an instance with
   * another key gets an error instead of writing entries that no other instance verifies.
   */
  async checkChainKey(): Promise<void> {
    const check = activityChainKeyCheck();
    await this.db
      .insertInto('activity_chain_key')
      .values({ id: 1, key_check: check })
      .onConflict((oc) => oc.column('id').doNothing())
      .execute();
    const row = await this.db
      .selectFrom('activity_chain_key')
      .select('key_check')
      .where('id', '=', 1)
      .executeTakeFirstOrThrow();
    if (row.key_check !== check) {
      throw new Error(
        "The activity chain key is not the one this database's feeds are keyed with: every " +
          'api instance on it needs the same ACTIVITY_CHAIN_KEY (or, without it, the same ' +
          'STORE_SECRET_KEY it is derived from)',
      );
    }
  }

  /** Adds an entry to the user's feed (see {@link appendActivity}); returns its id. */
  async create(userId: string, entry: NewActivity): Promise<string> {
    return (await appendActivity(this.db, userId, entry)).id;
  }

  /**
   * Adds the entry unless the user's feed got the same one (type, name and link) in the last
   * `withinMs`; the id, or null when it was left out. Two requests at the same instant may
   * both add it: this thins out repeats, it is no lock.
   */
  async createUnlessRecent(
    userId: string,
    entry: NewActivity,
    withinMs: number,
  ): Promise<string | null> {
    const since = new Date(Date.now() - withinMs).toISOString();
    const recent = await this.db
      .selectFrom('activities')
      .select('id')
      .where('user_id', '=', userId)
      .where('feed_type', '=', entry.feedType)
      .where('name', '=', entry.name)
      .where('created_at', '>=', since)
      .where((eb) => (entry.link == null ? eb('link', 'is', null) : eb('link', '=', entry.link)))
      .limit(1)
      .executeTakeFirst();
    if (recent) return null;
    return this.create(userId, entry);
  }

  /**
   * Claims a verification run of the user's chain, at most one per `minIntervalMs` across
   * every api instance: the run's time is set in the owner's checkpoint row only when the
   * last run is older (one atomic upsert, so two instances cannot both claim it). Returns 0
   * when claimed, else the ms until the next run may start.
   */
  async claimVerifyRun(
    userId: string,
    minIntervalMs = VERIFY_MIN_INTERVAL_MS,
    now = Date.now(),
  ): Promise<number> {
    const cutoff = new Date(now - minIntervalMs).toISOString();
    const claimed = await this.db
      .insertInto('activity_verify_checkpoints')
      .values({
        user_id: userId,
        seq: 0,
        hash: GENESIS_HASH,
        last_run_at: new Date(now).toISOString(),
      })
      .onConflict((oc) =>
        oc
          .column('user_id')
          .doUpdateSet((eb) => ({ last_run_at: eb.ref('excluded.last_run_at') }))
          .where('activity_verify_checkpoints.last_run_at', '<=', cutoff),
      )
      .returning('user_id')
      .executeTakeFirst();
    if (claimed) return 0;
    const last = await this.db
      .selectFrom('activity_verify_checkpoints')
      .select('last_run_at')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Math.max(1, Date.parse(last?.last_run_at ?? '') + minIntervalMs - now || 1);
  }

  /**
   * Recomputes the user's chain in seq order, {@link CHAIN_BATCH} entries at a time, and
   * reports the first entry whose seq, prev_hash or hash does not follow from the one before
   * (an edited entry breaks its own hash, a deleted one the link of the next), then checks
   * that the last entry is the owner's head.
   *
   * It starts after the owner's checkpoint, the last entry an earlier run found intact, when
   * that entry is still there with the same hash: a feed is read once, not on every run. An
   * entry edited before the checkpoint is found only by a `full` run, from the first entry
   * (whoever can rewrite entries can rewrite the checkpoint too; the checkpoint saves reading,
   * it proves nothing). A run that finds the chain intact moves the checkpoint to its end;
   * one that finds it broken sets it back to the start.
   */
  async verify(userId: string, options: { full?: boolean } = {}): Promise<ChainVerification> {
    let fromSeq = 0;
    let fromHash = GENESIS_HASH;
    if (!options.full) {
      const checkpoint = await this.db
        .selectFrom('activity_verify_checkpoints as c')
        .innerJoin('activities as a', (join) =>
          join.onRef('a.user_id', '=', 'c.user_id').onRef('a.seq', '=', 'c.seq'),
        )
        .select(['c.seq', 'c.hash'])
        .where('c.user_id', '=', userId)
        .whereRef('a.hash', '=', 'c.hash')
        .executeTakeFirst();
      if (checkpoint) {
        fromSeq = Number(checkpoint.seq);
        fromHash = checkpoint.hash;
      }
    }
    let read = 0;
    let seq = fromSeq;
    let prevHash = fromHash;
    let firstBroken: ChainVerification['firstBroken'] = null;
    for (;;) {
      const rows = await this.db
        .selectFrom('activities')
        .selectAll()
        .where('user_id', '=', userId)
        .where('seq', '>', seq)
        .orderBy('seq')
        .limit(CHAIN_BATCH)
        .execute();
      for (const row of rows) {
        read += 1;
        const expected = activityHash(chainedFieldsOf(row));
        if (Number(row.seq) !== seq + 1 || row.prev_hash !== prevHash || row.hash !== expected) {
          firstBroken = { id: row.id, createdAt: row.created_at };
          break;
        }
        seq = Number(row.seq);
        prevHash = row.hash;
      }
      if (firstBroken || rows.length < CHAIN_BATCH) break;
    }
    let ok = false;
    if (!firstBroken) {
      const head = await this.db
        .selectFrom('activity_heads')
        .select(['seq', 'hash'])
        .where('user_id', '=', userId)
        .executeTakeFirst();
      ok = head ? Number(head.seq) === seq && head.hash === prevHash : seq === 0;
    }
    await this.saveCheckpoint(
      userId,
      ok ? { seq, hash: prevHash } : { seq: 0, hash: GENESIS_HASH },
    );
    return { ok, checked: fromSeq + read, read, fromSeq, firstBroken };
  }

  /** Moves the owner's checkpoint (kept when a concurrent run moved it further already). */
  private async saveCheckpoint(userId: string, at: { seq: number; hash: string }): Promise<void> {
    await this.db
      .insertInto('activity_verify_checkpoints')
      .values({ user_id: userId, seq: at.seq, hash: at.hash, last_run_at: nowIso() })
      .onConflict((oc) => {
        const update = oc.column('user_id').doUpdateSet({ seq: at.seq, hash: at.hash });
        return at.seq > 0 ? update.where('activity_verify_checkpoints.seq', '<', at.seq) : update;
      })
      .execute();
  }

  /**
   * The user's entries created in [from, to) (ISO instants), oldest first, read
   * {@link CHAIN_BATCH} at a time after the last one sent (the (user_id, created_at, id)
   * index serves each batch).
   */
  async *inPeriod(userId: string, from: string, to: string): AsyncGenerator<ActivityRow> {
    let after: Pick<ActivityRow, 'created_at' | 'id'> | null = null;
    for (;;) {
      const cursor: typeof after = after;
      const rows: ActivityRow[] = await this.db
        .selectFrom('activities')
        .selectAll()
        .where('user_id', '=', userId)
        .where('created_at', '>=', from)
        .where('created_at', '<', to)
        .$if(cursor !== null, (qb) =>
          qb.where((eb) =>
            eb(
              eb.refTuple('created_at', 'id'),
              '>',
              eb.tuple(cursor?.created_at ?? '', cursor?.id ?? ''),
            ),
          ),
        )
        .orderBy('created_at')
        .orderBy('id')
        .limit(CHAIN_BATCH)
        .execute();
      yield* rows;
      const last = rows[rows.length - 1];
      if (!last || rows.length < CHAIN_BATCH) return;
      after = last;
    }
  }
}
