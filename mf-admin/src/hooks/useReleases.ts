import { useCallback, useState } from 'react';
import { apiErrorMessage, useLoad, useParcel } from '@pos/shared';
import { fetchReleases, promoteRelease, rollbackRemote, withdrawCanary } from '../api';
import { releaseLabel, releaseOf, type ReleaseAction } from '../releases';

/** What a confirmed action did, as its success bubble says it. */
function doneText(action: ReleaseAction): string {
  const remote = action.remote.remote;
  switch (action.kind) {
    case 'promote':
      return `${releaseLabel(action.release)} is live for everyone on ${remote}.`;
    case 'canary':
      return `${releaseLabel(action.release)} is the canary of ${remote} for ${action.share}% of users.`;
    case 'rollback':
      return `${remote} was rolled back to ${releaseLabel(
        releaseOf(action.remote, action.remote.previousReleaseId),
      )}.`;
    case 'withdraw':
      return `The canary of ${remote} was withdrawn.`;
  }
}

/**
 * The releases of every remote (through the shared useLoad) and the actions on them: each waits
 * in `pending` for the admin's confirmation, then runs, tells its outcome with a bubble and
 * reloads the page's data (the audit too).
 */
export function useReleases() {
  const { api, bus } = useParcel();
  const load = useCallback((signal: AbortSignal) => fetchReleases(api, signal), [api]);
  const releases = useLoad(load);
  const [pending, setPending] = useState<ReleaseAction | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = useCallback(async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const remote = pending.remote.remote;
      if (pending.kind === 'promote') await promoteRelease(api, pending.release.id, 100);
      else if (pending.kind === 'canary')
        await promoteRelease(api, pending.release.id, pending.share);
      else if (pending.kind === 'rollback') await rollbackRemote(api, remote);
      else await withdrawCanary(api, remote);
      bus.emit('notify', { message: doneText(pending), status: 'success' });
      setPending(null);
    } catch (error) {
      bus.emit('notify', { message: apiErrorMessage(error), status: 'danger' });
      setPending(null);
    } finally {
      setBusy(false);
      releases.reload();
    }
  }, [api, bus, pending, releases]);

  return { releases, pending, busy, ask: setPending, cancel: () => setPending(null), confirm };
}
