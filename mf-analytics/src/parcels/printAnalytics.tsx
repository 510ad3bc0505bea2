import { createReactParcel } from '@pos/shared';
import { PrintAnalytics } from '../views/PrintAnalytics';

/** The paper layout of Order Analytics (/print-analytics), as a parcel the shell mounts. */
export default createReactParcel(PrintAnalytics);
