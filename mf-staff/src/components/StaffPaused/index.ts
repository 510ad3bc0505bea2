export { StaffPaused } from './StaffPaused';
