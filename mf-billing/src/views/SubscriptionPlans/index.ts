export { SubscriptionPlans } from './SubscriptionPlans';
