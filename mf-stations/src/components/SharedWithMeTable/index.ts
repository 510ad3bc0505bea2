export { SharedWithMeTable } from './SharedWithMeTable';
export type { SharedWithMeTableProps } from './SharedWithMeTable';
