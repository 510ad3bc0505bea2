export { UsersTile } from './UsersTile';
