import { createRenderWithParcel, managerViewer } from '@pos/shared/testing';
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
