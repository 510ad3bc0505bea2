export { OrderAnalytics } from './OrderAnalytics';
