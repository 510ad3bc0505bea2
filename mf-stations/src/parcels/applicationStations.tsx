import { createReactParcel } from '@pos/shared';
import { ApplicationStations } from '../views/ApplicationStations';

/** The /applications/:id/stations page (managers), as a parcel the shell mounts. */
export default createReactParcel(ApplicationStations);
