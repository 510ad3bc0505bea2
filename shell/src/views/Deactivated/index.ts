export { DeactivatedPage } from './DeactivatedPage';
