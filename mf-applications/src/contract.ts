import type { RemoteContract } from '@pos/shared';
import { MY_APPLICATIONS } from './texts';
import {
  APPLICATIONS_PATH,
  APPLICATION_CREATE_PATH,
  APPLICATION_DETAIL_PATTERN,
  WC_AUTHORIZATION_PATH,
} from './urls';

/**
 * What the shell gets from mf_applications: the applications pages (spec 2.4) for managers,
 * redirected for banned accounts, the nav item and the Applications tile.
 */
const contract: RemoteContract = {
  name: 'mf_applications',
  routes: [
    {
      path: APPLICATIONS_PATH,
      title: MY_APPLICATIONS,
      access: 'manager',
      bannedPolicy: 'redirect',
      load: () => import('./parcels/applicationList').then((m) => m.default),
    },
    {
      path: APPLICATION_CREATE_PATH,
      title: 'Create Application',
      access: 'manager',
      bannedPolicy: 'redirect',
      load: () => import('./parcels/applicationCreate').then((m) => m.default),
    },
    {
      path: APPLICATION_DETAIL_PATTERN,
      title: 'Application',
      access: 'manager',
      bannedPolicy: 'redirect',
      load: () => import('./parcels/applicationDetail').then((m) => m.default),
    },
    {
      path: WC_AUTHORIZATION_PATH,
      title: 'Authorizing',
      access: 'manager',
      bannedPolicy: 'redirect',
      load: () => import('./parcels/wcAuthorization').then((m) => m.default),
    },
  ],
  navItems: [
    {
      id: 'applications',
      label: 'Applications',
      path: APPLICATIONS_PATH,
      access: 'manager',
      order: 20,
      disabledWhenBanned: true,
      icon: 'applications',
    },
  ],
  tiles: [
    {
      id: 'applications',
      title: 'Applications',
      access: 'manager',
      order: 20,
      load: () => import('./parcels/applicationsTile').then((m) => m.default),
    },
  ],
};

export default contract;
