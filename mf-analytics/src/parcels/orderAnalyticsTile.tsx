import { createReactParcel } from '@pos/shared';
import { OrderAnalyticsTile } from '../views/OrderAnalyticsTile';

/** The dashboard's Order Analytics tile, as a parcel the shell mounts. */
export default createReactParcel(OrderAnalyticsTile);
