export { StaffFields } from './StaffFields';
export type { StaffFieldsProps } from './StaffFields';
