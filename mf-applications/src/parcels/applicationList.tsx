import { createReactParcel } from '@pos/shared';
import { ApplicationList } from '../views/ApplicationList';

/** The /applications page ('My Applications'), as a parcel the shell mounts. */
export default createReactParcel(ApplicationList);
