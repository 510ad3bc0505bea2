import { createReactParcel } from '@pos/shared';
import { ApplicationDetail } from '../views/ApplicationDetail';

/** The /applications/:id page, as a parcel the shell mounts. */
export default createReactParcel(ApplicationDetail);
