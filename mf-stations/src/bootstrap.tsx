// The standalone dev page: the stations pages and the POS tile without the shell
// (`pnpm --filter @pos/mf-stations dev`); @pos/shared's dev harness makes the bus, session and
// api.
import { startDevPage } from '@pos/shared/dev';
import { STATIONS } from './texts';
import { APPLICATION_STATIONS_PATTERN, SHARED_STATIONS_PATTERN, STATIONS_PATH } from './urls';
import { ApplicationStations } from './views/ApplicationStations';
import { PosTile } from './views/PosTile';
import { SharedStations } from './views/SharedStations';
import { StationList } from './views/StationList';

startDevPage({
  title: 'mf_stations · standalone',
  basePath: STATIONS_PATH,
  signInAs: 'a manager (or the cashier, for shared stations)',
  fallbackPath: STATIONS_PATH,
  pages: [
    { path: '/', label: 'Tile', end: true, tile: true, element: <PosTile /> },
    { path: STATIONS_PATH, label: STATIONS, end: true, element: <StationList /> },
    { path: APPLICATION_STATIONS_PATTERN, element: <ApplicationStations /> },
    { path: SHARED_STATIONS_PATTERN, element: <SharedStations /> },
  ],
});
