import type { HTMLAttributes, Key, ReactNode } from 'react';
import { cx } from '../cx';
import { LoadingState } from '../LoadingState';
import './Table.css';
import './stackedTable.css';

/** One column of a Table. */
export interface TableColumn<Row> {
  /** Stable key of the column. */
  id: string;
  header: ReactNode;
  /** The cell of this column for a row. */
  cell: (row: Row) => ReactNode;
  align?: 'start' | 'end' | 'center';
  /** Keeps the header for screen readers only (e.g. an actions column). */
  headerHidden?: boolean;
  /** A CSS width such as '120px' or '20%'. */
  width?: string;
  /** Marks the row header: the cell that names the row for screen readers. */
  rowHeader?: boolean;
}

/**
 * Attributes of one row's `tr`, e.g. `data-testid` and a `data-*` id that end-to-end tests find
 * the row by.
 */
export type TableRowProps = Omit<
  HTMLAttributes<HTMLTableRowElement>,
  'children' | 'dangerouslySetInnerHTML'
> & {
  [attribute: `data-${string}`]: string | undefined;
};

export interface TableProps<Row> {
  /** Names the table; required for accessibility, shown unless captionHidden. */
  caption: ReactNode;
  captionHidden?: boolean;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => Key;
  /** Replaces the rows with a single loading row. */
  loading?: boolean;
  loadingText?: string;
  /** Shown in a single row when there are no rows, e.g. 'No Staff assigned'. */
  emptyText?: ReactNode;
  /**
   * On phones (under 600 px) shows each row as a card of label/value lines instead of a wide
   * table; put a CellLabel before each value that needs its column's name. 'action-last' also
   * pins the last cell (the row's actions) to the card's top right.
   */
  stacked?: boolean | 'action-last';
  className?: string;
  /** data-testid of the table element, for end-to-end tests. */
  testId?: string;
  /** data-testid of each row, for end-to-end tests. */
  rowTestId?: (row: Row) => string;
  /** More attributes of each row (test ids, data attributes); they win over rowTestId. */
  rowProps?: (row: Row) => TableRowProps;
}

/**
 * A data table. On narrow screens it scrolls horizontally inside a focusable region, so every
 * column stays reachable by touch and keyboard.
 */
export function Table<Row>({
  caption,
  captionHidden = false,
  columns,
  rows,
  rowKey,
  loading = false,
  loadingText = 'Loading',
  emptyText = 'Nothing to show',
  stacked = false,
  className,
  testId,
  rowTestId,
  rowProps,
}: TableProps<Row>) {
  const label = typeof caption === 'string' ? caption : undefined;
  return (
    <div
      className={cx(
        'pos-table-scroll',
        stacked && 'pos-table-stacked',
        stacked === 'action-last' && 'pos-table-stacked--action-last',
        className,
      )}
      role="region"
      aria-label={label}
      // A scrollable region must be reachable by keyboard to be scrolled.
      tabIndex={0}
    >
      <table className="pos-table" aria-busy={loading || undefined} data-testid={testId}>
        <caption className={cx('pos-table__caption', captionHidden && 'pos-visually-hidden')}>
          {caption}
        </caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                style={column.width ? { width: column.width } : undefined}
                className={cx(column.align && `pos-table__cell--${column.align}`)}
              >
                {column.headerHidden ? (
                  <span className="pos-visually-hidden">{column.header}</span>
                ) : (
                  column.header
                )}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {loading ? (
            <tr className="pos-table__message-row">
              <td colSpan={columns.length}>
                <LoadingState message={loadingText} />
              </td>
            </tr>
          ) : rows.length === 0 ? (
            <tr className="pos-table__message-row">
              <td colSpan={columns.length}>
                <div className="pos-table__empty">{emptyText}</div>
              </td>
            </tr>
          ) : (
            rows.map((row) => (
              <tr key={rowKey(row)} data-testid={rowTestId?.(row)} {...rowProps?.(row)}>
                {columns.map((column) => {
                  const CellTag = column.rowHeader ? 'th' : 'td';
                  return (
                    <CellTag
                      key={column.id}
                      scope={column.rowHeader ? 'row' : undefined}
                      className={cx(column.align && `pos-table__cell--${column.align}`)}
                    >
                      {column.cell(row)}
                    </CellTag>
                  );
                })}
              </tr>
            ))
          )}
        </tbody>
      </table>
    </div>
  );
}
