export { SideNav } from './SideNav';
