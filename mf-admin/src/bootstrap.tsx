// The standalone dev page: the admin panel and its tile without the shell
// (`pnpm --filter @pos/mf-admin dev`); @pos/shared's dev harness makes the bus, session and api.
import { startDevPage } from '@pos/shared/dev';
import { ADMIN_PANEL_PATH } from './urls';
import { AdminPanel } from './views/AdminPanel';
import { UsersTile } from './views/UsersTile';

startDevPage({
  title: 'mf_admin · standalone',
  basePath: ADMIN_PANEL_PATH,
  signInAs: 'an admin',
  fallbackPath: ADMIN_PANEL_PATH,
  pages: [
    { path: '/', label: 'Tile', end: true, tile: true, element: <UsersTile /> },
    { path: ADMIN_PANEL_PATH, label: 'Admin Panel', element: <AdminPanel /> },
  ],
});
