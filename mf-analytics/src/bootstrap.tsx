// The standalone dev page: Order Analytics, its paper layout, the feed and the two tiles without
// the shell (`pnpm --filter @pos/mf-analytics dev`); @pos/shared's dev harness makes the bus,
// session and api.
import { startDevPage } from '@pos/shared/dev';
import { ACTIVITY, ORDER_ANALYTICS, PRINT_ORDER_ANALYTICS, RECENT_ACTIVITY } from './texts';
import { ACTIVITY_PATH, ANALYTICS_PATH, PRINT_ANALYTICS_PATH } from './urls';
import { ActivityFeed } from './views/ActivityFeed';
import { MiniActivityFeed } from './views/MiniActivityFeed';
import { OrderAnalytics } from './views/OrderAnalytics';
import { OrderAnalyticsTile } from './views/OrderAnalyticsTile';
import { PrintAnalytics } from './views/PrintAnalytics';

startDevPage({
  title: 'mf_analytics · standalone',
  basePath: ANALYTICS_PATH,
  signInAs: 'a manager',
  fallbackPath: ANALYTICS_PATH,
  pages: [
    { path: '/', label: ORDER_ANALYTICS, end: true, tile: true, element: <OrderAnalyticsTile /> },
    {
      path: '/feed-tile',
      label: RECENT_ACTIVITY,
      end: true,
      tile: true,
      element: <MiniActivityFeed />,
    },
    { path: ANALYTICS_PATH, label: ORDER_ANALYTICS, end: true, element: <OrderAnalytics /> },
    {
      path: PRINT_ANALYTICS_PATH,
      label: PRINT_ORDER_ANALYTICS,
      end: true,
      element: <PrintAnalytics />,
    },
    { path: ACTIVITY_PATH, label: ACTIVITY, end: true, element: <ActivityFeed /> },
  ],
});
