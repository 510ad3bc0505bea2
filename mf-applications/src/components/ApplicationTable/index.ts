export { ApplicationTable } from './ApplicationTable';
export type { ApplicationTableProps } from './ApplicationTable';
