import { isPrivateHost, resolvesToPrivateAddress } from './store/address-guard';

/** Longest store URL accepted. */
export const MAX_STORE_URL_LENGTH = 2048;

/** Text of the SSRF guard's refusal. */
export const PRIVATE_HOST_MESSAGE = 'The URL must point to a public site';

/** A store URL that cannot be used; `message` is safe to show. */
export class StoreUrlError extends Error {
  override readonly name = 'StoreUrlError';
}

/** A store URL after validation. */
export interface StoreUrl {
  /** Lowercase scheme and host, default port dropped, no trailing slash: `https://shop.example/wp`. */
  href: string;
  /** What makes two URLs the same site: host, port and path, lowercased (`shop.example/wp`). */
  key: string;
  /** Host (and port when not the default) for messages: `shop.example`. */
  host: string;
}

/**
 * Validates and normalises the URL of a WooCommerce site: http(s) only, no user name or
 * password, no query or fragment, at most {@link MAX_STORE_URL_LENGTH} characters. Unless
 * `allowPrivateHosts`, a host that is localhost or a private IP literal is refused, so the api
 * cannot be pointed at its own network.
 */
export function parseStoreUrl(input: string, allowPrivateHosts: boolean): StoreUrl {
  const text = input.trim();
  if (text.length === 0) throw new StoreUrlError('The URL is required');
  if (text.length > MAX_STORE_URL_LENGTH) {
    throw new StoreUrlError(`The URL must not be longer than ${MAX_STORE_URL_LENGTH} characters`);
  }
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    throw new StoreUrlError('The URL must be a full http:// or https:// address');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') {
    throw new StoreUrlError('The URL must be a full http:// or https:// address');
  }
  if (!url.hostname) throw new StoreUrlError('The URL must name a host');
  if (url.username || url.password) {
    throw new StoreUrlError('The URL must not contain a user name or password');
  }
  // `new URL` drops an empty "?" or "#": look at the text too.
  if (url.search || url.hash || /[?#]/.test(text)) {
    throw new StoreUrlError('The URL must not contain a query or a fragment');
  }
  if (!allowPrivateHosts && isPrivateHost(url.hostname)) {
    throw new StoreUrlError(PRIVATE_HOST_MESSAGE);
  }
  const pathname = url.pathname.replace(/\/+$/, '');
  const href = `${url.protocol}//${url.host}${pathname}`;
  if (href.length > MAX_STORE_URL_LENGTH) {
    throw new StoreUrlError(`The URL must not be longer than ${MAX_STORE_URL_LENGTH} characters`);
  }
  return { href, key: `${url.host}${pathname}`.toLowerCase(), host: url.host };
}

/** How long {@link assertPublicHost} waits for a name's addresses. */
const LOOKUP_TIMEOUT_MS = 5000;

/**
 * Unless `allowPrivateHosts`, refuses a store URL whose host name resolves to an address that
 * is not public (loopback, private, link-local…) with the {@link StoreUrlError} of a private IP
 * literal: a public name pointing at the api's own network is as dangerous as the literal, and
 * the owner should hear so when typing it, not first when connecting. The store client checks
 * every connection's addresses again (`publicOnlyLookup`), for a name whose answer changes later.
 */
export async function assertPublicHost(url: StoreUrl, allowPrivateHosts: boolean): Promise<void> {
  if (allowPrivateHosts) return;
  if (await resolvesToPrivateAddress(new URL(url.href).hostname, LOOKUP_TIMEOUT_MS)) {
    throw new StoreUrlError(PRIVATE_HOST_MESSAGE);
  }
}

/**
 * True when `url` (as a store reports its own address) is the site whose normalised key is
 * `homeUrlKey`, whatever its case, default port or trailing slash; false for anything that is
 * no store URL.
 */
export function isSameSite(url: string, homeUrlKey: string): boolean {
  try {
    return parseStoreUrl(url, true).key === homeUrlKey;
  } catch {
    return false;
  }
}
