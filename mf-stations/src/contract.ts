import type { RemoteContract } from '@pos/shared';
import { SHARED_STATIONS, STATIONS } from './texts';
import { APPLICATION_STATIONS_PATTERN, SHARED_STATIONS_PATTERN, STATIONS_PATH } from './urls';

/**
 * What the shell gets from mf_stations: /stations for everyone, an application's stations for
 * its manager and its shared stations for everyone (the /applications/... routes belong to the
 * stations domain), all redirected for banned accounts; the nav item and the POS tile.
 */
const contract: RemoteContract = {
  name: 'mf_stations',
  routes: [
    {
      path: STATIONS_PATH,
      title: STATIONS,
      access: 'all',
      bannedPolicy: 'redirect',
      load: () => import('./parcels/stationList').then((m) => m.default),
    },
    {
      path: APPLICATION_STATIONS_PATTERN,
      title: STATIONS,
      access: 'manager',
      bannedPolicy: 'redirect',
      load: () => import('./parcels/applicationStations').then((m) => m.default),
    },
    {
      path: SHARED_STATIONS_PATTERN,
      title: SHARED_STATIONS,
      access: 'all',
      bannedPolicy: 'redirect',
      load: () => import('./parcels/sharedStations').then((m) => m.default),
    },
  ],
  navItems: [
    {
      id: 'stations',
      label: STATIONS,
      path: STATIONS_PATH,
      access: 'all',
      order: 60,
      disabledWhenBanned: true,
      icon: 'stations',
    },
  ],
  tiles: [
    {
      id: 'pos',
      title: 'POS',
      access: 'all',
      order: 30,
      load: () => import('./parcels/posTile').then((m) => m.default),
    },
  ],
};

export default contract;
