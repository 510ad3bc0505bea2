import { createRenderWithParcel } from '@pos/shared/src/contract/testing/renderWithParcel';
import { adminViewer } from '@pos/shared/src/contract/testing/viewers';
import { ADMIN_PANEL_PATH } from '../urls';

/** Renders a view as the shell mounts the admin panel, for the demo admin unless told otherwise. */
export const renderWithParcel = createRenderWithParcel({
  basePath: ADMIN_PANEL_PATH,
  viewer: adminViewer,
});
