import { httpUrlOrNull, isSameOriginPath, safeRedirectPath } from '@pos/shared';

/** Where an entry's link leads: a dashboard path (same tab, the router) or another site. */
export type FeedLink = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

/**
 * The entry's link as the feed shows it: a path of the dashboard ('/applications/…', or a full
 * URL on the dashboard's own origin) stays in the app; an http(s) URL elsewhere opens in a new
 * tab; anything else (javascript:, a protocol-relative '//…', a path a browser would bend to
 * another origin such as '/\\evil.example' or '/\t/evil.example') is not a link at all. Paths
 * are checked with the same rule as the dashboard's redirects (isSameOriginPath).
 */
export function feedLink(link: string | null, origin: string): FeedLink | null {
  if (!link) return null;
  if (link.startsWith('/')) return internalOrNull(link);
  const href = httpUrlOrNull(link);
  if (href === null) return null;
  const url = new URL(href);
  // 'https://dash/\\evil.example' has the pathname '//evil.example', which the router would
  // follow to another host: the path is checked like any other.
  if (url.origin === origin) return internalOrNull(`${url.pathname}${url.search}${url.hash}`);
  return { kind: 'external', href };
}

function internalOrNull(path: string): FeedLink | null {
  return isSameOriginPath(path) ? { kind: 'internal', to: safeRedirectPath(path) } : null;
}
