export { Assistant } from './Assistant';
