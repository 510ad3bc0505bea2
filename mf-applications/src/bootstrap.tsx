// The standalone dev page: the applications pages and tile without the shell
// (`pnpm --filter @pos/mf-applications dev`); @pos/shared's dev harness makes the bus, session
// and api.
import { startDevPage } from '@pos/shared/dev';
import { MY_APPLICATIONS } from './texts';
import {
  APPLICATIONS_PATH,
  APPLICATION_CREATE_PATH,
  APPLICATION_DETAIL_PATTERN,
  WC_AUTHORIZATION_PATH,
} from './urls';
import { ApplicationCreate } from './views/ApplicationCreate';
import { ApplicationDetail } from './views/ApplicationDetail';
import { ApplicationList } from './views/ApplicationList';
import { ApplicationsTile } from './views/ApplicationsTile';
import { WcAuthorization } from './views/WcAuthorization';

startDevPage({
  title: 'mf_applications · standalone',
  basePath: APPLICATIONS_PATH,
  signInAs: 'a manager',
  fallbackPath: APPLICATIONS_PATH,
  pages: [
    { path: '/', label: 'Tile', end: true, tile: true, element: <ApplicationsTile /> },
    { path: APPLICATIONS_PATH, label: MY_APPLICATIONS, end: true, element: <ApplicationList /> },
    { path: APPLICATION_CREATE_PATH, label: 'Create Application', element: <ApplicationCreate /> },
    { path: APPLICATION_DETAIL_PATTERN, element: <ApplicationDetail /> },
    { path: WC_AUTHORIZATION_PATH, element: <WcAuthorization /> },
  ],
});
