import { useCallback, useSyncExternalStore } from 'react';

/**
 * Spec 9: the mobile breakpoint is 992 px. Under it the side navigation becomes a drawer behind
 * a menu button and the Assistant's ring is the small one. (The stylesheets say
 * `@media (max-width: 991.98px)` too.)
 */
export const MOBILE_MEDIA_QUERY = '(max-width: 991.98px)';

/** Whether the media query matches now, following changes (false where matchMedia is missing). */
export function useMediaQuery(query: string): boolean {
  // A stable subscribe: React re-subscribes whenever it gets a new one, i.e. on every render.
  const subscribe = useCallback(
    (onChange: () => void) => {
      if (typeof window.matchMedia !== 'function') return () => undefined;
      const list = window.matchMedia(query);
      list.addEventListener('change', onChange);
      return () => list.removeEventListener('change', onChange);
    },
    [query],
  );
  return useSyncExternalStore(
    subscribe,
    () => typeof window.matchMedia === 'function' && window.matchMedia(query).matches,
  );
}
