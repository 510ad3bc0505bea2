import { Link } from '@pos/shared/router';
import { CellLabel, EmptyState, Icon, StatusBadge, Table, cx, type TableColumn } from '@pos/shared';
import { stationsTestIds } from '../../testIds';
import { LOADING_STATIONS, NO_AUTHORIZED_APPLICATIONS } from '../../texts';
import type { OwnApplicationStations } from '../../types';
import { applicationPath, applicationStationsPath, storeStationsAdminUrl } from '../../urls';
import './MyStationsTable.css';

const ids = stationsTestIds.stations;

export interface MyStationsTableProps {
  applications: readonly OwnApplicationStations[];
  loading: boolean;
}

/**
 * 'My Stations' (spec 2.5): each connected application of the manager with its station count,
 * linking to its stations, and a link to the store's admin station list, where stations are
 * deleted. An application whose stations could not be listed shows its one status (the api's,
 * e.g. Unverified with the reason) or, when only the stations call failed, why.
 */
export function MyStationsTable({ applications, loading }: MyStationsTableProps) {
  const columns: TableColumn<OwnApplicationStations>[] = [
    {
      id: 'application',
      header: 'Application',
      rowHeader: true,
      cell: ({ application }) => (
        <Link to={applicationPath(application.id)} className="pos-stations-my__name">
          {application.name}
        </Link>
      ),
    },
    {
      id: 'stations',
      header: 'Stations',
      cell: ({ application, status, stations, error }) => (
        <>
          <CellLabel>Stations</CellLabel>
          {stations === null ? (
            status.code !== 'authorized' || !error ? (
              <StatusBadge status={status} data-testid={ids.myStationsStatus(application.id)} />
            ) : (
              <span className="pos-stations-my__error">{error}</span>
            )
          ) : (
            <Link
              to={applicationStationsPath(application.id)}
              aria-label={`${stations.length} stations of ${application.name}`}
              data-testid={ids.myStationsCount(application.id)}
            >
              {stations.length}
            </Link>
          )}
        </>
      ),
    },
    {
      id: 'delete',
      header: 'Delete',
      headerHidden: true,
      align: 'end',
      cell: ({ application }) => (
        <a
          href={storeStationsAdminUrl(application.homeUrl)}
          target="_blank"
          rel="noopener noreferrer"
          className={cx(
            'pos-button',
            'pos-button--ghost',
            'pos-icon-button',
            'pos-icon-button--sm',
          )}
          aria-label={`Delete stations of ${application.name} in its site's admin (opens in a new tab)`}
          title={`Delete stations of ${application.name} in its site's admin`}
          data-testid={ids.myStationsDelete(application.id)}
        >
          <Icon name="trash" size={16} />
        </a>
      ),
    },
  ];
  return (
    <Table
      caption="Station counts of my applications"
      captionHidden
      stacked="action-last"
      columns={columns}
      rows={applications}
      rowKey={({ application }) => application.id}
      rowTestId={({ application }) => ids.myStationsRow(application.id)}
      loading={loading}
      loadingText={LOADING_STATIONS}
      emptyText={
        <EmptyState
          title={NO_AUTHORIZED_APPLICATIONS}
          icon="applications"
          data-testid={ids.myStationsEmpty}
        />
      }
    />
  );
}
