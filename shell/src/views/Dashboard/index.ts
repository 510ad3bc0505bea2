export {
  DashboardHeader,
  DashboardPage,
  DashboardTiles,
  LOADING_MORE_TILES,
  LOADING_TILES,
} from './DashboardPage';
export { buildTileSlots, type TileSlotEntry } from './tileSlots';
