/** Spec 2.14/9: pages shown on each side of the current page. */
export const PAGINATION_NEIGHBOURS = 3;

/** An item of a pagination bar: a page number or a gap. */
export type PaginationItem = number | 'start-ellipsis' | 'end-ellipsis';

/** How many pages `totalRecords` fill at `pageSize` per page (0 when there are none). */
export function pageCount(totalRecords: number, pageSize: number): number {
  if (!(totalRecords > 0) || !(pageSize > 0)) return 0;
  return Math.ceil(totalRecords / pageSize);
}

const range = (from: number, to: number): number[] =>
  Array.from({ length: Math.max(0, to - from + 1) }, (_, index) => from + index);

/**
 * The items of a numbered pagination bar (spec 2.14): the first and last pages, `neighbours`
 * pages each side of the current one, and ellipses for the gaps. The bar keeps the same number
 * of items wherever the current page is, so the buttons do not jump under the pointer.
 * Returns [] when there is one page or none.
 */
export function paginationRange(
  currentPage: number,
  totalPages: number,
  neighbours = PAGINATION_NEIGHBOURS,
): PaginationItem[] {
  if (totalPages <= 1) return [];
  // first + last + current + neighbours on both sides + two gaps
  const slots = 2 * neighbours + 5;
  if (totalPages <= slots) return range(1, totalPages);

  const current = Math.min(Math.max(1, Math.round(currentPage)), totalPages);
  const start = Math.max(current - neighbours, 2);
  const end = Math.min(current + neighbours, totalPages - 1);
  const showStartGap = start > 3;
  const showEndGap = end < totalPages - 2;
  const edgeLength = slots - 2; // pages shown on the side without a gap

  if (!showStartGap) return [...range(1, edgeLength), 'end-ellipsis', totalPages];
  if (!showEndGap) {
    return [1, 'start-ellipsis', ...range(totalPages - edgeLength + 1, totalPages)];
  }
  return [1, 'start-ellipsis', ...range(start, end), 'end-ellipsis', totalPages];
}
