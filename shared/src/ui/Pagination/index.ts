export { Pagination } from './Pagination';
export type { PaginationProps } from './Pagination';
export { PrevNextPagination } from './PrevNextPagination';
export type { PrevNextPaginationProps } from './PrevNextPagination';
export { PAGINATION_NEIGHBOURS, pageCount, paginationRange } from './paginationRange';
export type { PaginationItem } from './paginationRange';
