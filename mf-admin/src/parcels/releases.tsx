import { createReactParcel } from '@pos/shared';
import { Releases } from '../views/Releases';

/** The /admin-panel/releases page as a parcel the shell mounts. */
export default createReactParcel(Releases);
