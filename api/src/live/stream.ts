import type { ServerResponse } from 'node:http';
import type { Kysely } from 'kysely';
import type { Database } from '../db/types';
import { PREPARED } from '../db';
import type { LiveHub } from './hub';
import { LIVE_COALESCE_MS, LIVE_HEARTBEAT_MS, LIVE_RETRY_MS } from './timing';

export { LIVE_COALESCE_MS, LIVE_HEARTBEAT_MS, LIVE_RETRY_MS };
/** Events read per query. */
const BATCH = 500;
/** Longest a timer may wait (setTimeout's limit). */
const MAX_TIMER_MS = 2 ** 31 - 1;

/**
 * The headers of an event stream: never cached, buffered or compressed on the way
 * (no-transform keeps compressing proxies such as webpack-dev-server's from holding events
 * back in their compression window).
 */
export const EVENT_STREAM_HEADERS = {
  'content-type': 'text/event-stream; charset=utf-8',
  'cache-control': 'no-store, no-transform',
  'x-accel-buffering': 'no',
  // The reply is hijacked past the onSend hooks: the api's nosniff is set here too.
  'x-content-type-options': 'nosniff',
  connection: 'keep-alive',
} as const;

/** What one stream sends and for how long. */
export interface LiveStreamOptions {
  db: Kysely<Database>;
  hub: LiveHub;
  userId: string;
  /** Replay the user's events after this id (Last-Event-ID); null: only what comes next. */
  lastEventId: number | null;
  /** Epoch ms when the stream ends (the session behind its ticket). */
  endsAt: number;
  /**
   * Asked on every heartbeat: false ends the stream (the user was banned since it opened).
   * A failing check is no answer: the stream goes on until the next one.
   */
  stillAllowed?: () => Promise<boolean>;
  heartbeatMs?: number;
  coalesceMs?: number;
}

type EventRow = { id: number | string; kind: string; data: string };

/**
 * Keeps only the last `orders` event of each application in a batch: a burst of deliveries
 * becomes one refresh of that application's figures. Activity events all stay.
 */
export function coalesceEvents<T extends EventRow>(rows: T[]): T[] {
  const lastOrders = new Map<string, number | string>();
  for (const row of rows) {
    if (row.kind === 'orders') lastOrders.set(row.data, row.id);
  }
  return rows.filter((row) => row.kind !== 'orders' || lastOrders.get(row.data) === row.id);
}

/**
 * Serves the user's live events on `res` (already hijacked from Fastify): the headers, a
 * `retry:` hint, the replay after `lastEventId` (or `event: reset` when that event is no longer
 * in the log), then each event as `id:`/`event:`/`data:` when the hub signals, a heartbeat
 * comment every {@link LIVE_HEARTBEAT_MS} (with the `stillAllowed` check), until the client
 * goes, the session ends, the user is banned or the api closes.
 */
export async function serveLiveStream(res: ServerResponse, options: LiveStreamOptions) {
  const { db, hub, userId } = options;
  let lastId = 0;
  let ended = false;
  let reading = false;
  let again = false;
  let pending: NodeJS.Timeout | null = null;
  let unsubscribe: (() => void) | null = null;
  let heartbeat: NodeJS.Timeout | null = null;
  let sessionEnd: NodeJS.Timeout | null = null;
  let untrack: (() => void) | null = null;

  // Everything the stream holds is let go here, whenever the client leaves: the close
  // listener comes first, so that a client gone during the first query is seen too.
  function end() {
    if (ended) return;
    ended = true;
    unsubscribe?.();
    untrack?.();
    if (heartbeat) clearInterval(heartbeat);
    if (sessionEnd) clearTimeout(sessionEnd);
    if (pending) clearTimeout(pending);
    res.end();
  }
  res.on('close', end);
  const gone = () => {
    if (res.destroyed) end();
    return ended;
  };

  // A replay goes on from the given event only while that event is still in the log: past
  // it (pruned after its hour) or unknown, events may be missing, so the client is told to
  // load everything again (a `reset`) and the stream goes on with what comes next.
  let reset = false;
  if (options.lastEventId !== null) {
    const known = await db
      .selectFrom('live_events')
      .select('id')
      .where('user_id', '=', userId)
      .where('id', '=', options.lastEventId)
      .executeTakeFirst();
    if (gone()) return;
    if (known) lastId = options.lastEventId;
    else reset = true;
  }
  if (options.lastEventId === null || reset) {
    // Only what comes next: start after the newest event there is now. Subscribing after
    // this read loses nothing: the first read below picks up what was written in between.
    const newest = await db
      .selectFrom('live_events')
      .select((eb) => eb.fn.max('id').as('id'))
      .where('user_id', '=', userId)
      .executeTakeFirst();
    if (gone()) return;
    lastId = Number(newest?.id ?? 0);
  }

  res.writeHead(200, EVENT_STREAM_HEADERS);
  // An empty `id:` clears the browser's Last-Event-ID when the user has no event yet.
  res.write(
    `retry: ${LIVE_RETRY_MS}\n\n` +
      (reset ? `id: ${lastId === 0 ? '' : lastId}\nevent: reset\ndata: {}\n\n` : ''),
  );

  const read = async (): Promise<void> => {
    if (ended) return;
    if (reading) {
      again = true;
      return;
    }
    reading = true;
    try {
      for (;;) {
        again = false;
        const rows = await db
          .selectFrom('live_events')
          .modifyFront(PREPARED)
          .select(['id', 'kind', 'data'])
          .where('user_id', '=', userId)
          .where('id', '>', lastId)
          .orderBy('id')
          .limit(BATCH)
          .execute();
        if (gone()) return;
        const last = rows[rows.length - 1];
        if (last) {
          const text = coalesceEvents(rows)
            .map((row) => `id: ${row.id}\nevent: ${row.kind}\ndata: ${row.data}\n\n`)
            .join('');
          res.write(text);
          lastId = Number(last.id);
        }
        if (rows.length < BATCH && !again) return;
      }
    } catch {
      // The database is gone for now: the browser reconnects with Last-Event-ID.
      end();
    } finally {
      reading = false;
    }
  };
  const schedule = () => {
    if (pending || ended) return;
    pending = setTimeout(() => {
      pending = null;
      void read();
    }, options.coalesceMs ?? LIVE_COALESCE_MS);
  };
  const beat = async () => {
    if (ended) return;
    res.write(': heartbeat\n\n');
    if (!options.stillAllowed) return;
    try {
      if (!(await options.stillAllowed())) end();
    } catch {
      // The database did not answer: the next heartbeat asks again.
    }
  };

  unsubscribe = hub.subscribe(userId, schedule);
  heartbeat = setInterval(() => void beat(), options.heartbeatMs ?? LIVE_HEARTBEAT_MS);
  sessionEnd = setTimeout(
    () => end(),
    Math.min(Math.max(options.endsAt - Date.now(), 0), MAX_TIMER_MS),
  );
  untrack = hub.track({ end: () => end() });
  await read();
}
