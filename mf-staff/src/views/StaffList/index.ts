export { StaffList } from './StaffList';
