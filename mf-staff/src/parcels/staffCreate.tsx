import { createReactParcel } from '@pos/shared';
import { StaffCreate } from '../views/StaffCreate';

/** Create Staff User (/staff/create), as a parcel the shell mounts. */
export default createReactParcel(StaffCreate);
