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
  /**
   * A station's cloud POS address changed; `cloudUrl` is the new one. A station made the
   * default (its slug now 'pos') proves the Assistant's 'set-default-station' task.
   */
  posUrlChanged: (
    row: Pick<ApplicationRow, 'id'>,
    station: Pick<StoreStation, 'name'>,
    cloudUrl: string,
    { madeDefault = false }: { madeDefault?: boolean } = {},
  ): NewActivity => ({
    name: `POS URL of ${station.name} changed to ${cloudUrl}`,
    feedType: 'posUrlChanged',
    ...stationsLink(row),
    ...(madeDefault
      ? { proves: { task: 'set-default-station' as const, applicationId: row.id } }
      : {}),
  }),
  /**
   * Someone opened a station through its cloud POS address (the owner's feed). It proves the
   * Assistant's 'open-station' task of the one who opened it: the owner's for their
   * application, a member's own (without the application, which is not theirs) otherwise.
   */
  stationOpened: (
    row: Pick<ApplicationRow, 'id' | 'name' | 'user_id'>,
    station: Pick<StoreStation, 'name'>,
    opener: Pick<UserRow, 'id' | 'full_name' | 'email'>,
  ): NewActivity => ({
    name: `${opener.full_name || opener.email || 'A user'} opened ${station.name} (${row.name})`,
    feedType: 'stationOpened',
    ...stationsLink(row),
    proves:
      opener.id === row.user_id
        ? { task: 'open-station', applicationId: row.id }
        : { task: 'open-station', userId: opener.id },
  }),
};
