import type { ApplicationRow, UserRow } from '../../db/types';
import type { NewActivity } from '../../repositories/activities';
import type { StoreStation } from '../../services/store-client';

/** Shortest time between two stationOpened entries of one user, station and application. */
export const STATION_OPENED_EVERY_MS = 60_000;

const stationsLink = (row: Pick<ApplicationRow, 'id'>) => ({
  link: `/applications/${row.id}/stations`,
  linkName: 'View Stations',
});

/** The feed entries about stations (spec 2.10). */
export const stationFeed = {
  /** A station's cloud POS address changed; `cloudUrl` is the new one. */
  posUrlChanged: (
    row: Pick<ApplicationRow, 'id'>,
    station: Pick<StoreStation, 'name'>,
    cloudUrl: string,
  ): NewActivity => ({
    name: `POS URL of ${station.name} changed to ${cloudUrl}`,
    feedType: 'posUrlChanged',
    ...stationsLink(row),
  }),
  /** Someone opened a station through its cloud POS address (the owner's feed). */
  stationOpened: (
    row: Pick<ApplicationRow, 'id' | 'name'>,
    station: Pick<StoreStation, 'name'>,
    opener: Pick<UserRow, 'full_name' | 'email'>,
  ): NewActivity => ({
    name: `${opener.full_name || opener.email || 'A user'} opened ${station.name} (${row.name})`,
    feedType: 'stationOpened',
    ...stationsLink(row),
  }),
};
