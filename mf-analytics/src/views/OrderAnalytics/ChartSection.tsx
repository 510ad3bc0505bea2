import { Button, Card, PrevNextPagination, Table, type TableColumn } from '@pos/shared';
import {
  createContext,
  useCallback,
  useContext,
  useId,
  useMemo,
  useState,
  type ReactNode,
} from 'react';
import { pageOfRows } from '../../chartData';
import { analyticsTestIds } from '../../testIds';
import { HIDE_TABLE, NO_ROWS, SHOW_TABLE, pageOf, tablePages } from '../../texts';

const ids = analyticsTestIds.analytics;

/** Rows a page of a long table shows on screen (per day, stations, users). */
export const TABLE_PAGE_SIZE = 10;

/** Which tables are open, kept above the report so that they stay open across selections. */
export interface OpenTables {
  isOpen: (chartKey: string) => boolean;
  toggle: (chartKey: string) => void;
}

/**
 * The page's open tables: another period or application unmounts the report while it loads,
 * and the tables the viewer opened open again with the new figures (on their page 1).
 */
export const OpenTablesContext = createContext<OpenTables | null>(null);

/** The open tables of a page, for {@link OpenTablesContext}. */
export function useOpenTables(): OpenTables {
  const [open, setOpen] = useState<ReadonlySet<string>>(() => new Set());
  const toggle = useCallback(
    (chartKey: string) =>
      setOpen((current) => {
        const next = new Set(current);
        if (!next.delete(chartKey)) next.add(chartKey);
        return next;
      }),
    [],
  );
  return useMemo(() => ({ isOpen: (chartKey) => open.has(chartKey), toggle }), [open, toggle]);
}

export interface ChartSectionProps<Row> {
  /** Stable key, also the section's data-chart. */
  chartKey: string;
  title: string;
  /** The drawing (role="img" with its summary). */
  chart: ReactNode;
  columns: readonly TableColumn<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string;
  emptyText?: string;
  /** Prev/Next paging of the table on screen (spec 2.14); print shows every row. */
  paged?: boolean;
  /** Paper: the table is always shown, whole. */
  print?: boolean;
  /** Spans the report's two columns. */
  wide?: boolean;
}

/**
 * One chart of the report and its data table: the table is the chart's accessible alternative
 * (a caption, a header row, a row header per row), shown on demand on screen and always on
 * paper. Long tables page with Prev/Next, Prev disabled on page 1 (spec 2.14).
 */
export function ChartSection<Row>({
  chartKey,
  title,
  chart,
  columns,
  rows,
  rowKey,
  emptyText = NO_ROWS,
  paged = false,
  print = false,
  wide = false,
}: ChartSectionProps<Row>) {
  const tableId = useId();
  const shared = useContext(OpenTablesContext);
  const [ownOpen, setOwnOpen] = useState(false);
  const open = shared ? shared.isOpen(chartKey) : ownOpen;
  const toggle = () => (shared ? shared.toggle(chartKey) : setOwnOpen((value) => !value));
  // Another period or application unmounts the report (the loading state stands in while it
  // loads), so the table starts again on page 1; a live reload of the same selection keeps the
  // page, clamped to the last one by pageOfRows.
  const [page, setPage] = useState(1);
  const showTable = print || open;
  const current = paged && !print ? pageOfRows(rows, page, TABLE_PAGE_SIZE) : null;
  return (
    <Card
      title={title}
      headingLevel={2}
      className={wide ? 'pos-analytics-chart pos-analytics-chart--wide' : 'pos-analytics-chart'}
      data-testid={ids.chart}
      data-chart={chartKey}
      actions={
        print ? undefined : (
          <Button
            variant="ghost"
            size="sm"
            icon="search"
            aria-expanded={open}
            aria-controls={tableId}
            onClick={toggle}
            data-testid={ids.tableToggle}
          >
            {open ? HIDE_TABLE : SHOW_TABLE}
          </Button>
        )
      }
    >
      {chart}
      <div id={tableId} hidden={!showTable} className="pos-analytics-chart__table">
        {showTable && (
          <>
            <Table
              caption={title}
              columns={columns}
              rows={current ? current.rows : rows}
              rowKey={rowKey}
              emptyText={emptyText}
              testId={ids.chartTable}
            />
            {current && current.pages > 1 && (
              <PrevNextPagination
                page={current.page}
                hasNext={current.hasNext}
                onPageChange={setPage}
                label={pageOf(current.page, current.pages)}
                navLabel={tablePages(title)}
                className="pos-analytics-chart__pages"
              />
            )}
          </>
        )}
      </div>
    </Card>
  );
}
