import type { RemoteContract } from '@pos/shared';
import { ACTIVITY, ORDER_ANALYTICS, RECENT_ACTIVITY } from './texts';
import { ACTIVITY_PATH, ANALYTICS_PATH, PRINT_ANALYTICS_PATH } from './urls';

/**
 * What the shell gets from mf_analytics, all for managers (spec 2.2, 2.10): Order Analytics at
 * /analytics, its paper layout at /print-analytics and the feed at /activity; their nav items
 * (Order Analytics right after Dashboard, Activity after Staff and before Stations); the Order
 * Analytics tile first on the dashboard and the mini activity feed after My Plan (spec 2.3).
 * The charts' library is loaded by the two analytics pages only, never by the tiles.
 */
const contract: RemoteContract = {
  name: 'mf_analytics',
  routes: [
    {
      path: ANALYTICS_PATH,
      title: ORDER_ANALYTICS,
      access: 'manager',
      bannedPolicy: 'allow',
      load: () => import('./parcels/orderAnalytics').then((m) => m.default),
    },
    {
      path: PRINT_ANALYTICS_PATH,
      title: ORDER_ANALYTICS,
      access: 'manager',
      bannedPolicy: 'allow',
      load: () => import('./parcels/printAnalytics').then((m) => m.default),
    },
    {
      path: ACTIVITY_PATH,
      title: ACTIVITY,
      access: 'manager',
      bannedPolicy: 'allow',
      load: () => import('./parcels/activity').then((m) => m.default),
    },
  ],
  navItems: [
    {
      id: 'order-analytics',
      label: ORDER_ANALYTICS,
      path: ANALYTICS_PATH,
      access: 'manager',
      order: 10,
      disabledWhenBanned: false,
      icon: 'analytics',
    },
    {
      id: 'activity',
      label: ACTIVITY,
      path: ACTIVITY_PATH,
      access: 'manager',
      order: 50,
      disabledWhenBanned: false,
      icon: 'activity',
    },
  ],
  tiles: [
    {
      id: 'order-analytics',
      title: ORDER_ANALYTICS,
      access: 'manager',
      order: 10,
      load: () => import('./parcels/orderAnalyticsTile').then((m) => m.default),
    },
    {
      id: 'activity-feed',
      title: RECENT_ACTIVITY,
      access: 'manager',
      order: 50,
      load: () => import('./parcels/miniFeedTile').then((m) => m.default),
    },
  ],
};

export default contract;
