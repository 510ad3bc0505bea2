export { StaffTile } from './StaffTile';
