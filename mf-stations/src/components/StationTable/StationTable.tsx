import { cx, type TableColumn } from '@pos/shared';
import { stationsTestIds } from '../../testIds';
import type { Station } from '../../types';
import './StationTable.css';

const ids = stationsTestIds.applicationStations;

export interface StationTableProps {
  /** Names the table for screen readers. */
  caption: string;
  columns: readonly TableColumn<Station>[];
  stations: readonly Station[];
}

/**
 * The stations of one application, in the kit's table look. Each row carries the station's
 * id (`data-pos-id`), so end-to-end tests find a station's row by the store's id; the kit's
 * Table names rows by test id only. Becomes stacked cards on phones.
 */
export function StationTable({ caption, columns, stations }: StationTableProps) {
  return (
    <div
      className={cx('pos-table-scroll', 'pos-table-stacked', 'pos-stations-table')}
      role="region"
      aria-label={caption}
      // A scrollable region must be reachable by keyboard to be scrolled.
      tabIndex={0}
    >
      <table className="pos-table" data-testid={ids.table}>
        <caption className="pos-table__caption pos-visually-hidden">{caption}</caption>
        <thead>
          <tr>
            {columns.map((column) => (
              <th
                key={column.id}
                scope="col"
                className={cx(column.align && `pos-table__cell--${column.align}`)}
              >
                {column.header}
              </th>
            ))}
          </tr>
        </thead>
        <tbody>
          {stations.map((station) => (
            <tr key={station.posID} data-testid={ids.row} data-pos-id={station.posID}>
              {columns.map((column) => {
                const CellTag = column.rowHeader ? 'th' : 'td';
                return (
                  <CellTag
                    key={column.id}
                    scope={column.rowHeader ? 'row' : undefined}
                    className={cx(column.align && `pos-table__cell--${column.align}`)}
                  >
                    {column.cell(station)}
                  </CellTag>
                );
              })}
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}
