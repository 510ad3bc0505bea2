import { parseCookie, stringifySetCookie } from 'cookie';
import { httpUrlOrNull, type AccessError } from '@pos/shared/lean';

/** The short-lived cookie the POS host sets when a station may not be opened (spec 2.13, 9). */
export const ACCESS_ERROR_COOKIE = 'pos_access_error';
/** Where the shell keeps the captured error, so that a reload of the page still shows it. */
export const ACCESS_ERROR_STORAGE_KEY = 'pos.accessError';

const ID = /^[A-Za-z0-9_-]{0,64}$/;
const MAX_TEXT = 500;

function decodeBase64Url(value: string): string {
  const base64 = value.replace(/-/g, '+').replace(/_/g, '/');
  const binary = atob(base64.padEnd(Math.ceil(base64.length / 4) * 4, '='));
  return new TextDecoder().decode(Uint8Array.from(binary, (char) => char.charCodeAt(0)));
}

/**
 * The access error object of a cookie value (base64url JSON), or null when it is not one. The
 * cookie comes from the POS host, but anything on this site could set it: every field is checked
 * before it reaches a link.
 */
export function parseAccessError(raw: string | null | undefined): AccessError | null {
  if (!raw) return null;
  let value: unknown;
  try {
    value = JSON.parse(decodeBase64Url(decodeURIComponent(raw)));
  } catch {
    return null;
  }
  if (typeof value !== 'object' || value === null) return null;
  const record = value as Record<string, unknown>;
  const field = (key: keyof AccessError): string =>
    typeof record[key] === 'string' ? (record[key] as string) : '';
  const error: AccessError = {
    appId: field('appId'),
    wpHome: field('wpHome'),
    posId: field('posId'),
    text: field('text').slice(0, MAX_TEXT),
    name: field('name').slice(0, MAX_TEXT),
  };
  if (!error.text && !error.name) return null;
  if (!ID.test(error.appId) || !ID.test(error.posId)) return null;
  if (error.wpHome && httpUrlOrNull(error.wpHome) === null) return null;
  return error;
}

/** One cookie of `document.cookie`, as set (parseAccessError decodes it). */
const readCookie = (cookies: string, name: string): string | undefined =>
  parseCookie(cookies, { decode: (value) => value })[name];

/**
 * Run once at start: takes the access-error cookie (it lives 2 s, so it is read before anything
 * loads), deletes it and keeps the error for the access-denied page. Elsewhere than `onPath` a
 * kept error is dropped, so an old one never shows again.
 */
export function captureAccessError(
  doc: Pick<Document, 'cookie'>,
  storage: Storage,
  pathname: string,
  onPath: string,
): void {
  const error = parseAccessError(readCookie(doc.cookie, ACCESS_ERROR_COOKIE));
  if (error) {
    storage.setItem(ACCESS_ERROR_STORAGE_KEY, JSON.stringify(error));
    doc.cookie = stringifySetCookie(ACCESS_ERROR_COOKIE, '', {
      path: '/',
      maxAge: 0,
      sameSite: 'lax',
    });
  } else if (pathname !== onPath) {
    storage.removeItem(ACCESS_ERROR_STORAGE_KEY);
  }
}

/** The error captured for the access-denied page, if any. */
export function readAccessError(storage: Storage): AccessError | null {
  try {
    const raw = storage.getItem(ACCESS_ERROR_STORAGE_KEY);
    return raw ? (JSON.parse(raw) as AccessError) : null;
  } catch {
    return null;
  }
}

/** The store's WordPress screen where user access to the POS station (post) is managed. */
export function stationAccessUrl(wpHome: string, posId: string): string {
  // A site may live below a path (https://example.com/shop): keep it.
  const url = new URL(`${wpHome.replace(/\/+$/, '')}/wp-admin/users.php`);
  url.searchParams.set('pos_station', posId);
  return url.href;
}
