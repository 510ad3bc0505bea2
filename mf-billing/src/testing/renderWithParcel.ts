import { createRenderWithParcel, managerViewer } from '@pos/shared/testing';
import type { Viewer } from '@pos/shared';
import { SUBSCRIPTION_PLANS_PATH } from '../urls';

/**
 * Renders a view as the shell mounts My Plan (under <StrictMode>, like createReactParcel), for
 * the demo manager by default.
 */
export const renderWithParcel = createRenderWithParcel({
  basePath: SUBSCRIPTION_PLANS_PATH,
  viewer: managerViewer,
  strict: true,
});

/** The demo cashier (cashier@demo.test): not a manager, on the free Cashier plan. */
export const cashierViewer: Viewer = {
  userRole: 'other',
  isAdmin: false,
  isBanned: false,
  fullName: 'Cash Ier',
  email: 'cashier@demo.test',
};
