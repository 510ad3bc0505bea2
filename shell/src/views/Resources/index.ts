export { ResourcesPage, RESOURCES } from './ResourcesPage';
