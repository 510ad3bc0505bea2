import { loadRemote, registerRemotes } from '@module-federation/enhanced/runtime';

/** The two Module Federation runtime calls the shell uses, injectable for tests. */
export interface FederationRuntime {
  registerRemotes: (
    remotes: Array<{ name: string; entry: string }>,
    options?: { force?: boolean },
  ) => void;
  loadRemote: (id: string) => Promise<unknown>;
}

/** The real runtime of @module-federation/enhanced, initialised by the shell's build. */
export const federationRuntime: FederationRuntime = {
  registerRemotes: (remotes, options) => registerRemotes(remotes, options),
  loadRemote: (id) => loadRemote(id),
};
