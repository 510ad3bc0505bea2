export { PageHeader } from './PageHeader';
export type { PageHeaderBack, PageHeaderProps } from './PageHeader';
