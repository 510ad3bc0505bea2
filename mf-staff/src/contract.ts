import type { RemoteContract } from '@pos/shared';
import { CREATE_STAFF_USER, STAFF } from './texts';
import { STAFF_CREATE_PATH, STAFF_PATH } from './urls';

/**
 * What the shell gets from mf_staff, all for managers (spec 2.2, 2.6, 2.10): the staff list at
 * /staff and Create Staff User at /staff/create; the nav item between Applications and
 * Activity; the Staff tile right after the Applications tile. A banned account keeps the pages
 * and the nav item (spec 2.2 and 2.10 redirect and disable only Applications, Stations, Admin
 * Panel and /wc-authorization): the pages show 'Unavailable while the account is paused' and
 * ask nothing (the api answers the staff routes with 402), and the tile is greyed out.
 */
const contract: RemoteContract = {
  name: 'mf_staff',
  routes: [
    {
      path: STAFF_PATH,
      title: STAFF,
      access: 'manager',
      bannedPolicy: 'allow',
      load: () => import('./parcels/staffList').then((m) => m.default),
    },
    {
      path: STAFF_CREATE_PATH,
      title: CREATE_STAFF_USER,
      access: 'manager',
      bannedPolicy: 'allow',
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
      disabledWhenBanned: false,
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
