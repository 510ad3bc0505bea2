export { StaffEmptyState } from './StaffEmptyState';
export type { StaffEmptyReason } from './StaffEmptyState';
