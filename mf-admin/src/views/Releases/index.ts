export { Releases } from './Releases';
