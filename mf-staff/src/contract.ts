import type { RemoteContract } from '@pos/shared';
import { CREATE_STAFF_USER, STAFF } from './texts';
import { STAFF_CREATE_PATH, STAFF_PATH } from './urls';

/**
 * What the shell gets from mf_staff, all for managers (spec 2.2, 2.6, 2.10): the staff list at
 * /staff and Create Staff User at /staff/create, redirected for a banned account like the
 * applications pages (the api answers their calls with 402); the nav item between Applications
 * and Activity; the Staff tile right after the Applications tile.
 */
const contract: RemoteContract = {
  name: 'mf_staff',
  routes: [
    {
      path: STAFF_PATH,
      title: STAFF,
      access: 'manager',
      bannedPolicy: 'redirect',
      load: () => import('./parcels/staffList').then((m) => m.default),
    },
    {
      path: STAFF_CREATE_PATH,
      title: CREATE_STAFF_USER,
      access: 'manager',
      bannedPolicy: 'redirect',
      load: () => import('./parcels/staffCreate').then((m) => m.default),
    },
  ],
  navItems: [
    {
      id: 'staff',
      label: STAFF,
      path: STAFF_PATH,
      access: 'manager',
      order: 30,
      disabledWhenBanned: true,
      icon: 'staff',
    },
  ],
  tiles: [
    {
      id: 'staff',
      title: STAFF,
      access: 'manager',
      order: 25,
      load: () => import('./parcels/staffTile').then((m) => m.default),
    },
  ],
};

export default contract;
