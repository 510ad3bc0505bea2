import type { FastifyBaseLogger } from 'fastify';
import type { Client, Notification } from 'pg';
import type { DatabaseHandle } from '../db';
import type { LiveSignal } from './events';
import { LIVE_CHANNEL_EXPRESSION, localLiveSignals, pruneLiveEvents } from './events';
import { LIVE_HEARTBEAT_MS } from './timing';
import { pruneLiveTicketUses } from './ticket';

/** How often the api deletes live events past their hour (and spent tickets past theirs). */
export const LIVE_PRUNE_INTERVAL_MS = 5 * 60 * 1000;
/** Wait before the LISTEN connection is made again after it broke. */
const RECONNECT_MS = 1000;
/**
 * How often the LISTEN connection is asked `select 1`: a half-open connection (the server
 * or a NAT forgot it without a FIN) delivers no NOTIFY and raises no error until written to.
 */
export const LIVE_HEALTH_CHECK_MS = 30_000;

/** Timings of a {@link LiveHub}. */
export interface LiveHubOptions {
  /** The streams' heartbeat (and ban check) period; {@link LIVE_HEARTBEAT_MS} by default. */
  heartbeatMs?: number;
  /** The LISTEN connection's health check period; 0 turns it off. */
  healthCheckMs?: number;
}

/** Something the hub can end when the api shuts down (an open stream). */
export interface Closable {
  end(): void;
}

/**
 * The live fan-out of one api process. On PostgreSQL one dedicated client LISTENs on the
 * schema's channel: a NOTIFY (sent on commit by whichever instance or listener wrote the
 * event) wakes the streams of that user held here, which then read the event log. On SQLite
 * the writers' in-process signal does the same. The hub keeps only who is connected here;
 * what to send always comes from the database.
 */
export class LiveHub {
  private readonly subscribers = new Map<string, Set<() => void>>();
  private readonly streams = new Set<Closable>();
  private client: Client | null = null;
  private reconnectTimer: NodeJS.Timeout | null = null;
  private pruneTimer: NodeJS.Timeout | null = null;
  private healthTimer: NodeJS.Timeout | null = null;
  private closed = false;
  /** The heartbeat period of the streams served here. */
  readonly heartbeatMs: number;
  private readonly healthCheckMs: number;
  private readonly onLocalSignal = (signal: LiveSignal) => this.wake(signal.userId);

  constructor(
    private readonly database: DatabaseHandle,
    private readonly log: FastifyBaseLogger,
    options: LiveHubOptions = {},
  ) {
    this.heartbeatMs = options.heartbeatMs ?? LIVE_HEARTBEAT_MS;
    this.healthCheckMs = options.healthCheckMs ?? LIVE_HEALTH_CHECK_MS;
  }

  /** The server process id of the LISTEN connection (PostgreSQL, while connected). */
  get listenerPid(): number | null {
    return (this.client as (Client & { processID?: number }) | null)?.processID ?? null;
  }

  /**
   * Starts listening (and the pruning, every {@link LIVE_PRUNE_INTERVAL_MS}); on PostgreSQL
   * the first LISTEN must succeed.
   */
  async start(pruneIntervalMs = LIVE_PRUNE_INTERVAL_MS): Promise<void> {
    if (this.database.newListenClient) {
      await this.listen();
    } else {
      localLiveSignals.on('signal', this.onLocalSignal);
    }
    if (pruneIntervalMs > 0) {
      const prune = () => {
        Promise.all([
          pruneLiveEvents(this.database.db),
          pruneLiveTicketUses(this.database.db),
        ]).catch((error: unknown) => this.log.warn({ err: error }, 'pruning live events failed'));
      };
      prune();
      this.pruneTimer = setInterval(prune, pruneIntervalMs);
      this.pruneTimer.unref();
    }
  }

  private async listen(): Promise<void> {
    const client = this.database.newListenClient!();
    client.on('notification', (message: Notification) => {
      // Payload "eventId:userId".
      const payload = message.payload ?? '';
      this.wake(payload.slice(payload.indexOf(':') + 1));
    });
    const broken = (error?: unknown) => {
      if (this.client !== client) return;
      this.client = null;
      if (error) this.log.warn({ err: error }, 'the live stream LISTEN connection broke');
      client.end().catch(() => undefined);
      this.reconnectLater();
    };
    client.on('error', broken);
    client.on('end', () => broken());
    await client.connect();
    try {
      const channel = (
        await client.query<{ channel: string }>(`select ${LIVE_CHANNEL_EXPRESSION} as channel`)
      ).rows[0]!.channel;
      await client.query(`listen "${channel}"`);
    } catch (error) {
      await client.end().catch(() => undefined);
      throw error;
    }
    if (this.closed) {
      await client.end();
      return;
    }
    this.client = client;
    this.log.info({ pid: this.listenerPid }, 'the live stream LISTENs');
    this.watch(client, broken);
    // Events written while nobody listened are in the log: every stream here reads again.
    for (const userId of this.subscribers.keys()) this.wake(userId);
  }

  /**
   * Asks the connection `select 1` every {@link LiveHubOptions.healthCheckMs}: a failure (or
   * no answer within the client's query_timeout) counts as a broken connection, which is
   * ended and made again (with its LISTEN).
   */
  private watch(client: Client, broken: (error?: unknown) => void): void {
    if (this.healthCheckMs <= 0) return;
    if (this.healthTimer) clearInterval(this.healthTimer);
    let asking = false;
    this.healthTimer = setInterval(() => {
      if (this.client !== client) {
        clearInterval(this.healthTimer!);
        this.healthTimer = null;
        return;
      }
      if (asking) return;
      asking = true;
      client
        .query('select 1')
        .catch((error: unknown) => broken(error))
        .finally(() => {
          asking = false;
        });
    }, this.healthCheckMs);
    this.healthTimer.unref();
  }

  private reconnectLater(): void {
    if (this.closed || this.reconnectTimer) return;
    this.reconnectTimer = setTimeout(() => {
      this.reconnectTimer = null;
      this.log.info('the live stream LISTEN connection is being made again');
      this.listen().catch((error: unknown) => {
        this.log.warn({ err: error }, 'the live stream LISTEN connection could not be made');
        this.reconnectLater();
      });
    }, RECONNECT_MS);
    this.reconnectTimer.unref();
  }

  private wake(userId: string): void {
    for (const onSignal of this.subscribers.get(userId) ?? []) onSignal();
  }

  /** Calls `onSignal` whenever `userId` may have new events; returns the unsubscribe. */
  subscribe(userId: string, onSignal: () => void): () => void {
    let set = this.subscribers.get(userId);
    if (!set) {
      set = new Set();
      this.subscribers.set(userId, set);
    }
    set.add(onSignal);
    return () => {
      set.delete(onSignal);
      if (set.size === 0 && this.subscribers.get(userId) === set) this.subscribers.delete(userId);
    };
  }

  /** How many streams of `userId` this process serves now (each holds one subscription). */
  subscriptionsOf(userId: string): number {
    return this.subscribers.get(userId)?.size ?? 0;
  }

  /** How many streams this process serves now (the metrics' live connections). */
  get streamCount(): number {
    return this.streams.size;
  }

  /** Tracks an open stream, so that {@link endStreams} can end it; returns the untrack. */
  track(stream: Closable): () => void {
    this.streams.add(stream);
    return () => this.streams.delete(stream);
  }

  /** Ends every open stream (the api is closing: browsers reconnect to another instance). */
  endStreams(): void {
    for (const stream of [...this.streams]) stream.end();
  }

  /** Stops listening and pruning. */
  async close(): Promise<void> {
    this.closed = true;
    this.endStreams();
    localLiveSignals.off('signal', this.onLocalSignal);
    if (this.pruneTimer) clearInterval(this.pruneTimer);
    if (this.reconnectTimer) clearTimeout(this.reconnectTimer);
    if (this.healthTimer) clearInterval(this.healthTimer);
    const client = this.client;
    this.client = null;
    if (client) await client.end().catch(() => undefined);
  }
}
