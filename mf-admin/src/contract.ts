import type { RemoteContract } from '@pos/shared';
import { ADMIN_PANEL_PATH, RELEASES_PATH } from './urls';

/**
 * What the shell gets from mf_admin: the Admin Panel page, its Releases page (issue 31), the nav
 * item and the Users tile.
 */
const contract: RemoteContract = {
  name: 'mf_admin',
  routes: [
    {
      path: ADMIN_PANEL_PATH,
      title: 'Admin Panel',
      access: 'admin',
      bannedPolicy: 'redirect',
      load: () => import('./parcels/adminPanel').then((m) => m.default),
    },
    {
      path: RELEASES_PATH,
      title: 'Releases',
      access: 'admin',
      bannedPolicy: 'redirect',
      load: () => import('./parcels/releases').then((m) => m.default),
    },
  ],
  navItems: [
    {
      id: 'admin-panel',
      label: 'Admin Panel',
      path: ADMIN_PANEL_PATH,
      access: 'admin',
      order: 70,
      disabledWhenBanned: true,
      icon: 'shield',
    },
  ],
  tiles: [
    {
      id: 'admin-users',
      title: 'Users',
      access: 'admin',
      order: 90,
      load: () => import('./parcels/usersTile').then((m) => m.default),
    },
  ],
};

export default contract;
