import { createRenderWithParcel, managerViewer } from '@pos/shared/testing';
import type { Viewer } from '@pos/shared';
import { STATIONS_PATH } from '../urls';

/**
 * Renders a view as the shell mounts the stations pages (under <StrictMode>, like
 * createReactParcel), for the demo manager by default.
 */
export const renderWithParcel = createRenderWithParcel({
  basePath: STATIONS_PATH,
  viewer: managerViewer,
  strict: true,
});

/** The demo cashier (cashier@demo.test): not a manager, sees shared stations only. */
export const cashierViewer: Viewer = {
  userRole: 'other',
  isAdmin: false,
  isBanned: false,
  fullName: 'Cash Ier',
  email: 'cashier@demo.test',
};
