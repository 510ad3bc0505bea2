export { ApplicationsTile } from './ApplicationsTile';
