import type { RemoteContract } from '@pos/shared';
import { MY_PLAN } from './texts';
import { SUBSCRIPTION_PLANS_PATH } from './urls';

/**
 * What the shell gets from mf_billing: My Plan at /subscription-plans for everyone (a banned
 * account still reaches it, with subscribing disabled; spec 2.2, 4) and the dashboard's My Plan
 * tile. The profile menu's My Plan entry is the shell's and links to the same path.
 */
const contract: RemoteContract = {
  name: 'mf_billing',
  routes: [
    {
      path: SUBSCRIPTION_PLANS_PATH,
      title: MY_PLAN,
      access: 'all',
      bannedPolicy: 'allow',
      load: () => import('./parcels/subscriptionPlans').then((m) => m.default),
    },
  ],
  navItems: [],
  tiles: [
    {
      id: 'my-plan',
      title: MY_PLAN,
      access: 'all',
      order: 40,
      load: () => import('./parcels/myPlanTile').then((m) => m.default),
    },
  ],
};

export default contract;
