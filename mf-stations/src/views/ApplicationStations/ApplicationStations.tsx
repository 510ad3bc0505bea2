import { useCallback } from 'react';
import {
  Card,
  EmptyState,
  ErrorState,
  LoadingState,
  apiErrorMessage,
  Table,
  useParcel,
  useLoad,
  PageHeader,
} from '@pos/shared';
import {
  PluginPrompt,
  STATIONS_NEED_PLUGIN,
  stationsNeedPluginMessage,
} from '@pos/shared/store-kit';
import { fetchApplicationStations } from '../../api';
import { useQuickLaunch } from '../../hooks/useQuickLaunch';
import { useRouteId } from '../../hooks/useRouteId';
import { useStationChanges } from '../../hooks/useStationChanges';
import { stationsTestIds } from '../../testIds';
import { LOADING_STATIONS, NO_STATIONS, STATIONS } from '../../texts';
import type { ApplicationStations as ApplicationStationsData } from '../../types';
import { APPLICATION_STATIONS_PATTERN, applicationPath, cloudStationUrlPrefix } from '../../urls';
import { stationColumns } from './stationColumns';
import '../../styles/stationTable.css';

const ids = stationsTestIds.applicationStations;

/**
 * /applications/:id/stations (spec 2.4, managers): the stations of one application, live from
 * its store, with the Default switch, the POS URL, Quick Launch and View POS of each. A store
 * without the Cloud POS plugin has no stations to give: the page says so, with the download.
 */
export function ApplicationStations() {
  const applicationId = useRouteId(APPLICATION_STATIONS_PATTERN);
  // The parcel stays mounted from one application's stations to the next: a fresh page per
  // application, so a save of the previous one that answers late cannot change this one's rows.
  return <ApplicationStationsOf key={applicationId ?? ''} applicationId={applicationId} />;
}

function ApplicationStationsOf({ applicationId }: { applicationId: string | null }) {
  const { api, bus, cloudPosUrl } = useParcel();
  const load = useCallback(
    async (signal: AbortSignal) => {
      try {
        return await fetchApplicationStations(api, applicationId ?? '', signal);
      } catch (error) {
        // Spec 8: a station load failure is a danger bubble with the server's text, too.
        if (!signal.aborted)
          bus.emit('notify', { message: apiErrorMessage(error), status: 'danger' });
        throw error;
      }
    },
    [api, bus, applicationId],
  );
  const stations = useLoad<ApplicationStationsData>(load);
  const { setData, reload } = stations;
  const applySlug = useCallback(
    (posID: string, stationSlug: string) =>
      setData((data) =>
        data.application.id !== applicationId
          ? data
          : {
              ...data,
              list: data.list.map((station) =>
                station.posID === posID ? { ...station, cloudStationSlug: stationSlug } : station,
              ),
            },
      ),
    [setData, applicationId],
  );
  // Moving to another application's stations keeps the last answer while the next one loads:
  // the page shows the loading state rather than the other application's stations.
  const current = stations.data?.application.id === applicationId ? stations.data : null;
  const application = current?.application ?? null;
  const list = current?.list ?? [];
  const changes = useStationChanges({ application, stations: list, applySlug, reload });
  const quickLaunch = useQuickLaunch();

  return (
    <div className="pos-page" data-testid={ids.page}>
      <PageHeader
        title={application?.name ?? STATIONS}
        subtitle={
          application ? (
            <span>
              {STATIONS} ·{' '}
              <span className="pos-stations-table__hint">
                {cloudStationUrlPrefix(cloudPosUrl, application.slug)}
              </span>
            </span>
          ) : undefined
        }
        back={
          applicationId
            ? {
                to: applicationPath(applicationId),
                label: application ? `Back to ${application.name}` : 'Back to the application',
              }
            : undefined
        }
      />
      <Card flush>
        {stations.status === 'error' ? (
          <ErrorState
            title="The stations could not be loaded"
            message={apiErrorMessage(stations.error)}
            onRetry={reload}
            data-testid={ids.error}
          />
        ) : application === null ? (
          <LoadingState message={LOADING_STATIONS} />
        ) : current?.pluginMissing ? (
          <PluginPrompt
            title={STATIONS_NEED_PLUGIN}
            message={stationsNeedPluginMessage(application.name)}
            data-testid={ids.pluginPrompt}
          />
        ) : list.length === 0 ? (
          <EmptyState title={NO_STATIONS} icon="stations" data-testid={ids.empty} />
        ) : (
          <Table
            caption={`Stations of ${application.name}`}
            captionHidden
            stacked
            className="pos-stations-table"
            testId={ids.table}
            rows={list}
            rowKey={(station) => station.posID}
            rowProps={(station) => ({ 'data-testid': ids.row, 'data-pos-id': station.posID })}
            columns={stationColumns({
              application,
              cloudPosUrl,
              pending: changes.pending,
              resets: changes.resets,
              setDefault: changes.setDefault,
              commitSlug: changes.commitSlug,
              quickLaunch,
            })}
          />
        )}
      </Card>
    </div>
  );
}
