import { createRenderWithParcel } from '@pos/shared/src/contract/testing/renderWithParcel';
import { managerViewer } from '@pos/shared/src/contract/testing/viewers';
import { APPLICATIONS_PATH } from '../urls';

/** Renders a view as the shell mounts the applications pages, for the demo manager by default. */
export const renderWithParcel = createRenderWithParcel({
  basePath: APPLICATIONS_PATH,
  viewer: managerViewer,
});
