import { createReactParcel } from '@pos/shared';
import { StaffList } from '../views/StaffList';

/** The staff list (/staff), as a parcel the shell mounts. */
export default createReactParcel(StaffList);
