import { ContractError, validateContract, type RemoteContract } from '@pos/shared';
import type { RemoteEntry } from '../config/runtimeConfig';
import type { FederationRuntime } from './federationRuntime';
import { withRetries, type RetryOptions } from './retry';

/** The module every remote exposes. */
export const CONTRACT_EXPOSE = 'contract';

/**
 * Loads and validates a remote's contract. Every attempt after the first re-registers the
 * remote with `force: true`, which drops the runtime's cached manifest and entry so that a
 * retry really fetches again. A malformed contract fails at once: another try cannot fix it.
 */
export function loadRemoteContract(
  remote: RemoteEntry,
  runtime: FederationRuntime,
  options: RetryOptions & { forceFirst?: boolean } = {},
): Promise<RemoteContract> {
  const { forceFirst = false, ...retryOptions } = options;
  return withRetries(
    remote.name,
    async (attempt) => {
      runtime.registerRemotes([{ name: remote.name, entry: remote.entry }], {
        force: forceFirst || attempt > 0,
      });
      const loaded = await runtime.loadRemote(`${remote.name}/${CONTRACT_EXPOSE}`);
      if (loaded == null) throw new Error(`${remote.name} returned no contract`);
      return validateContract(loaded, remote.name);
    },
    { isFatal: (error) => error instanceof ContractError, ...retryOptions },
  );
}
