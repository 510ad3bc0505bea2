export { ApplicationCreate } from './ApplicationCreate';
