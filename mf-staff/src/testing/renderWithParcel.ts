import { createRenderWithParcel, managerViewer } from '@pos/shared/testing';
import { STAFF_PATH } from '../urls';

/**
 * Renders a view as the shell mounts this remote's parcels (under <StrictMode>, like
 * createReactParcel), for the demo manager by default.
 */
export const renderWithParcel = createRenderWithParcel({
  basePath: STAFF_PATH,
  viewer: managerViewer,
  strict: true,
});
