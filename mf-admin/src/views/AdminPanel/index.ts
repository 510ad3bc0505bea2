export { AdminPanel } from './AdminPanel';
