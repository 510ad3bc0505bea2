import type { Repositories } from '../../repositories';
import { withdrawCanary } from './registry';
import { AUTOMATIC_ACTOR, type ReleaseEvent, type ReleaseOutcome } from './types';

/** When a canary is withdrawn on its own (see the api's CanaryPolicy). */
export interface CanaryPolicy {
  windowMs: number;
  minReports: number;
  threshold: number;
}

type Repos = Pick<Repositories, 'remoteReleases'>;

/**
 * Records one load report of a release. When the release is a remote's canary and, over the
 * policy's window, enough of its loads were reported and the failed share reached the
 * threshold, the canary is withdrawn (recorded as 'auto-withdraw' by 'automatic', with the
 * counts as its reason). Answers the withdrawal, if this report caused one; an unknown release
 * (or one of another remote) is ignored: a made-up beacon changes nothing.
 */
export async function recordReleaseReport(
  repos: Repos,
  policy: CanaryPolicy,
  {
    remote,
    releaseId,
    outcome,
    now = new Date(),
  }: { remote: string; releaseId: string; outcome: ReleaseOutcome; now?: Date },
): Promise<ReleaseEvent | null> {
  const release = await repos.remoteReleases.find(releaseId);
  if (!release || release.remote !== remote) return null;
  await repos.remoteReleases.report(release.id, outcome, now);
  if (outcome === 'loaded') return null;
  const states = await repos.remoteReleases.states();
  const state = states.find((candidate) => candidate.remote === release.remote);
  if (state?.canaryReleaseId !== release.id) return null;
  const since = new Date(now.getTime() - policy.windowMs);
  const { total, failed } = await repos.remoteReleases.reportCounts(release.id, since);
  if (total < policy.minReports || failed / total < policy.threshold) return null;
  const minutes = Math.max(1, Math.round(policy.windowMs / 60_000));
  const { event } = await withdrawCanary(repos, {
    remote: release.remote,
    actor: AUTOMATIC_ACTOR,
    reason: `${failed} of ${total} loads failed in the last ${minutes} min`,
    onlyRelease: release.id,
    automatic: true,
  });
  return event;
}
