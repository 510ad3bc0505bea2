import { useCallback, useSyncExternalStore } from 'react';
import { useShell } from './ShellContext';

/** The session token, re-rendering whenever it is set, refreshed or cleared. */
export function useSessionToken(): string | null {
  const { session } = useShell();
  // A stable subscribe: React re-subscribes whenever it gets a new one, i.e. on every render.
  const subscribe = useCallback(
    (onChange: () => void) => {
      const subscription = session.token$.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    [session],
  );
  return useSyncExternalStore(subscribe, () => session.token);
}
