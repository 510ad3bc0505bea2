// The monolith's stand-in for shell/src/remotes/federationRuntime.ts: every remote's contract is
// compiled in (contracts.generated.ts, written by webpack.config.cjs beside the build), so
// loading a remote is a lookup. The shell's RemoteRegistry, its retries and the contract
// validation stay the product's own.
import { contracts } from 'bench-monolith-contracts';
import type { FederationRuntime } from '../../../shell/src/remotes/federationRuntime';

export const federationRuntime: FederationRuntime = {
  registerRemotes: () => undefined,
  loadRemote: async (id) => {
    const name = id.split('/')[0] ?? id;
    if (!(name in contracts)) throw new Error(`the monolith has no remote ${name}`);
    return contracts[name];
  },
};
