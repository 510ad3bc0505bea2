import { createReactParcel } from '@pos/shared';
import { OrderAnalytics } from '../views/OrderAnalytics';

/** Order Analytics (/analytics), as a parcel the shell mounts. */
export default createReactParcel(OrderAnalytics);
