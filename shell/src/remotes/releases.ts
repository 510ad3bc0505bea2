import type { ParcelLifecycles, RemoteContract } from '@pos/shared';
import type { RemoteEntry } from '../config/runtimeConfig';
import { releaseReportUrl } from '../urls';

/** What the beacon says about one load of a release. */
export type ReleaseOutcome = 'loaded' | 'load-failed' | 'mount-failed';

/** Sends one beacon: remote, release and outcome, nothing about the person. */
export type ReleaseReporter = (remote: RemoteEntry, outcome: ReleaseOutcome) => void;

/**
 * The user's bucket for a remote's canary, 0–99: FNV-1a of the user's id and the remote's name.
 * The same user always lands in the same bucket, so they never flip between builds, and raising
 * the share only adds users; each remote's canary draws its own users.
 */
export function canaryBucket(userId: string, remote: string): number {
  let hash = 0x811c9dc5;
  for (const char of `${userId}\u0000${remote}`) {
    hash ^= char.codePointAt(0) ?? 0;
    hash = Math.imul(hash, 0x01000193);
  }
  return (hash >>> 0) % 100;
}

/**
 * The release each remote loads for this user: its canary when the user's bucket is below the
 * canary's share, else its live release (remotes.json's entry). Without a user (no `sub`)
 * everyone gets the live release. The slots go with the release: a canary user gets the
 * canary's, so the places laid out before it loads are those of the build that arrives. The
 * first paint makes the same choice (firstPaint/server.tsx).
 */
export function chooseReleases(remotes: RemoteEntry[], userId: string | null): RemoteEntry[] {
  return remotes.map((remote) => {
    const { canary, ...rest } = remote;
    if (!canary || !userId || canaryBucket(userId, remote.name) >= canary.share) return rest;
    return {
      ...rest,
      entry: canary.entry,
      release: canary.release,
      // A canary recorded without slots keeps the entry's.
      ...(canary.slots ? { slots: canary.slots } : {}),
      isCanary: true,
    };
  });
}

/**
 * Reports through navigator.sendBeacon (text/plain JSON: no preflight, and it survives the page
 * going away); remotes that are no release (remotes.json's own entry) are not reported.
 */
export function beaconReporter(
  send: ((url: string, body: string) => boolean) | undefined,
): ReleaseReporter {
  return (remote, outcome) => {
    if (!remote.release || !send) return;
    try {
      send(
        releaseReportUrl,
        JSON.stringify({ remote: remote.name, release: remote.release, outcome }),
      );
    } catch {
      // A beacon that cannot be sent costs nothing but the report.
    }
  };
}

/** Lifecycles whose bootstrap and mount failures are reported (the parcel still fails). */
function reportingLifecycles(
  lifecycles: ParcelLifecycles,
  onFailure: () => void,
): ParcelLifecycles {
  const reported =
    (step: ParcelLifecycles['mount']): ParcelLifecycles['mount'] =>
    (props) =>
      step(props).catch((error: unknown) => {
        onFailure();
        throw error;
      });
  return {
    ...lifecycles,
    bootstrap: reported(lifecycles.bootstrap),
    mount: reported(lifecycles.mount),
  };
}

/**
 * The contract with each parcel's loader reporting its failures: a lazy chunk that cannot be
 * loaded is a load failure, a parcel whose bootstrap or mount throws a mount failure.
 */
export function reportingContract(
  contract: RemoteContract,
  remote: RemoteEntry,
  report: ReleaseReporter,
): RemoteContract {
  if (!remote.release) return contract;
  const wrap = <T extends { load: () => Promise<ParcelLifecycles> }>(definition: T): T => ({
    ...definition,
    load: () =>
      definition.load().then(
        (lifecycles) => reportingLifecycles(lifecycles, () => report(remote, 'mount-failed')),
        (error: unknown) => {
          report(remote, 'load-failed');
          throw error;
        },
      ),
  });
  return {
    ...contract,
    routes: contract.routes.map(wrap),
    tiles: contract.tiles.map(wrap),
    ...(contract.navWidgets ? { navWidgets: contract.navWidgets.map(wrap) } : {}),
  };
}
