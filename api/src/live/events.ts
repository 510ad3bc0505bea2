import { EventEmitter } from 'node:events';
import { PostgresAdapter, sql, type Kysely, type RawBuilder } from 'kysely';
import { nowIso } from '../db/ids';
import type { Database } from '../db/types';

/**
 * What the live stream tells: an application's orders changed, a feed entry was added, or an
 * Assistant task was completed (`tasks`: the shell's client maps it to the bus's
 * `tasks-changed`).
 */
export type LiveKind = 'orders' | 'activity' | 'tasks';

/** How long an event stays for a reconnect's replay (Last-Event-ID). */
export const LIVE_EVENT_TTL_MS = 60 * 60 * 1000;

/** A signal that user `userId` has events up to `id`: the streams read them from the table. */
export interface LiveSignal {
  id: number;
  userId: string;
}

/**
 * The in-process fan-out on SQLite: a SQLite database is one process's file, so the POS host
 * and the api listener of that process share this emitter. It is emitted inside the writing
 * transaction; listeners read through the same Kysely instance, whose single connection is
 * held by that transaction, so their read runs after the commit (and finds nothing after a
 * rollback).
 */
export const localLiveSignals = new EventEmitter();
localLiveSignals.setMaxListeners(0);

/**
 * The PostgreSQL NOTIFY channel of the current schema: test schemas (and deployments that
 * share a database) each get their own, and every instance on one schema computes the same.
 */
export const LIVE_CHANNEL_EXPRESSION = "'pos_live_' || left(md5(current_schema()), 16)";
const LIVE_CHANNEL_SQL = sql.raw<string>(LIVE_CHANNEL_EXPRESSION);

/** Whether `db` (or a transaction of it) talks to PostgreSQL. */
export function isPostgres(db: Kysely<Database>): boolean {
  return db.getExecutor().adapter instanceof PostgresAdapter;
}

// The two-key advisory lock's first key: one namespace for the live feed locks.
const LIVE_LOCK_NAMESPACE = 0x4c495645;

/**
 * Serialises the user's live-event writers until the transaction ends (PostgreSQL; SQLite
 * transactions are serialised already). Ids come from one sequence at insert time, so
 * without it a transaction that took id 10 could commit after one that took 11, and a
 * stream that sent 11 would never send 10. The activity append takes it before the owner's
 * chain head, so every writer takes the two in the same order.
 */
export async function lockLiveFeed(trx: Kysely<Database>, userId: string): Promise<void> {
  if (!isPostgres(trx)) return;
  await sql`select ${liveFeedLockSql(userId)}`.execute(trx);
}

/**
 * The PostgreSQL expression that takes {@link lockLiveFeed}'s lock (true once it holds), for
 * a statement that takes it on its way (the activity append's head upsert).
 */
export function liveFeedLockSql(userId: string) {
  return sql<boolean>`(pg_advisory_xact_lock(${LIVE_LOCK_NAMESPACE}, hashtext(${userId})) is not null)`;
}

/** One event to record: its kind and its data (JSON-encoded into the log). */
export interface LiveEventInput {
  kind: LiveKind;
  data: unknown;
  /**
   * PostgreSQL only: a condition of the statement the event is recorded in (it may read the
   * rows of the statement's named writes); the event is recorded only when it holds. A caller
   * on SQLite decides itself which events to pass.
   */
  onlyIf?: RawBuilder<boolean>;
}

/** A named sub-statement of a PostgreSQL WITH: the parts after it may read its rows. */
export interface NamedWrite {
  name: string;
  write: RawBuilder<unknown>;
}

/**
 * PostgreSQL: the WITH of one statement that runs `writes` (each a named data-modifying
 * statement), then `derived` (one more write, returning a `data` column of JSON text: each
 * row it returns is recorded as an event of `kind`), records `events` (each whose `onlyIf`
 * holds) and the derived rows in live_events, and sends one NOTIFY for the newest id (payload
 * "id:userId"; a stream reads everything after its last id anyway). It ends with the parts
 * `added` (the events' ids) and `notified`, which the statement's SELECT must read.
 *
 * Unless `locked`, every event row takes the user's live-feed lock before it gets its id
 * (after its `onlyIf` is evaluated, so a write that condition reads runs before the lock is
 * asked for: the lock order stays the one of a change made in several statements). The
 * derived write itself runs before its rows take the lock: it must be gated on a write that
 * took it (an append's is gated on `chain_head`).
 */
export function liveEventsWith(
  userId: string,
  events: LiveEventInput[],
  options: {
    writes?: NamedWrite[];
    derived?: { write: RawBuilder<unknown>; kind: LiveKind };
    locked?: boolean;
  } = {},
): RawBuilder<unknown> {
  const createdAt = nowIso();
  const lock = options.locked ? sql<boolean>`true` : liveFeedLockSql(userId);
  const gate = (onlyIf: RawBuilder<boolean> | undefined) =>
    onlyIf ? sql`case when ${onlyIf} then ${lock} else false end` : lock;
  const rows = events.map(
    (event) =>
      sql`select cast(${userId} as text), cast(${event.kind} as text),
        cast(${JSON.stringify(event.data)} as text), cast(${createdAt} as text)
        where ${gate(event.onlyIf)}`,
  );
  // Data-modifying statements of a WITH must be at its top level: the derived write is one
  // more of them, and the insert takes its rows after the given ones.
  const parts = (options.writes ?? []).map(
    ({ name, write }) => sql`${sql.id(name)} as (${write}), `,
  );
  const derived = options.derived;
  if (derived) {
    parts.push(sql`derived as (${derived.write}), `);
    rows.push(
      sql`select cast(${userId} as text), cast(${derived.kind} as text), derived.data,
        cast(${createdAt} as text) from derived where ${lock}`,
    );
  }
  return sql`with ${sql.join(parts, sql``)}added as (
      insert into live_events (user_id, kind, data, created_at)
      ${sql.join(rows, sql` union all `)}
      returning id
    ),
    notified as (
      select pg_notify(${LIVE_CHANNEL_SQL}, max(id)::text || ':' || ${userId}) as sent
      from added having count(*) > 0
    )`;
}

/**
 * Records events for `userId` inside the caller's transaction `trx` (the change they report
 * commits with them or not at all), in one statement, and signals the streams: NOTIFY on
 * PostgreSQL, which is delivered on commit, the in-process emitter on SQLite. Pass `locked`
 * when {@link lockLiveFeed} was already called in this transaction. Returns the ids.
 */
export async function recordLiveEvents(
  trx: Kysely<Database>,
  userId: string,
  events: LiveEventInput[],
  options: {
    locked?: boolean;
    /**
     * PostgreSQL only: the caller's writes of the same change, run in this statement to save
     * round trips ({@link liveEventsWith}). The caller runs them itself on SQLite.
     */
    writes?: NamedWrite[];
    /** PostgreSQL only: see {@link liveEventsWith}. The caller runs it itself on SQLite. */
    derived?: { write: RawBuilder<unknown>; kind: LiveKind };
  } = {},
): Promise<number[]> {
  if (events.length === 0 && !options.derived) return [];
  if (isPostgres(trx)) {
    const result = await sql<{ id: string }>`${liveEventsWith(userId, events, options)}
      select added.id from added cross join notified`.execute(trx);
    return result.rows.map((row) => Number(row.id)).sort((x, y) => x - y);
  }
  const createdAt = nowIso();
  const rows = events.map((event) => ({
    user_id: userId,
    kind: event.kind,
    data: JSON.stringify(event.data),
    created_at: createdAt,
  }));
  if (rows.length === 0) return [];
  const added = await trx.insertInto('live_events').values(rows).returning('id').execute();
  const ids = added.map((row) => Number(row.id)).sort((x, y) => x - y);
  localLiveSignals.emit('signal', { id: ids[ids.length - 1]!, userId } satisfies LiveSignal);
  return ids;
}

/** Records one event; see {@link recordLiveEvents}. Returns its id. */
export async function recordLiveEvent(
  trx: Kysely<Database>,
  userId: string,
  kind: LiveKind,
  data: unknown,
  options: { locked?: boolean } = {},
): Promise<number> {
  const [id] = await recordLiveEvents(trx, userId, [{ kind, data }], options);
  return id!;
}

/** Deletes the events older than {@link LIVE_EVENT_TTL_MS}; returns how many. */
export async function pruneLiveEvents(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('live_events')
    .where('created_at', '<', new Date(now - LIVE_EVENT_TTL_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
