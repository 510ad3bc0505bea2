export { CellLabel, STACKED_TABLE_CLASS } from './CellLabel';
