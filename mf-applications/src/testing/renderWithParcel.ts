import { createRenderWithParcel, managerViewer } from '@pos/shared/testing';
import { APPLICATIONS_PATH } from '../urls';

/** Renders a view as the shell mounts the applications pages, for the demo manager by default. */
export const renderWithParcel = createRenderWithParcel({
  basePath: APPLICATIONS_PATH,
  viewer: managerViewer,
});
