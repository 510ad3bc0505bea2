import type { Release, RemoteReleases } from '@pos/shared';
import { Badge, Button, Card, Table, type TableColumn } from '@pos/shared';
import { kilobytes, releaseLabel, releaseOf, type ReleaseAction } from '../../releases';
import { adminTestIds } from '../../testIds';

export interface RemoteReleasesCardProps {
  remote: RemoteReleases;
  /** Asks for an action; the page confirms it before anything runs. */
  onAction: (action: ReleaseAction) => void;
}

/** One line of the summary: live, canary or previous, with what it is and who published it. */
function Slot({
  label,
  release,
  extra,
}: {
  label: string;
  release: Release | null;
  extra?: string;
}) {
  return (
    <div className="pos-releases__slot">
      <dt>{label}</dt>
      <dd>
        {release
          ? `${releaseLabel(release)}${extra ?? ''} · ${kilobytes(release.sizes.jsGzipBytes)} gzipped · by ${release.publishedBy}`
          : 'none'}
      </dd>
    </div>
  );
}

/**
 * A remote's releases: its live, canary and previous release, the newest releases with their
 * sizes, commit and publisher, and the actions (promote, canary, rollback, withdraw the canary).
 */
export function RemoteReleasesCard({ remote, onAction }: RemoteReleasesCardProps) {
  const live = releaseOf(remote, remote.liveReleaseId);
  const canary = releaseOf(remote, remote.canaryReleaseId);
  const previous = releaseOf(remote, remote.previousReleaseId);
  const statusOf = (release: Release) =>
    release.id === remote.liveReleaseId
      ? 'Live'
      : release.id === remote.canaryReleaseId
        ? `Canary ${remote.canaryShare}%`
        : release.id === remote.previousReleaseId
          ? 'Previous'
          : '';

  const columns: TableColumn<Release>[] = [
    { id: 'version', header: 'Release', cell: (release) => releaseLabel(release), rowHeader: true },
    {
      id: 'status',
      header: 'Status',
      cell: (release) => {
        const status = statusOf(release);
        return status ? <Badge tone={status === 'Live' ? 'success' : 'info'}>{status}</Badge> : '';
      },
    },
    {
      id: 'published',
      header: 'Published',
      cell: (release) =>
        `${new Date(release.publishedAt).toLocaleString()} by ${release.publishedBy}`,
    },
    {
      id: 'size',
      header: 'JavaScript',
      align: 'end',
      cell: (release) =>
        `${kilobytes(release.sizes.jsBytes)} (${kilobytes(release.sizes.jsGzipBytes)} gzipped)`,
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      cell: (release) =>
        release.id === remote.liveReleaseId ? null : (
          <div className="pos-releases__actions">
            <Button size="sm" onClick={() => onAction({ kind: 'promote', remote, release })}>
              Promote to everyone
            </Button>
            {remote.liveReleaseId && (
              <Button
                size="sm"
                variant="secondary"
                onClick={() =>
                  onAction({
                    kind: 'canary',
                    remote,
                    release,
                    share: release.id === remote.canaryReleaseId ? remote.canaryShare : 10,
                  })
                }
              >
                {release.id === remote.canaryReleaseId ? 'Change share' : 'Canary'}
              </Button>
            )}
          </div>
        ),
    },
  ];

  return (
    <Card className="pos-releases__remote" data-testid={adminTestIds.remoteReleases(remote.remote)}>
      <header className="pos-releases__remote-header">
        <h2>{remote.remote}</h2>
        <div className="pos-releases__actions">
          {canary && (
            <Button
              size="sm"
              variant="secondary"
              onClick={() => onAction({ kind: 'withdraw', remote })}
            >
              Withdraw canary
            </Button>
          )}
          {previous && (
            <Button
              size="sm"
              variant="danger"
              onClick={() => onAction({ kind: 'rollback', remote })}
            >
              Roll back to {releaseLabel(previous)}
            </Button>
          )}
        </div>
      </header>
      <dl className="pos-releases__slots">
        <Slot label="Live" release={live} />
        <Slot
          label="Canary"
          release={canary}
          extra={canary ? ` for ${remote.canaryShare}% of users` : ''}
        />
        <Slot label="Previous" release={previous} />
      </dl>
      <Table
        caption={`Releases of ${remote.remote}`}
        captionHidden
        columns={columns}
        rows={remote.releases}
        rowKey={(release) => release.id}
        rowTestId={(release) => adminTestIds.releaseRow(release.id)}
        emptyText="No releases published yet"
        stacked="action-last"
      />
    </Card>
  );
}
