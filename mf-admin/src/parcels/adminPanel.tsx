import { createReactParcel } from '@pos/shared';
import { AdminPanel } from '../views/AdminPanel';

/** The /admin-panel page as a parcel the shell mounts. */
export default createReactParcel(AdminPanel);
