export { StaffCreate } from './StaffCreate';
