export { SharedWithTable, roleTypeOf } from './SharedWithTable';
export type { SharedWithTableProps } from './SharedWithTable';
