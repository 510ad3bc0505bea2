import { useSyncExternalStore } from 'react';
import { useShell } from './ShellContext';

/** The session token, re-rendering whenever it is set, refreshed or cleared. */
export function useSessionToken(): string | null {
  const { session } = useShell();
  return useSyncExternalStore(
    (onChange) => {
      const subscription = session.token$.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    () => session.token,
  );
}
