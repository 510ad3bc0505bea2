import { useCallback, useSyncExternalStore } from 'react';

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
