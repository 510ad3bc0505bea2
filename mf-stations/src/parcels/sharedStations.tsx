import { createReactParcel } from '@pos/shared';
import { SharedStations } from '../views/SharedStations';

/** The /applications/:id/shared-stations page, as a parcel the shell mounts. */
export default createReactParcel(SharedStations);
