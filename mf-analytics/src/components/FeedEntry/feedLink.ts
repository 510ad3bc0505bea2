import { httpUrlOrNull } from '@pos/shared';

/** Where an entry's link leads: a dashboard path (same tab, the router) or another site. */
export type FeedLink = { kind: 'internal'; to: string } | { kind: 'external'; href: string };

/**
 * The entry's link as the feed shows it: a path of the dashboard ('/applications/…', or a full
 * URL on the dashboard's own origin) stays in the app; an http(s) URL elsewhere opens in a new
 * tab; anything else (javascript:, a protocol-relative '//…') is not a link at all.
 */
export function feedLink(link: string | null, origin: string): FeedLink | null {
  if (!link) return null;
  if (link.startsWith('/') && !link.startsWith('//')) return { kind: 'internal', to: link };
  const href = httpUrlOrNull(link);
  if (href === null) return null;
  const url = new URL(href);
  if (url.origin === origin)
    return { kind: 'internal', to: `${url.pathname}${url.search}${url.hash}` };
  return { kind: 'external', href };
}
