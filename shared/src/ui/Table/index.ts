export { Table } from './Table';
export type { TableColumn, TableProps, TableRowProps } from './Table';
export { CellLabel } from './CellLabel';
