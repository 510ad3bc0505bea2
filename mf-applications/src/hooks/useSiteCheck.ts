import { useEffect, useState } from 'react';
import type { SiteCheck } from '../types';

/** Asks the api what the site at a typed address says about itself (a view binds it). */
export type CheckSite = (url: string, signal: AbortSignal) => Promise<SiteCheck>;

/** How long typing must pause before the site is asked: one check per address, not per key. */
export const SITE_CHECK_DELAY_MS = 600;

/**
 * What the site at a typed address says about itself (`check`: GET applications/site-check), once
 * typing has paused. Null while nothing is typed, while `unchangedFrom` (the stored URL) is what is
 * typed, before the answer for what is typed now arrives, and when the check fails: the form's
 * own save tells what is wrong with an address, this only offers a better one.
 */
export function useSiteCheck(
  check: CheckSite,
  typed: string,
  unchangedFrom?: string,
): SiteCheck | null {
  const url = typed.trim();
  const wanted = url !== '' && url !== unchangedFrom;
  const [answer, setAnswer] = useState<{ url: string; check: SiteCheck } | null>(null);

  useEffect(() => {
    if (!wanted) return undefined;
    const controller = new AbortController();
    const timer = setTimeout(() => {
      check(url, controller.signal).then(
        (site) => setAnswer({ url, check: site }),
        () => {
          // An address the api refuses (400) or a site it cannot reach: nothing to offer.
        },
      );
    }, SITE_CHECK_DELAY_MS);
    return () => {
      clearTimeout(timer);
      controller.abort();
    };
  }, [check, url, wanted]);

  return wanted && answer?.url === url ? answer.check : null;
}
