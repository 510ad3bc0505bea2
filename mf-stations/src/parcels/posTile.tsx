import { createReactParcel } from '@pos/shared';
import { PosTile } from '../views/PosTile';

/** The POS tile of the dashboard, as a parcel the shell mounts. */
export default createReactParcel(PosTile);
