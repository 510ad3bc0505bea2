import { ConfirmDialog, ErrorState, LoadingState, Select, apiErrorMessage } from '@pos/shared';
import { AdminSections } from '../../components/AdminSections';
import { ReleaseAudit } from '../../components/ReleaseAudit';
import { RemoteReleasesCard } from '../../components/RemoteReleasesCard';
import { useReleases } from '../../hooks/useReleases';
import { CANARY_SHARES, releaseLabel, releaseOf, type ReleaseAction } from '../../releases';
import { adminTestIds } from '../../testIds';
import './Releases.css';

/** The confirmation's title and consequence for an action. */
function question(action: ReleaseAction): { title: string; message: string; label: string } {
  const remote = action.remote.remote;
  const live = releaseLabel(releaseOf(action.remote, action.remote.liveReleaseId));
  switch (action.kind) {
    case 'promote':
      return {
        title: `Promote ${releaseLabel(action.release)} to everyone?`,
        message: `Every user loads it at their next start of the dashboard, instead of ${live}. A rollback returns to ${live}.`,
        label: 'Promote',
      };
    case 'canary':
      return {
        title: `Canary ${releaseLabel(action.release)}?`,
        message: `This share of signed-in users loads it at their next start, each always the same build; everyone else keeps ${live}.`,
        label: 'Start canary',
      };
    case 'rollback':
      return {
        title: `Roll ${remote} back?`,
        message: `Everyone returns to ${releaseLabel(
          releaseOf(action.remote, action.remote.previousReleaseId),
        )} at their next start, instead of ${live}; any canary ends.`,
        label: 'Roll back',
      };
    case 'withdraw':
      return {
        title: `Withdraw the canary of ${remote}?`,
        message: `Its users return to ${live} at their next start.`,
        label: 'Withdraw',
      };
  }
}

/**
 * The Releases page (issue 31, /admin-panel/releases): each remote's live, canary and previous
 * releases with their sizes, commit and publisher; promote, canary share, rollback and
 * withdrawal, each after a confirmation; and the history of every change.
 */
export function Releases() {
  const { releases, pending, busy, ask, cancel, confirm } = useReleases();
  const overview = releases.data;
  const asked = pending && question(pending);

  return (
    <div className="pos-releases" data-testid={adminTestIds.releasesPage}>
      <AdminSections />
      <header className="pos-releases__header">
        <h1>Releases</h1>
        <p>
          Each remote is published by its own team (its <code>release</code> script) and goes live
          here: for everyone, or first for a share of signed-in users.
        </p>
      </header>
      {releases.status === 'error' && !overview ? (
        <ErrorState
          title="The releases could not be loaded"
          message={apiErrorMessage(releases.error)}
          onRetry={releases.reload}
          data-testid={adminTestIds.releasesError}
        />
      ) : !overview ? (
        <LoadingState message="Loading releases…" />
      ) : (
        <>
          {overview.remotes.map((remote) => (
            <RemoteReleasesCard key={remote.remote} remote={remote} onAction={ask} />
          ))}
          <ReleaseAudit overview={overview} />
        </>
      )}
      <ConfirmDialog
        open={pending !== null}
        tone={pending?.kind === 'rollback' || pending?.kind === 'withdraw' ? 'danger' : 'primary'}
        title={asked?.title ?? ''}
        message={asked?.message}
        confirmLabel={asked?.label}
        busy={busy}
        onConfirm={() => void confirm()}
        onCancel={cancel}
        data-testid={adminTestIds.releaseDialog}
      >
        {pending?.kind === 'canary' && (
          <Select
            label="Share of signed-in users"
            value={String(pending.share)}
            options={CANARY_SHARES.map((share) => ({ value: String(share), label: `${share}%` }))}
            onChange={(event) => ask({ ...pending, share: Number(event.target.value) })}
          />
        )}
      </ConfirmDialog>
    </div>
  );
}
