export { SideNav } from './SideNav';
export { NavWidgetSlots } from './NavWidgetSlots';
