import { createReactParcel } from '@pos/shared';
import { WcAuthorization } from '../views/WcAuthorization';

/** The /wc-authorization page the store sends the browser back to, as a parcel the shell mounts. */
export default createReactParcel(WcAuthorization);
