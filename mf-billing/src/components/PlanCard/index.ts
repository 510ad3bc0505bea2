export { PlanCard } from './PlanCard';
export type { PlanCardProps } from './PlanCard';
