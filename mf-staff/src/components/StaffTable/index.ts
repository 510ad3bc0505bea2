export { StaffTable, roleTypeOf } from './StaffTable';
export type { StaffTableProps } from './StaffTable';
