export { SubscriptionTypeSelect } from './SubscriptionTypeSelect';
export type { SubscriptionTypeSelectProps } from './SubscriptionTypeSelect';
