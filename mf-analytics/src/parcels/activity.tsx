import { createReactParcel } from '@pos/shared';
import { ActivityFeed } from '../views/ActivityFeed';

/** The activity feed (/activity), as a parcel the shell mounts. */
export default createReactParcel(ActivityFeed);
