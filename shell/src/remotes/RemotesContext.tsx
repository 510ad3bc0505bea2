import { createContext, useContext, useSyncExternalStore } from 'react';
import type { RemoteRegistry, RemoteState } from './RemoteRegistry';

const RemotesContext = createContext<RemoteRegistry | null>(null);

/** Provides the remote registry to the signed-in shell. */
export const RemotesProvider = RemotesContext.Provider;

/** The remote registry of the signed-in shell. */
export function useRemoteRegistry(): RemoteRegistry {
  const registry = useContext(RemotesContext);
  if (!registry) throw new Error('useRemoteRegistry must be used inside RemotesProvider');
  return registry;
}

/** Every remote's state, re-rendering as contracts load or fail. */
export function useRemoteStates(): RemoteState[] {
  const registry = useRemoteRegistry();
  return useSyncExternalStore(
    (onChange) => {
      const subscription = registry.states$.subscribe(onChange);
      return () => subscription.unsubscribe();
    },
    () => registry.states,
  );
}
