export { AdminSections } from './AdminSections';
