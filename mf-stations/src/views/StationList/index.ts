export { StationList } from './StationList';
