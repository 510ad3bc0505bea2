// The standalone dev page: My Plan and its tile without the shell
// (`pnpm --filter @pos/mf-billing dev`); @pos/shared's dev harness makes the bus, session and
// api. Stripe.js comes from the payments sandbox; its publishable key is made per data folder
// (.run/…/payments-keys.json), so it is passed in the address: ?stripeKey=pk_test_…
import { startDevPage } from '@pos/shared/dev';
import { MY_PLAN } from './texts';
import { SUBSCRIPTION_PLANS_PATH } from './urls';
import { MyPlanTile } from './views/MyPlanTile';
import { SubscriptionPlans } from './views/SubscriptionPlans';

const query = new URLSearchParams(window.location.search);

startDevPage({
  title: 'mf_billing · standalone',
  basePath: SUBSCRIPTION_PLANS_PATH,
  signInAs: 'a manager (or the cashier, for shared access plans)',
  fallbackPath: SUBSCRIPTION_PLANS_PATH,
  stripe: {
    publishableKey: query.get('stripeKey') ?? '',
    jsUrl: query.get('stripeJs') ?? 'http://127.0.0.1:4600/v3/',
  },
  pages: [
    { path: '/', label: 'Tile', end: true, tile: true, element: <MyPlanTile /> },
    { path: SUBSCRIPTION_PLANS_PATH, label: MY_PLAN, end: true, element: <SubscriptionPlans /> },
  ],
});
