import { createReactParcel } from '@pos/shared';
import { MyPlanTile } from '../views/MyPlanTile';

/** The My Plan tile of the dashboard, as a parcel the shell mounts. */
export default createReactParcel(MyPlanTile);
