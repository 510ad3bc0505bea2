export { Table } from './Table';
export type { TableColumn, TableProps } from './Table';
export { CellLabel } from './CellLabel';
