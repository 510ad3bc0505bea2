import { Link } from '@pos/shared/router';
import { Badge, CellLabel, EmptyState, Table, type TableColumn } from '@pos/shared';
import { stationsTestIds } from '../../testIds';
import { LOADING_SHARED_STATIONS, NO_SHARED_STATIONS, roleLabel } from '../../texts';
import type { SharedStationGroup } from '../../types';
import { sharedStationsPath } from '../../urls';

const ids = stationsTestIds.stations;

export interface SharedWithMeTableProps {
  groups: readonly SharedStationGroup[];
  loading: boolean;
}

/**
 * 'Shared with me' (spec 2.5): other users' applications that share stations with the viewer,
 * their administrator, the viewer's role on the store and the station count, linking to the
 * shared stations. An application whose owner is blocked or paused says so beside its name: none
 * of its stations opens.
 */
export function SharedWithMeTable({ groups, loading }: SharedWithMeTableProps) {
  const columns: TableColumn<SharedStationGroup>[] = [
    {
      id: 'application',
      header: 'Application',
      rowHeader: true,
      cell: ({ application, unavailable }) => (
        <>
          {application.name}
          {unavailable && (
            <>
              {' '}
              <Badge
                tone="warning"
                icon="warning"
                title={unavailable.text}
                data-testid={ids.sharedUnavailable(application.id)}
              >
                {unavailable.name}
              </Badge>
              <span className="pos-visually-hidden"> ({unavailable.text})</span>
            </>
          )}
        </>
      ),
    },
    {
      id: 'administrator',
      header: 'Administrator',
      cell: ({ adminName }) => (
        <>
          <CellLabel>Administrator</CellLabel>
          {adminName}
        </>
      ),
    },
    {
      id: 'role',
      header: 'My Role',
      cell: ({ roles }) => (
        <>
          <CellLabel>My Role</CellLabel>
          {roles.map(roleLabel).join(', ')}
        </>
      ),
    },
    {
      id: 'stations',
      header: 'Stations',
      cell: ({ application, stations }) => (
        <>
          <CellLabel>Stations</CellLabel>
          <Link
            to={sharedStationsPath(application.id)}
            aria-label={`${stations.length} stations of ${application.name}`}
            data-testid={ids.sharedCount(application.id)}
          >
            {stations.length}
          </Link>
        </>
      ),
    },
  ];
  return (
    <Table
      caption="Applications sharing stations with me"
      captionHidden
      stacked
      columns={columns}
      rows={groups}
      rowKey={({ application }) => application.id}
      rowTestId={({ application }) => ids.sharedRow(application.id)}
      loading={loading}
      loadingText={LOADING_SHARED_STATIONS}
      emptyText={
        <EmptyState title={NO_SHARED_STATIONS} icon="stations" data-testid={ids.sharedEmpty} />
      }
    />
  );
}
