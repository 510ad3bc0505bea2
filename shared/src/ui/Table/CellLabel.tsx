import './stackedTable.css';

/**
 * A cell's column name, shown only when a stacked Table (`stacked`) becomes cards on a phone.
 * Screen readers have the column header already, so it is hidden from them.
 */
export function CellLabel({ children }: { children: string }) {
  return (
    <span className="pos-table__cell-label" aria-hidden="true">
      {children}
    </span>
  );
}
