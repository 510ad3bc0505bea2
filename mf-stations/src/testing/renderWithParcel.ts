import { createRenderWithParcel, managerViewer } from '@pos/shared/testing';
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
