export { AccessDeniedPage } from './AccessDeniedPage';
