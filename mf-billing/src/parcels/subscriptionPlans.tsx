import { createReactParcel } from '@pos/shared';
import { SubscriptionPlans } from '../views/SubscriptionPlans';

/** My Plan (/subscription-plans), as a parcel the shell mounts. */
export default createReactParcel(SubscriptionPlans);
