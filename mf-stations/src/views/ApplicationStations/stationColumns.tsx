import { CellLabel, Toggle, httpUrlOrNull, type TableColumn } from '@pos/shared';
import { OpenStationLink } from '../../components/OpenStationLink';
import { QuickLaunchToggle, type QuickLaunchToggleProps } from '../../components/QuickLaunchToggle';
import { SlugField } from '../../components/SlugField';
import type { StationChangeKind } from '../../hooks/useStationChanges';
import { isDefaultStation } from '../../stationRules';
import { stationsTestIds } from '../../testIds';
import { defaultToggleLabel, viewPosLabel } from '../../texts';
import type { Station, StationApplication } from '../../types';
import { cloudStationUrl, cloudStationUrlPrefix } from '../../urls';

const ids = stationsTestIds.applicationStations;

/** What the columns of an application's stations need from the page. */
export interface StationColumnsOptions {
  application: StationApplication;
  cloudPosUrl: string;
  /** Stations whose change is being saved (or waits for one), and which control started it. */
  pending: ReadonlyMap<string, StationChangeKind>;
  resets: Readonly<Record<string, number>>;
  setDefault: (station: Station, on: boolean) => void;
  commitSlug: (station: Station, typed: string) => void;
  quickLaunch: QuickLaunchToggleProps['quickLaunch'];
}

/**
 * The manager's columns (spec 2.4): Name, Application URL, Default, POS URL, Quick Launch and
 * View POS. Stations without access have no quick-launch switch and a disabled View POS (spec 6).
 */
export function stationColumns({
  application,
  cloudPosUrl,
  pending,
  resets,
  setDefault,
  commitSlug,
  quickLaunch,
}: StationColumnsOptions): TableColumn<Station>[] {
  const prefix = cloudStationUrlPrefix(cloudPosUrl, application.slug);
  return [
    { id: 'name', header: 'Name', rowHeader: true, cell: (station) => station.name },
    {
      id: 'url',
      header: 'Application URL',
      cell: (station) => (
        <>
          <CellLabel>Application URL</CellLabel>
          {/* A store's address becomes a link only as a web page (never javascript: or data:). */}
          {httpUrlOrNull(station.url) !== null ? (
            <a
              href={station.url}
              target="_blank"
              rel="noopener noreferrer"
              className="pos-stations-table__url"
            >
              {station.url}
            </a>
          ) : (
            <span className="pos-stations-table__url">{station.url}</span>
          )}
        </>
      ),
    },
    {
      id: 'default',
      header: 'Default',
      cell: (station) => (
        <>
          <CellLabel>Default</CellLabel>
          <Toggle
            label={defaultToggleLabel(station.name)}
            hideLabel
            checked={isDefaultStation(station)}
            busy={pending.get(station.posID) === 'default'}
            onChange={(on) => setDefault(station, on)}
            data-testid={ids.defaultToggle}
          />
        </>
      ),
    },
    {
      id: 'pos-url',
      header: 'POS URL',
      cell: (station) => (
        <>
          <CellLabel>POS URL</CellLabel>
          <SlugField
            stationName={station.name}
            savedSlug={station.cloudStationSlug}
            resetToken={resets[station.posID] ?? 0}
            prefix={prefix}
            disabled={isDefaultStation(station)}
            pending={pending.has(station.posID)}
            onCommit={(typed) => commitSlug(station, typed)}
          />
        </>
      ),
    },
    {
      id: 'quick-launch',
      header: 'Quick Launch',
      cell: (station) => (
        <QuickLaunchToggle
          applicationId={application.id}
          station={station}
          quickLaunch={quickLaunch}
        />
      ),
    },
    {
      id: 'view-pos',
      header: 'View POS',
      cell: (station) => (
        <>
          <CellLabel>View POS</CellLabel>
          <OpenStationLink
            label={viewPosLabel(station.name)}
            url={cloudStationUrl(cloudPosUrl, application.slug, station.cloudStationSlug)}
            disabled={station.access === false}
            data-testid={ids.viewPos}
          >
            View POS
          </OpenStationLink>
        </>
      ),
    },
  ];
}
