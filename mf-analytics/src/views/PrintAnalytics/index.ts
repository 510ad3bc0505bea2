export { PrintAnalytics } from './PrintAnalytics';
