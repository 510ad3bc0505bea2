export { StationTable } from './StationTable';
export type { StationTableProps } from './StationTable';
