import { Icon, StatTile, apiErrorMessage, useParcel, type StatTileState } from '@pos/shared';
import { PluginLeftOut } from '@pos/shared/store-kit';
import { useStationsOverview } from '../../hooks/useStationsOverview';
import { countPluginMissing, countStations, resolveQuickLaunch } from '../../quickLaunch';
import { stationsTestIds } from '../../testIds';
import {
  LOADING_STATIONS,
  NO_ACCESS,
  QUICK_LAUNCH,
  UNAVAILABLE_WHILE_PAUSED,
  unavailableReason,
} from '../../texts';
import { STATIONS_PATH, cloudStationUrl } from '../../urls';
import './PosTile.css';

const ids = stationsTestIds.tile;

const link = { to: STATIONS_PATH, label: 'View Stations', 'data-testid': ids.link };

/**
 * The POS tile of the dashboard (spec 2.3): how many stations the viewer has (own stations of
 * verified applications plus shared ones) and a tile per station pinned to Quick Launch that
 * opens it in a new tab. Stores without the Cloud POS plugin are left out, and counted. For a banned account it is greyed out, without links, and asks the api
 * nothing (the api answers a banned account's calls with 402).
 */
export function PosTile() {
  const { viewer } = useParcel();
  if (viewer.isBanned) {
    return (
      <StatTile
        title="POS"
        className="pos-stations-tile"
        state={{ status: 'unavailable', message: UNAVAILABLE_WHILE_PAUSED }}
        loadingMessage={LOADING_STATIONS}
        label="stations"
        link={link}
        disabled
        data-testid={ids.root}
        valueTestId={ids.count}
      />
    );
  }
  return <LivePosTile />;
}

function LivePosTile() {
  const { cloudPosUrl } = useParcel();
  const { own, shared, quickLaunch } = useStationsOverview({ announceStoreErrors: false });

  const failed = [own, shared].find((load) => load.status === 'error');
  const loading =
    (own.status === 'loading' && own.data === null) ||
    (shared.status === 'loading' && shared.data === null);
  const retry = () => {
    if (own.status === 'error') own.reload();
    if (shared.status === 'error') shared.reload();
  };
  const sharedGroups = shared.data?.groups ?? [];
  const pinned = resolveQuickLaunch(quickLaunch.pinned, own.data ?? [], sharedGroups);
  const leftOut = countPluginMissing(own.data ?? []) + (shared.data?.pluginMissingCount ?? 0);

  const state: StatTileState = failed
    ? { status: 'error', message: apiErrorMessage(failed.error), onRetry: retry }
    : loading
      ? { status: 'loading' }
      : { status: 'success', value: countStations(own.data ?? [], sharedGroups) };

  return (
    <StatTile
      title="POS"
      className="pos-stations-tile"
      state={state}
      loadingMessage={LOADING_STATIONS}
      label="stations"
      link={link}
      data-testid={ids.root}
      valueTestId={ids.count}
    >
      {pinned.length > 0 && (
        <div className="pos-stations-tile__quick">
          <h3 className="pos-stations-tile__heading">{QUICK_LAUNCH}</h3>
          <ul className="pos-stations-tile__list">
            {pinned.map(({ key, station, application, unavailable }) => {
              const open = station.access !== false && unavailable === null;
              const reason = unavailable ? unavailableReason(unavailable) : NO_ACCESS;
              const body = (
                <>
                  <Icon name="stations" size={18} />
                  <span className="pos-stations-tile__station">
                    <span className="pos-stations-tile__station-name">{station.name}</span>
                    <span className="pos-visually-hidden">, </span>
                    <span className="pos-stations-tile__station-app">{application.name}</span>
                  </span>
                </>
              );
              return (
                <li key={key}>
                  {open ? (
                    <a
                      href={cloudStationUrl(
                        cloudPosUrl,
                        application.slug,
                        station.cloudStationSlug,
                      )}
                      target="_blank"
                      rel="noopener noreferrer"
                      className="pos-stations-tile__launch"
                      data-testid={ids.quickLaunch}
                      data-station={station.name}
                    >
                      {body}
                      <Icon name="external" size={14} />
                      <span className="pos-visually-hidden"> (opens in a new tab)</span>
                    </a>
                  ) : (
                    <span
                      className="pos-stations-tile__launch is-disabled"
                      title={reason}
                      data-testid={ids.quickLaunch}
                      data-station={station.name}
                    >
                      {body}
                      <span className="pos-visually-hidden"> ({reason})</span>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      <PluginLeftOut
        count={leftOut}
        compact
        className="pos-stations-tile__left-out"
        data-testid={ids.leftOut}
      />
    </StatTile>
  );
}
