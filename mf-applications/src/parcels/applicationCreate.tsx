import { createReactParcel } from '@pos/shared';
import { ApplicationCreate } from '../views/ApplicationCreate';

/** The /applications/create page, as a parcel the shell mounts. */
export default createReactParcel(ApplicationCreate);
