import { cx } from '../cx';
import { IconButton } from '../IconButton';
import { PAGINATION_NEIGHBOURS, pageCount, paginationRange } from './paginationRange';
import './Pagination.css';

export interface PaginationProps {
  /** The current page, from 1. */
  page: number;
  totalRecords: number;
  pageSize: number;
  onPageChange: (page: number) => void;
  /** Pages each side of the current one (spec: 3). */
  neighbours?: number;
  className?: string;
  'data-testid'?: string;
}

/**
 * Numbered pagination (spec 2.14): first and last pages, neighbours around the current page,
 * ellipses for gaps, previous/next arrows. Renders nothing when everything fits on one page.
 * Below 520 px the numbers give way to "Page x of y" between the arrows.
 */
export function Pagination({
  page,
  totalRecords,
  pageSize,
  onPageChange,
  neighbours = PAGINATION_NEIGHBOURS,
  className,
  'data-testid': testId,
}: PaginationProps) {
  const totalPages = pageCount(totalRecords, pageSize);
  const items = paginationRange(page, totalPages, neighbours);
  if (items.length === 0) return null;
  const current = Math.min(Math.max(1, page), totalPages);
  return (
    <nav aria-label="Pagination" className={cx('pos-pagination', className)} data-testid={testId}>
      <IconButton
        icon="chevron-left"
        aria-label="Previous page"
        variant="secondary"
        size="sm"
        disabled={current <= 1}
        onClick={() => onPageChange(current - 1)}
      />
      <ol className="pos-pagination__pages">
        {items.map((item) =>
          typeof item === 'number' ? (
            <li key={item}>
              <button
                type="button"
                className={cx('pos-pagination__page', item === current && 'is-current')}
                aria-current={item === current ? 'page' : undefined}
                aria-label={`Page ${item}`}
                onClick={() => item !== current && onPageChange(item)}
              >
                {item}
              </button>
            </li>
          ) : (
            <li key={item} className="pos-pagination__gap" aria-hidden="true">
              …
            </li>
          ),
        )}
      </ol>
      <span className="pos-pagination__summary">
        Page {current} of {totalPages}
      </span>
      <IconButton
        icon="chevron-right"
        aria-label="Next page"
        variant="secondary"
        size="sm"
        disabled={current >= totalPages}
        onClick={() => onPageChange(current + 1)}
      />
    </nav>
  );
}
