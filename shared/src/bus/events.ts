import type { BubbleStatus } from '../types/entities';

/**
 * The one catalogue of events that cross the shell and the remotes. Each event has a `type`
 * and a typed payload; remotes talk to each other only through these.
 */
export interface PosEventMap {
  /** The session token was set, refreshed or cleared. */
  'token-changed': { token: string | null };
  /** Ask the shell to check whether the account is banned (also sent after any 402). */
  'check-ban': Record<string, never>;
  /** The shell learned the account's ban state. */
  'ban-changed': { isBanned: boolean };
  /** Show a notification bubble. `id` is given when a later event replaces the bubble. */
  notify: { message: string; status: BubbleStatus; id?: string };
  /** The user's plan changed: whoever shows plan data reloads it. */
  'plan-changed': Record<string, never>;
  /**
   * Assistant tasks changed (one was completed, by an event or by hand): the Assistant reloads
   * them. The shell's live stream sends it for the api's `tasks` event (and after a reset).
   */
  'tasks-changed': Record<string, never>;
  /**
   * Show `url` (http or https only) in the shell's onboarding iframe overlay (spec 2.10), named
   * `title`; the page in the frame may close it by posting `{type: 'CLOSE_IFRAME'}`.
   */
  'open-onboarding-iframe': { url: string; title: string };
  /**
   * An activity feed entry was written: by this browser (a danger bubble logged as
   * errorNotification) or, through the live stream, by the api (an order, a new customer…).
   */
  'activity-logged': { feedType: string; name: string };
  /**
   * Orders of an application changed on the api (created, updated or deleted by a store's
   * webhook or reconcile), pushed by the live stream: order counts and charts reload.
   * {@link EVERY_APPLICATION} when any may have (the stream lost its place and reset).
   */
  'orders-changed': { applicationId: string };
  /** The live stream's state, for whoever shows that the figures are live. */
  'live-status': { connected: boolean };
  /** User settings (role, quick launch…) changed. */
  'settings-changed': Record<string, never>;
}

/** Any event of the catalogue. */
export type PosEvent = {
  [K in keyof PosEventMap]: { type: K; payload: PosEventMap[K] };
}[keyof PosEventMap];

/** The names of every event. */
export type PosEventType = keyof PosEventMap;

/** The applicationId of an orders-changed that concerns every application (a stream reset). */
export const EVERY_APPLICATION = '*';
