import { CellLabel, Toggle, type TableColumn } from '@pos/shared';
import { OpenStationLink } from '../../components/OpenStationLink';
import { SlugField } from '../../components/SlugField';
import { isDefaultStation } from '../../stationRules';
import { stationsTestIds } from '../../testIds';
import { defaultToggleLabel, quickLaunchToggleLabel, viewPosLabel } from '../../texts';
import type { Station, StationApplication } from '../../types';
import { cloudStationUrl, cloudStationUrlPrefix, quickLaunchKey } from '../../urls';

const ids = stationsTestIds.applicationStations;

/** What the columns of an application's stations need from the page. */
export interface StationColumnsOptions {
  application: StationApplication;
  cloudPosUrl: string;
  /** Stations whose change is being saved. */
  pending: ReadonlySet<string>;
  resets: Readonly<Record<string, number>>;
  setDefault: (station: Station, on: boolean) => void;
  commitSlug: (station: Station, typed: string) => void;
  quickLaunch: {
    ready: boolean;
    pinned: Readonly<Record<string, boolean>>;
    pending: ReadonlySet<string>;
    toggle: (key: string, pinned: boolean) => Promise<void>;
  };
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
          <a
            href={station.url}
            target="_blank"
            rel="noopener noreferrer"
            className="pos-stations-table__url"
          >
            {station.url}
          </a>
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
            disabled={pending.has(station.posID)}
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
            key={`${station.cloudStationSlug}:${resets[station.posID] ?? 0}`}
            stationName={station.name}
            savedSlug={station.cloudStationSlug}
            prefix={prefix}
            disabled={isDefaultStation(station) || pending.has(station.posID)}
            onCommit={(typed) => commitSlug(station, typed)}
          />
        </>
      ),
    },
    {
      id: 'quick-launch',
      header: 'Quick Launch',
      cell: (station) => {
        if (station.access === false) return null;
        const key = quickLaunchKey(application.id, station.posID);
        return (
          <>
            <CellLabel>Quick Launch</CellLabel>
            <Toggle
              label={quickLaunchToggleLabel(station.name)}
              hideLabel
              checked={Boolean(quickLaunch.pinned[key])}
              disabled={!quickLaunch.ready || quickLaunch.pending.has(key)}
              onChange={(on) => void quickLaunch.toggle(key, on)}
              data-testid={ids.quickLaunchToggle}
            />
          </>
        );
      },
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
