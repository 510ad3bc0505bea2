import './stackedTable.css';

/**
 * A cell's column name, shown only when a table of the remote becomes stacked cards on a phone
 * (the table's wrapper has the class `pos-stations-stacked`). Screen readers have the header already.
 */
export function CellLabel({ children }: { children: string }) {
  return (
    <span className="pos-stations-cell-label" aria-hidden="true">
      {children}
    </span>
  );
}

/** The class that turns a kit Table into stacked cards under 600 px. */
export const STACKED_TABLE_CLASS = 'pos-stations-stacked';
