export { StatTile } from './StatTile';
export type { StatTileLink, StatTileProps, StatTileState } from './StatTile';
