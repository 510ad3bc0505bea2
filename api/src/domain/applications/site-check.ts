import { hasScheme, withScheme } from '@pos/shared/rules';
import type { SiteInfo } from '../../services/store-client';
import { StoreUnreachableError, WC_NAMESPACE } from '../../services/store-client';
import type { StoreUrl } from '../../services/store-url';
import { assertPublicHost, parseStoreUrl } from '../../services/store-url';
import type { StoreAccess } from '../store-access';

/** What a typed store URL's `/wp-json/` index says about the site. */
export interface SiteCheck {
  /** The typed URL, normalised (https:// assumed when no scheme was typed). */
  url: string;
  /** The home URL the site's index gives, normalised; null when no index answered. */
  siteUrl: string | null;
  /** `siteUrl` is another address than `url`: the form offers it instead. */
  differs: boolean;
  isWooCommerce: boolean;
  /** The site's title; null when no index answered. */
  name: string | null;
}

/** Most parent paths of a typed URL asked for an index (a pasted /wp-admin/… address). */
const MAX_PARENT_TRIES = 3;

/** The URL itself, then its parent paths down to the origin (at most {@link MAX_PARENT_TRIES}). */
function candidates(url: StoreUrl): string[] {
  const { origin, pathname } = new URL(url.href);
  const parts = pathname.split('/').filter(Boolean);
  const list = [url.href];
  while (parts.length > 0 && list.length <= MAX_PARENT_TRIES) {
    parts.pop();
    list.push(parts.length > 0 ? `${origin}/${parts.join('/')}` : origin);
  }
  return list;
}

/** The first of `urls` whose `/wp-json/` index answers, with where it answered. */
async function firstIndex(
  access: Pick<StoreAccess, 'store'>,
  urls: string[],
): Promise<{ base: string; site: SiteInfo } | { unreachable: boolean }> {
  let unreachable = true;
  for (const base of urls) {
    try {
      return { base, site: await access.store.siteInfo(base) };
    } catch (error) {
      if (!(error instanceof StoreUnreachableError)) unreachable = false;
    }
  }
  return { unreachable };
}

/**
 * Asks the site at a typed URL for its `/wp-json/` index (no credentials), to catch a URL that
 * would fail later: a pasted `/wp-admin/` address is tried again at its parent paths, and the
 * index's home URL is offered when it is not the typed one (`localhost` for a site whose own
 * address is 127.0.0.1). With no scheme typed, https:// is assumed; when nothing answers there,
 * plain http:// is tried before giving up. Throws StoreUrlError for a URL that cannot be used
 * (one whose host name resolves to a private address included).
 */
export async function checkSite(
  access: Pick<StoreAccess, 'store' | 'allowPrivateHosts'>,
  input: string,
): Promise<SiteCheck> {
  const url = parseStoreUrl(withScheme(input), access.allowPrivateHosts);
  // The plain http:// try below is the same host: one look at its addresses covers both.
  await assertPublicHost(url, access.allowPrivateHosts);
  let found = await firstIndex(access, candidates(url));
  if ('unreachable' in found && found.unreachable && !hasScheme(input)) {
    const plain = parseStoreUrl(`http://${input.trim()}`, access.allowPrivateHosts);
    found = await firstIndex(access, candidates(plain));
  }
  if (!('site' in found)) {
    return { url: url.href, siteUrl: null, differs: false, isWooCommerce: false, name: null };
  }
  let siteUrl = found.base;
  try {
    if (found.site.home) siteUrl = parseStoreUrl(found.site.home, true).href;
  } catch {
    // An index whose home is no http(s) URL: the address that answered is the site's.
  }
  return {
    url: url.href,
    siteUrl,
    differs: siteUrl !== url.href,
    isWooCommerce: found.site.namespaces.includes(WC_NAMESPACE),
    name: found.site.name.trim() || null,
  };
}
