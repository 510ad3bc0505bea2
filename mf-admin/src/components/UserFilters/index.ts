export { UserFilters } from './UserFilters';
export type { UserFiltersProps } from './UserFilters';
