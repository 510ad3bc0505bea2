export { StatusBadge } from './StatusBadge';
export type { ApplicationStatus, StatusBadgeProps } from './StatusBadge';
