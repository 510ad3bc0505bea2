// The side navigation's collapsed preference, mirrored from local storage into a cookie so that
// the first-paint server (firstPaint/server.tsx) renders the dashboard's frame as the live page
// will show it: a collapsed sidebar that only narrowed at takeover moved the whole page.

/** The cookie's name; "1" when collapsed, absent otherwise. */
export const NAV_COLLAPSED_COOKIE = 'pos_nav_collapsed';

/** A year: the preference lasts as long as local storage keeps it. */
const MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/**
 * The `document.cookie` assignment for the preference: set while collapsed, expired otherwise.
 * Readable by script on purpose (it is a display preference, no secret), SameSite=Lax, the whole
 * origin's path, Secure on https.
 */
export function navCollapsedCookie(collapsed: boolean, secure: boolean): string {
  const value = collapsed ? `1; Max-Age=${MAX_AGE_SECONDS}` : '; Max-Age=0';
  return `${NAV_COLLAPSED_COOKIE}=${value}; Path=/; SameSite=Lax${secure ? '; Secure' : ''}`;
}

/** Writes the preference into the document's cookie. */
export function writeNavCollapsedCookie(doc: Document, collapsed: boolean): void {
  doc.cookie = navCollapsedCookie(collapsed, doc.location?.protocol === 'https:');
}
