// The onboarding popup's binding (issue 25): an application made through the popup belongs to
// the store whose own page opened it. The popup learns that page's origin from the browser
// (a `parent-origin` message's `event.origin`, which a page cannot forge) and sends it along;
// a store named by any other page — a foreign site opening the popup for a store it controls —
// is refused here, whatever the popup showed.
import type { StoreUrl } from '../../services/store-url';

/** The popup named a store that is not the one whose page opened it. */
export class StoreOriginError extends Error {
  override readonly name = 'StoreOriginError';
}

/** The popup's `storeOrigin` is no bare http(s) origin (scheme, host and port only). */
export class StoreOriginFormatError extends Error {
  override readonly name = 'StoreOriginFormatError';
}

/** The message of a malformed `storeOrigin`. */
export const STORE_ORIGIN_FORMAT_MESSAGE =
  "body/storeOrigin must be the origin of the store's page (scheme, host and port, nothing else)";

/** The refusal of a store named by another page than its own. */
export const storeOriginMessage = (storeUrl: string, storeOrigin: string): string =>
  `The store at ${storeUrl} can only be connected from its own page, not from ${storeOrigin}`;

/** `value` as a normalised bare http(s) origin, or null when it is anything more or less. */
export function bareOrigin(value: string): string | null {
  let url: URL;
  try {
    url = new URL(value);
  } catch {
    return null;
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return null;
  // `new URL` drops an empty "?" or "#": look at the text too.
  const more = url.pathname !== '/' || url.search || url.hash || /[?#]/.test(value);
  if (more || url.username || url.password) return null;
  return url.origin;
}

/**
 * Checks that the store at `storeUrl` is the one whose page opened the onboarding popup: its
 * origin must be `storeOrigin`. Throws {@link StoreOriginFormatError} for a malformed origin and
 * {@link StoreOriginError} for another one; nothing is read or written before.
 */
export function checkStoreOrigin(storeUrl: StoreUrl, storeOrigin: string): void {
  const origin = bareOrigin(storeOrigin);
  if (!origin) throw new StoreOriginFormatError(STORE_ORIGIN_FORMAT_MESSAGE);
  if (new URL(storeUrl.href).origin !== origin) {
    throw new StoreOriginError(storeOriginMessage(storeUrl.href, origin));
  }
}
