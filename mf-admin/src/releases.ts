import type { Release, RemoteReleases } from '@pos/shared';

/** The canary shares an admin can choose, in per cent of signed-in users. */
export const CANARY_SHARES = [10, 25, 50, 75] as const;

/** What an admin asked to do, waiting for the confirmation. */
export type ReleaseAction =
  | { kind: 'promote'; remote: RemoteReleases; release: Release }
  | { kind: 'canary'; remote: RemoteReleases; release: Release; share: number }
  | { kind: 'rollback'; remote: RemoteReleases }
  | { kind: 'withdraw'; remote: RemoteReleases };

/** A release by id among a remote's listed releases. */
export const releaseOf = (remote: RemoteReleases, id: string | null): Release | null =>
  (id && remote.releases.find((release) => release.id === id)) || null;

/**
 * How a release is named on the page: version, short commit and the start of its content
 * address (two builds of one commit differ there).
 */
export const releaseLabel = (release: Release | null): string =>
  release
    ? `${release.version} (${release.commit.slice(0, 7)}, ${release.contentHash.slice(0, 8)})`
    : 'none';

/** Kilobytes, one decimal. */
export const kilobytes = (bytes: number): string => `${(bytes / 1024).toFixed(1)} KB`;
