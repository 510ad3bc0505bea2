import { createReactParcel } from '@pos/shared';
import { UsersTile } from '../views/UsersTile';

/** The admins' Users tile of the dashboard as a parcel. */
export default createReactParcel(UsersTile);
