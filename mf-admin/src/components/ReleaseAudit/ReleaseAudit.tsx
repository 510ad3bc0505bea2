import type { ReleaseEvent, ReleasesOverview } from '@pos/shared';
import { Table, type TableColumn } from '@pos/shared';
import { releaseLabel } from '../../releases';
import { adminTestIds } from '../../testIds';

const ACTION_LABELS: Record<ReleaseEvent['action'], string> = {
  promote: 'Promoted to everyone',
  canary: 'Canary',
  rollback: 'Rolled back',
  withdraw: 'Canary withdrawn',
  'auto-withdraw': 'Canary withdrawn automatically',
};

export interface ReleaseAuditProps {
  overview: ReleasesOverview;
}

/** Every recorded change, newest first: when, which remote, what, from, to, who and why. */
export function ReleaseAudit({ overview }: ReleaseAuditProps) {
  const releases = new Map(
    overview.remotes.flatMap((remote) => remote.releases.map((release) => [release.id, release])),
  );
  const named = (id: string | null) => (id ? releaseLabel(releases.get(id) ?? null) : 'none');
  const columns: TableColumn<ReleaseEvent>[] = [
    {
      id: 'at',
      header: 'When',
      cell: (event) => new Date(event.at).toLocaleString(),
      rowHeader: true,
    },
    { id: 'remote', header: 'Remote', cell: (event) => event.remote },
    {
      id: 'action',
      header: 'Change',
      cell: (event) =>
        `${ACTION_LABELS[event.action]}${event.action === 'canary' ? ` ${event.share ?? 0}%` : ''}`,
    },
    {
      id: 'from',
      header: 'From',
      cell: (event) =>
        event.fromReleaseId && !releases.has(event.fromReleaseId)
          ? event.fromReleaseId
          : named(event.fromReleaseId),
    },
    {
      id: 'to',
      header: 'To',
      cell: (event) =>
        event.toReleaseId && !releases.has(event.toReleaseId)
          ? event.toReleaseId
          : named(event.toReleaseId),
    },
    { id: 'actor', header: 'Who', cell: (event) => event.actor },
    { id: 'reason', header: 'Why', cell: (event) => event.reason ?? '' },
  ];
  return (
    <Table
      caption="Release history"
      columns={columns}
      rows={overview.events}
      rowKey={(event) => event.id}
      testId={adminTestIds.releaseAudit}
      emptyText="No release has been promoted yet"
      stacked
    />
  );
}
