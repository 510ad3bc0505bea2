import { createReactParcel } from '@pos/shared';
import { StationList } from '../views/StationList';

/** The /stations page, as a parcel the shell mounts. */
export default createReactParcel(StationList);
