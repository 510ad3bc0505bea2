import { adminViewer, createRenderWithParcel } from '@pos/shared/testing';
import { ADMIN_PANEL_PATH } from '../urls';

/** Renders a view as the shell mounts the admin panel, for the demo admin unless told otherwise. */
export const renderWithParcel = createRenderWithParcel({
  basePath: ADMIN_PANEL_PATH,
  viewer: adminViewer,
});
