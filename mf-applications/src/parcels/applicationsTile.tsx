import { createReactParcel } from '@pos/shared';
import { ApplicationsTile } from '../views/ApplicationsTile';

/** The Applications tile of the dashboard, as a parcel the shell mounts. */
export default createReactParcel(ApplicationsTile);
