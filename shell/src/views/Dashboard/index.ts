export { DashboardHeader, DashboardPage, LOADING_TILES } from './DashboardPage';
