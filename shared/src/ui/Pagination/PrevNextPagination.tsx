import { cx } from '../cx';
import { Button } from '../Button';
import './Pagination.css';

export interface PrevNextPaginationProps {
  /** The current page, from 1. */
  page: number;
  onPageChange: (page: number) => void;
  /** Whether a next page exists; when the total is unknown the caller decides. */
  hasNext: boolean;
  /** Shown between the buttons, e.g. 'Page 2'. */
  label?: string;
  /**
   * The navigation's accessible name; a page with several pagers names each one (e.g. 'Orders
   * per day pages') so a screen reader's landmark list tells them apart.
   */
  navLabel?: string;
  className?: string;
}

/** Prev/Next pagination of the analytics pages (spec 2.14): Prev is disabled at page 1. */
export function PrevNextPagination({
  page,
  onPageChange,
  hasNext,
  label,
  navLabel = 'Pagination',
  className,
}: PrevNextPaginationProps) {
  return (
    <nav
      aria-label={navLabel}
      className={cx('pos-pagination', 'pos-pagination--prev-next', className)}
    >
      <Button
        variant="secondary"
        size="sm"
        icon="chevron-left"
        disabled={page <= 1}
        onClick={() => onPageChange(page - 1)}
      >
        Prev
      </Button>
      <span className="pos-pagination__label" aria-live="polite">
        {label ?? `Page ${page}`}
      </span>
      <Button
        variant="secondary"
        size="sm"
        iconAfter="chevron-right"
        disabled={!hasNext}
        onClick={() => onPageChange(page + 1)}
      >
        Next
      </Button>
    </nav>
  );
}
