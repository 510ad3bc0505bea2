import { createRenderWithParcel, managerViewer } from '@pos/shared/testing';

/**
 * Renders a view as the shell mounts this remote's parcel (under <StrictMode>, like
 * createReactParcel), in the side navigation at '/', for the demo manager by default.
 */
export const renderWithParcel = createRenderWithParcel({
  basePath: '/',
  viewer: managerViewer,
  strict: true,
});
