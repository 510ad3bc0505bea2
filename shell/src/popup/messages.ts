// The messages between the store page that opened the popup and the popup (issue 15's
// protocol): the store tells its origin with `parent-origin`; the popup answers only to that
// exact origin, and only when it is the origin of the store the popup works for (homeUrl).
import { POPUP_WINDOW_NAME } from './paths';

/** What the store posts: its own origin, every 500 ms while the popup is open. */
export const PARENT_ORIGIN = 'parent-origin';

/** What the popup posts to the store. */
export type StoreMessage =
  { type: 'content-loaded' } | { type: 'setup-complete'; stationURL: string };

/** What the frame overlay of the full shell (spec 2.10) closes on. */
export const CLOSE_IFRAME = 'CLOSE_IFRAME';

/** The origin of an http(s) `homeUrl`, or null. */
export function homeOriginOf(homeUrl: string | null): string | null {
  if (!homeUrl) return null;
  try {
    const url = new URL(homeUrl);
    return url.protocol === 'http:' || url.protocol === 'https:' ? url.origin : null;
  } catch {
    return null;
  }
}

function dataOf(data: unknown): Record<string, unknown> | null {
  let value = data;
  if (typeof data === 'string') {
    try {
      value = JSON.parse(data);
    } catch {
      return null;
    }
  }
  return typeof value === 'object' && value !== null ? (value as Record<string, unknown>) : null;
}

/** What a message event is checked against. */
export interface OriginRules {
  /** The window the store's messages come from: the opener (popup) or the parent (frame). */
  storeWindow: MessageEventSource | null;
  /** The store's home URL of the popup's query. */
  homeUrl: string | null;
}

/**
 * The store origin a `message` event tells, or null when the event must be ignored: it must
 * come from `storeWindow`, at the origin of `homeUrl`, be a `parent-origin` message (an object
 * or its JSON text), and any `origin` it names must be the event's own.
 */
export function acceptedStoreOrigin(
  event: Pick<MessageEvent, 'data' | 'origin' | 'source'>,
  { storeWindow, homeUrl }: OriginRules,
): string | null {
  const expected = homeOriginOf(homeUrl);
  if (!expected || !storeWindow || event.source !== storeWindow) return null;
  if (event.origin !== expected) return null;
  const data = dataOf(event.data);
  if (!data || data.type !== PARENT_ORIGIN) return null;
  if (data.origin !== undefined && data.origin !== event.origin) return null;
  return expected;
}

/** The window that posts to and hears from the popup: the opener, the parent frame, or none. */
export type PopupMode = 'popup' | 'frame' | 'standalone';

/**
 * How this page was opened: inside a frame of the shell's onboarding overlay (spec 2.10), as
 * the store's popup (spec 2.12: the window name ServiceAuthGateway; or any window with an opener,
 * should a browser have dropped the name on the way through the provider and the store), or on
 * its own.
 */
export function popupModeOf(win: Pick<Window, 'name' | 'parent' | 'opener'>): PopupMode {
  if (win.parent && win.parent !== win) return 'frame';
  if (win.name === POPUP_WINDOW_NAME || win.opener) return 'popup';
  return 'standalone';
}

/** The store's window in `mode`, or null when there is none to talk to. */
export function storeWindowOf(
  win: Pick<Window, 'parent' | 'opener'>,
  mode: PopupMode,
): Window | null {
  if (mode === 'frame') return win.parent;
  if (mode === 'popup') return (win.opener as Window | null) ?? null;
  return null;
}
