// The standalone dev page: the staff list, Create Staff User and the Staff tile without the
// shell (`pnpm --filter @pos/mf-staff dev`); @pos/shared's dev harness makes the bus, session
// and api.
import { startDevPage } from '@pos/shared/dev';
import { CREATE_STAFF_USER, STAFF } from './texts';
import { STAFF_CREATE_PATH, STAFF_PATH } from './urls';
import { StaffCreate } from './views/StaffCreate';
import { StaffList } from './views/StaffList';
import { StaffTile } from './views/StaffTile';

startDevPage({
  title: 'mf_staff · standalone',
  basePath: STAFF_PATH,
  signInAs: 'a manager',
  fallbackPath: STAFF_PATH,
  pages: [
    { path: '/', label: STAFF, end: true, tile: true, element: <StaffTile /> },
    { path: STAFF_PATH, label: STAFF, end: true, element: <StaffList /> },
    { path: STAFF_CREATE_PATH, label: CREATE_STAFF_USER, end: true, element: <StaffCreate /> },
  ],
});
