import { createReactParcel } from '@pos/shared';
import { Assistant } from '../views/Assistant';

/** The progress widget of the side navigation and the panel it opens, as a parcel. */
export default createReactParcel(Assistant);
