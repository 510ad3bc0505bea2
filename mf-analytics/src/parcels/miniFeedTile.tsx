import { createReactParcel } from '@pos/shared';
import { MiniActivityFeed } from '../views/MiniActivityFeed';

/** The dashboard's mini activity feed, as a parcel the shell mounts. */
export default createReactParcel(MiniActivityFeed);
