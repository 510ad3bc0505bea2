export { PageHeader } from './PageHeader';
