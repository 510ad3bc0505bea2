import { EventEmitter } from 'node:events';
import { PostgresAdapter, sql, type Kysely } from 'kysely';
import { nowIso } from '../db/ids';
import type { Database } from '../db/types';

/** What the live stream tells: an application's orders changed, or a feed entry was added. */
export type LiveKind = 'orders' | 'activity';

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
  await sql`select pg_advisory_xact_lock(${LIVE_LOCK_NAMESPACE}, hashtext(${userId}))`.execute(trx);
}

/**
 * Records an event for `userId` inside the caller's transaction `trx` (the change it reports
 * commits with it or not at all) and signals the streams: NOTIFY on PostgreSQL, which is
 * delivered on commit, the in-process emitter on SQLite. Pass `locked` when
 * {@link lockLiveFeed} was already called in this transaction. Returns the event's id.
 */
export async function recordLiveEvent(
  trx: Kysely<Database>,
  userId: string,
  kind: LiveKind,
  data: unknown,
  options: { locked?: boolean } = {},
): Promise<number> {
  const values = { user_id: userId, kind, data: JSON.stringify(data), created_at: nowIso() };
  if (isPostgres(trx)) {
    if (!options.locked) await lockLiveFeed(trx, userId);
    // One round trip: the insert and its notification (payload "id:userId").
    const result = await sql<{ id: string }>`
      with added as (
        insert into live_events (user_id, kind, data, created_at)
        values (${values.user_id}, ${values.kind}, ${values.data}, ${values.created_at})
        returning id
      )
      select id, pg_notify(${LIVE_CHANNEL_SQL}, id::text || ':' || ${userId}) from added`.execute(
      trx,
    );
    return Number(result.rows[0]?.id);
  }
  const row = await trx
    .insertInto('live_events')
    .values(values)
    .returning('id')
    .executeTakeFirstOrThrow();
  const id = Number(row.id);
  localLiveSignals.emit('signal', { id, userId } satisfies LiveSignal);
  return id;
}

/** Deletes the events older than {@link LIVE_EVENT_TTL_MS}; returns how many. */
export async function pruneLiveEvents(db: Kysely<Database>, now = Date.now()): Promise<number> {
  const result = await db
    .deleteFrom('live_events')
    .where('created_at', '<', new Date(now - LIVE_EVENT_TTL_MS).toISOString())
    .executeTakeFirst();
  return Number(result.numDeletedRows);
}
