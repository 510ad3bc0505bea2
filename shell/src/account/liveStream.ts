import { API_BASE_PATH, EVERY_APPLICATION, type EventBus } from '@pos/shared';
import { isAxiosError, type AxiosInstance } from 'axios';
import { useEffect, useRef } from 'react';
import { useShell } from '../app/ShellContext';
import { useSessionToken } from '../app/useSessionToken';

/** POST /live/ticket (relative to the api client's base). */
export const LIVE_TICKET_PATH = '/live/ticket';
/** The stream, through the shell's same-origin proxy. */
export const LIVE_STREAM_URL = `${API_BASE_PATH}/live/stream`;

/** The applicationId of the `orders-changed` sent after a `reset`: every application. */
export const RESET_APPLICATION_ID = EVERY_APPLICATION;

/** What an EventSource must offer here (the browser's, or a test's). */
export interface EventSourceLike {
  onopen: ((event: Event) => void) | null;
  onerror: ((event: Event) => void) | null;
  addEventListener(type: string, listener: (event: MessageEvent<string>) => void): void;
  close(): void;
}

/** Builds an EventSource for a URL. */
export type EventSourceFactory = (url: string) => EventSourceLike;

/** Waits between reconnects: doubling from `initialMs` up to `maxMs`. */
export interface Backoff {
  initialMs: number;
  maxMs: number;
}

/** The default backoff: 1 s, 2 s, 4 s… up to 30 s. */
export const LIVE_BACKOFF: Backoff = { initialMs: 1000, maxMs: 30_000 };

/** What a {@link LiveConnection} needs. */
export interface LiveConnectionOptions {
  api: AxiosInstance;
  bus: EventBus;
  openEventSource: EventSourceFactory;
  /** Replay from here on the first connect (the previous connection's last id). */
  lastEventId?: string | null;
  backoff?: Backoff;
}

/**
 * Whether a failed ticket request is final: the api refused this session (401 signed out, 402
 * banned, 403 not allowed, any other 4xx but a timeout or a rate limit), so asking again would
 * only repeat the refusal, and every 402 would make the api client check the ban again.
 */
export function isFinalTicketFailure(error: unknown): boolean {
  if (!isAxiosError(error) || !error.response) return false;
  const { status } = error.response;
  return status >= 400 && status < 500 && status !== 408 && status !== 429;
}

function parse(data: string): Record<string, unknown> | null {
  try {
    const value: unknown = JSON.parse(data);
    return value && typeof value === 'object' ? (value as Record<string, unknown>) : null;
  } catch {
    return null;
  }
}

/**
 * The signed-in browser's live stream: gets a ticket with the api client (an EventSource
 * cannot send the bearer), opens the stream and turns its events into bus events —
 * `orders-changed` {applicationId}, `activity-logged` {feedType, name}, `tasks-changed` for
 * `tasks`, all three (for every application, with an empty entry) on a `reset` — and
 * `live-status`.
 * When the stream breaks or ends (a ticket lasts a minute, a stream its session) it closes
 * the EventSource, whose own retry would reuse the spent ticket, and connects again after a
 * doubling wait with a new ticket, passing the last event id so nothing is missed. A ticket
 * refused with a 4xx (signed out, banned) ends the connection instead of retrying.
 */
export class LiveConnection {
  private source: EventSourceLike | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private attempt = 0;
  private closed = false;
  private connected = false;
  /** The id of the last event received (or given to start from). */
  lastEventId: string | null;

  constructor(private readonly options: LiveConnectionOptions) {
    this.lastEventId = options.lastEventId ?? null;
  }

  /** Connects; call {@link close} to stop. */
  start(): void {
    void this.connect();
  }

  /** Closes the stream and stops reconnecting (sign-out, another token). */
  close(): void {
    this.closed = true;
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    this.source?.close();
    this.source = null;
    this.setConnected(false);
  }

  private setConnected(connected: boolean): void {
    if (this.connected === connected) return;
    this.connected = connected;
    this.options.bus.emit('live-status', { connected });
  }

  private async connect(): Promise<void> {
    let ticket: string;
    try {
      const response = await this.options.api.post<{ ticket?: unknown }>(LIVE_TICKET_PATH);
      if (typeof response.data?.ticket !== 'string') throw new Error('no ticket');
      ticket = response.data.ticket;
    } catch (error) {
      // A refusal stays until the session or the ban changes, and the hook starts a new
      // connection then; only a network or server failure is worth retrying.
      if (!isFinalTicketFailure(error)) this.retryLater();
      return;
    }
    if (this.closed) return;
    const query = new URLSearchParams({ ticket });
    if (this.lastEventId) query.set('lastEventId', this.lastEventId);
    const source = this.options.openEventSource(`${LIVE_STREAM_URL}?${query.toString()}`);
    this.source = source;
    const received = (event: MessageEvent<string>) => {
      if (event.lastEventId) this.lastEventId = event.lastEventId;
      return parse(event.data);
    };
    source.onopen = () => {
      this.attempt = 0;
      this.setConnected(true);
    };
    source.addEventListener('orders', (event) => {
      const data = received(event);
      if (typeof data?.applicationId === 'string') {
        this.options.bus.emit('orders-changed', { applicationId: data.applicationId });
      }
    });
    source.addEventListener('activity', (event) => {
      const data = received(event);
      if (typeof data?.feedType === 'string' && typeof data.name === 'string') {
        this.options.bus.emit('activity-logged', { feedType: data.feedType, name: data.name });
      }
    });
    // One of the user's Assistant tasks was completed (by an event or by hand): the Assistant
    // reloads them; what was completed is in GET user-tasks.
    source.addEventListener('tasks', (event) => {
      received(event);
      this.options.bus.emit('tasks-changed');
    });
    // The api no longer has the events after our last id (kept an hour) or never knew it:
    // whoever shows orders, the feed or the tasks reloads everything ('*': every application).
    source.addEventListener('reset', (event) => {
      received(event);
      this.options.bus.emit('orders-changed', { applicationId: RESET_APPLICATION_ID });
      this.options.bus.emit('activity-logged', { feedType: '', name: '' });
      this.options.bus.emit('tasks-changed');
    });
    source.onerror = () => {
      if (this.source !== source) return;
      source.close();
      this.source = null;
      this.setConnected(false);
      this.retryLater();
    };
  }

  private retryLater(): void {
    if (this.closed || this.timer) return;
    const { initialMs, maxMs } = this.options.backoff ?? LIVE_BACKOFF;
    const delay = Math.min(maxMs, initialMs * 2 ** this.attempt);
    this.attempt += 1;
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.connect();
    }, delay);
  }
}

const browserEventSource: EventSourceFactory | null =
  typeof EventSource === 'undefined' ? null : (url) => new EventSource(url);

/**
 * Keeps the live stream open while signed in to an account that is not banned (`isBanned` is
 * null until the account is loaded): a new connection for each session token and each time a
 * ban is lifted (the old one closed, its last event id carried over), none once signed out or
 * banned (the api refuses a banned account's ticket with 402). Browsers without EventSource
 * (and jsdom) get no stream.
 */
export function useLiveStream(
  api: AxiosInstance,
  isBanned: boolean | null,
  openEventSource: EventSourceFactory | null = browserEventSource,
): void {
  const { bus } = useShell();
  const token = useSessionToken();
  const lastEventId = useRef<string | null>(null);
  useEffect(() => {
    if (!token || isBanned !== false || !openEventSource) return undefined;
    const connection = new LiveConnection({
      api,
      bus,
      openEventSource,
      lastEventId: lastEventId.current,
    });
    connection.start();
    return () => {
      lastEventId.current = connection.lastEventId;
      connection.close();
    };
  }, [api, bus, token, isBanned, openEventSource]);
}
