export { OrderAnalyticsTile } from './OrderAnalyticsTile';
