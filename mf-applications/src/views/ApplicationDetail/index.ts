export { ApplicationDetail } from './ApplicationDetail';
