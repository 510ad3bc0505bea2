export { MyStationsTable } from './MyStationsTable';
export type { MyStationsTableProps } from './MyStationsTable';
