export { SupportCard } from './SupportCard';
export type { SupportCardProps } from './SupportCard';
