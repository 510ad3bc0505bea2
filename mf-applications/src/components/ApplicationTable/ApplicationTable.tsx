import { Link } from '@pos/shared/router';
import {
  CellLabel,
  EmptyState,
  IconButton,
  StatusBadge,
  Table,
  type TableColumn,
} from '@pos/shared';
import { applicationsTestIds } from '../../testIds';
import { NO_APPLICATIONS } from '../../texts';
import type { Application } from '../../types';
import { applicationPath } from '../../urls';
import './ApplicationTable.css';

const ids = applicationsTestIds.list;

export interface ApplicationTableProps {
  applications: readonly Application[];
  loading: boolean;
  /** Applications being deleted. */
  pendingIds: ReadonlySet<string>;
  onDelete: (application: Application) => void;
}

/** The list of applications (spec 2.4): Name, URL, Authorized and a delete action. */
export function ApplicationTable({
  applications,
  loading,
  pendingIds,
  onDelete,
}: ApplicationTableProps) {
  const columns: TableColumn<Application>[] = [
    {
      id: 'name',
      header: 'Name',
      rowHeader: true,
      cell: (application) => (
        <Link to={applicationPath(application.id)} className="pos-apps-table__name">
          {application.name}
        </Link>
      ),
    },
    {
      id: 'url',
      header: 'URL',
      cell: (application) => (
        <>
          <CellLabel>URL</CellLabel>
          <a
            href={application.homeUrl}
            target="_blank"
            rel="noopener noreferrer"
            className="pos-apps-table__url"
          >
            {application.homeUrl}
          </a>
        </>
      ),
    },
    {
      id: 'authorized',
      header: 'Authorized',
      cell: (application) => (
        <>
          <CellLabel>Authorized</CellLabel>
          <StatusBadge status={application.status} data-testid={ids.authorized(application.id)} />
        </>
      ),
    },
    {
      id: 'actions',
      header: 'Actions',
      headerHidden: true,
      align: 'end',
      cell: (application) => (
        <IconButton
          icon="trash"
          variant="ghost"
          size="sm"
          aria-label={`Delete ${application.name}`}
          disabled={pendingIds.has(application.id)}
          onClick={() => onDelete(application)}
          className="pos-apps-table__delete"
          data-testid={ids.deleteButton(application.id)}
        />
      ),
    },
  ];

  return (
    <Table
      caption="Applications"
      captionHidden
      stacked="action-last"
      className="pos-apps-table"
      columns={columns}
      rows={applications}
      rowKey={(application) => application.id}
      rowTestId={(application) => ids.row(application.id)}
      loading={loading}
      loadingText="Loading applications"
      emptyText={<EmptyState title={NO_APPLICATIONS} icon="applications" data-testid={ids.empty} />}
      testId={ids.table}
    />
  );
}
