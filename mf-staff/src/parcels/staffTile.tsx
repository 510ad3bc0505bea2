import { createReactParcel } from '@pos/shared';
import { StaffTile } from '../views/StaffTile';

/** The dashboard's Staff tile, as a parcel the shell mounts. */
export default createReactParcel(StaffTile);
