export { SharedStations } from './SharedStations';
