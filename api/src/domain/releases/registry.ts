import type { Repositories } from '../../repositories';
import type { ReleaseTransition } from '../../repositories/remote-releases';
import type { LiveShell } from '../../services/live-shell';
import { compatibilityMismatches } from './compatibility';
import type { Release, ReleaseEvent, ReleaseInput, RemoteReleaseState } from './types';

/** Why a release change was refused; the route maps `kind` to its status. */
export class ReleaseError extends Error {
  override readonly name = 'ReleaseError';
  constructor(
    readonly kind: 'not-found' | 'conflict' | 'incompatible' | 'shell-unreadable',
    message: string,
  ) {
    super(message);
  }
}

/** The share that means everyone. */
export const EVERYONE = 100;

type Repos = Pick<Repositories, 'remoteReleases'>;

/** Records a published release (not live). The same content again answers the first record. */
export function publishRelease(
  repos: Repos,
  input: ReleaseInput,
  publisher: string,
): Promise<{ release: Release; created: boolean }> {
  return repos.remoteReleases.publish(input, publisher);
}

async function releaseOrThrow(repos: Repos, releaseId: string): Promise<Release> {
  const release = await repos.remoteReleases.find(releaseId);
  if (!release) throw new ReleaseError('not-found', 'Release not found');
  return release;
}

/**
 * Refuses a release whose declared singletons do not fit the live shell, naming every
 * mismatch; nothing is changed then.
 */
export async function assertCompatible(release: Release, shell: LiveShell): Promise<void> {
  let provides;
  try {
    provides = await shell.provides();
  } catch {
    throw new ReleaseError(
      'shell-unreadable',
      "The live shell's shared versions could not be read; nothing was changed",
    );
  }
  const mismatches = compatibilityMismatches(release.shared, provides);
  if (mismatches.length > 0) {
    throw new ReleaseError(
      'incompatible',
      `Release ${release.version} of ${release.remote} does not fit the live shell: ${mismatches.join('; ')}`,
    );
  }
}

/**
 * Makes a release live for everyone (`share` 100) or a canary for `share` per cent of the
 * signed-in users, after the compatibility check. Promoting to everyone keeps the release it
 * replaces as the one a rollback returns to, and ends any canary.
 */
export async function promoteRelease(
  repos: Repos,
  shell: LiveShell,
  { releaseId, share, actor }: { releaseId: string; share: number; actor: string },
): Promise<{ state: RemoteReleaseState; event: ReleaseEvent | null }> {
  const release = await releaseOrThrow(repos, releaseId);
  await assertCompatible(release, shell);
  return repos.remoteReleases.transition(release.remote, (state): ReleaseTransition => {
    if (share >= EVERYONE) {
      if (state.liveReleaseId === release.id && !state.canaryReleaseId) {
        throw new ReleaseError('conflict', 'This release is already live for everyone');
      }
      return {
        next: {
          liveReleaseId: release.id,
          previousReleaseId:
            state.liveReleaseId === release.id ? state.previousReleaseId : state.liveReleaseId,
          canaryReleaseId: null,
          canaryShare: 0,
        },
        event: {
          action: 'promote',
          fromReleaseId: state.liveReleaseId,
          toReleaseId: release.id,
          share: EVERYONE,
          actor,
        },
      };
    }
    if (state.liveReleaseId === release.id) {
      throw new ReleaseError('conflict', 'This release is already live for everyone');
    }
    if (!state.liveReleaseId) {
      throw new ReleaseError(
        'conflict',
        'A canary needs a live release for everyone else: promote one to everyone first',
      );
    }
    return {
      next: { ...state, canaryReleaseId: release.id, canaryShare: share },
      event: {
        action: 'canary',
        fromReleaseId: state.canaryReleaseId ?? state.liveReleaseId,
        toReleaseId: release.id,
        share,
        actor,
      },
    };
  });
}

/**
 * Returns a remote to the release that was live before the current one, in one step, ending any
 * canary. The release rolled back from may be promoted again later.
 */
export function rollbackRemote(
  repos: Repos,
  { remote, actor }: { remote: string; actor: string },
): Promise<{ state: RemoteReleaseState; event: ReleaseEvent | null }> {
  return repos.remoteReleases.transition(remote, (state): ReleaseTransition => {
    if (!state.previousReleaseId) {
      throw new ReleaseError('conflict', 'There is no previous release to roll back to');
    }
    return {
      next: {
        liveReleaseId: state.previousReleaseId,
        previousReleaseId: null,
        canaryReleaseId: null,
        canaryShare: 0,
      },
      event: {
        action: 'rollback',
        fromReleaseId: state.liveReleaseId,
        toReleaseId: state.previousReleaseId,
        share: EVERYONE,
        actor,
      },
    };
  });
}

/**
 * Ends a remote's canary: everyone gets the live release again. With `onlyRelease`, only when
 * that release is still the canary (the automatic withdrawal must not end a newer one).
 */
export function withdrawCanary(
  repos: Repos,
  {
    remote,
    actor,
    reason = null,
    onlyRelease,
    automatic = false,
  }: {
    remote: string;
    actor: string;
    reason?: string | null;
    onlyRelease?: string;
    automatic?: boolean;
  },
): Promise<{ state: RemoteReleaseState; event: ReleaseEvent | null }> {
  return repos.remoteReleases.transition(remote, (state): ReleaseTransition | null => {
    if (!state.canaryReleaseId || (onlyRelease && state.canaryReleaseId !== onlyRelease)) {
      if (automatic) return null;
      throw new ReleaseError('conflict', 'There is no canary to withdraw');
    }
    return {
      next: { ...state, canaryReleaseId: null, canaryShare: 0 },
      event: {
        action: automatic ? 'auto-withdraw' : 'withdraw',
        fromReleaseId: state.canaryReleaseId,
        toReleaseId: state.liveReleaseId,
        share: 0,
        actor,
        reason,
      },
    };
  });
}
