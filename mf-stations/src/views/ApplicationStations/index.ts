export { ApplicationStations } from './ApplicationStations';
