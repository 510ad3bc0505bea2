import { useCallback } from 'react';
import {
  Badge,
  CellLabel,
  Card,
  EmptyState,
  ErrorState,
  LoadingState,
  Table,
  apiErrorMessage,
  useParcel,
  type TableColumn,
  useLoad,
  PageHeader,
} from '@pos/shared';
import { fetchSharedStations } from '../../api';
import { QuickLaunchToggle } from '../../components/QuickLaunchToggle';
import { useQuickLaunch } from '../../hooks/useQuickLaunch';
import { useRouteId } from '../../hooks/useRouteId';
import { stationsTestIds } from '../../testIds';
import {
  LOADING_SHARED_STATIONS,
  NO_ACCESS,
  NO_SHARED_STATIONS,
  SHARED_STATIONS,
  roleLabel,
  unavailableReason,
} from '../../texts';
import type { SharedStationGroup, Station } from '../../types';
import { SHARED_STATIONS_PATTERN, STATIONS_PATH, cloudStationUrl } from '../../urls';
import '../../styles/stationTable.css';

const ids = stationsTestIds.applicationStations;

/**
 * /applications/:id/shared-stations (spec 2.4, everyone): the stations of another user's
 * application that are shared with the viewer: Name, POS URL and Quick Launch. A station the
 * viewer may not open shows its address as disabled text and has no quick-launch switch. When
 * the owner is blocked or paused, the page says why and no address opens; pinned stations can
 * still be taken off Quick Launch.
 */
export function SharedStations() {
  const applicationId = useRouteId(SHARED_STATIONS_PATTERN);
  // The parcel stays mounted from one application's page to the next: a fresh page per
  // application, so nothing of the previous one (a load, a pending switch) reaches this one.
  return <SharedStationsOf key={applicationId ?? ''} applicationId={applicationId} />;
}

function SharedStationsOf({ applicationId }: { applicationId: string | null }) {
  const { api, bus, cloudPosUrl } = useParcel();
  const load = useCallback(
    async (signal: AbortSignal) => {
      try {
        const { groups } = await fetchSharedStations(api, signal);
        return groups.find((group) => group.application.id === applicationId) ?? null;
      } catch (error) {
        if (!signal.aborted)
          bus.emit('notify', { message: apiErrorMessage(error), status: 'danger' });
        throw error;
      }
    },
    [api, bus, applicationId],
  );
  const shared = useLoad<SharedStationGroup | null>(load);
  const quickLaunch = useQuickLaunch();
  const group = shared.data;

  const columns = (current: SharedStationGroup): TableColumn<Station>[] => [
    { id: 'name', header: 'Name', rowHeader: true, cell: (station) => station.name },
    {
      id: 'pos-url',
      header: 'POS URL',
      cell: (station) => {
        const url = cloudStationUrl(
          cloudPosUrl,
          current.application.slug,
          station.cloudStationSlug,
        );
        // Every address of a held owner is disabled, with the owner's reason.
        const closed = current.unavailable
          ? unavailableReason(current.unavailable)
          : station.access === false
            ? NO_ACCESS
            : null;
        return (
          <>
            <CellLabel>POS URL</CellLabel>
            {closed ? (
              <span
                className="pos-stations-table__url is-disabled"
                title={closed}
                data-testid={ids.posUrl}
              >
                {url}
                <span className="pos-visually-hidden"> ({closed})</span>
              </span>
            ) : (
              <a
                href={url}
                target="_blank"
                rel="noopener noreferrer"
                className="pos-stations-table__url"
                data-testid={ids.posUrl}
              >
                {url}
              </a>
            )}
          </>
        );
      },
    },
    {
      id: 'quick-launch',
      header: 'Quick Launch',
      cell: (station) => (
        <QuickLaunchToggle
          applicationId={current.application.id}
          station={station}
          quickLaunch={quickLaunch}
        />
      ),
    },
  ];

  return (
    <div className="pos-page" data-testid={ids.sharedPage}>
      <PageHeader
        title={group?.application.name ?? SHARED_STATIONS}
        subtitle={
          group ? (
            <span>
              {[
                SHARED_STATIONS,
                `Shared by ${group.adminName}`,
                group.roles.map(roleLabel).join(', '),
              ]
                .filter(Boolean)
                .join(' · ')}
            </span>
          ) : undefined
        }
        back={{ to: STATIONS_PATH, label: 'Back to Stations' }}
      />
      {group?.unavailable && (
        <p className="pos-stations-unavailable" role="note" data-testid={ids.unavailable}>
          <Badge tone="warning" icon="warning">
            {group.unavailable.name}
          </Badge>{' '}
          {group.unavailable.text}
        </p>
      )}
      <Card flush>
        {shared.status === 'error' ? (
          <ErrorState
            title="The shared stations could not be loaded"
            message={apiErrorMessage(shared.error)}
            onRetry={shared.reload}
            data-testid={ids.error}
          />
        ) : shared.status === 'loading' && group === null ? (
          <LoadingState message={LOADING_SHARED_STATIONS} />
        ) : !group || group.stations.length === 0 ? (
          <EmptyState title={NO_SHARED_STATIONS} icon="stations" data-testid={ids.empty} />
        ) : (
          <Table
            caption={`Stations of ${group.application.name}`}
            captionHidden
            stacked
            className="pos-stations-table"
            testId={ids.table}
            rows={group.stations}
            rowKey={(station) => station.posID}
            rowProps={(station) => ({ 'data-testid': ids.row, 'data-pos-id': station.posID })}
            columns={columns(group)}
          />
        )}
      </Card>
    </div>
  );
}
