import { canAccess, type Access, type TileDefinition, type Viewer } from '@pos/shared';
import type { RemoteState } from '../../remotes/RemoteRegistry';

/** One place of the dashboard's tile grid. */
export type TileSlotEntry = {
  /** Unique on the page: the remote's name and the tile's id. */
  key: string;
  id: string;
  title: string;
  access: Access;
  order: number;
  /** Rows of the grid it takes, as remotes.json declares; null: not declared (its own height). */
  rows: number | null;
  /** The remote it comes from. */
  owner: string;
} & ({ status: 'ready'; tile: TileDefinition } | { status: 'loading' | 'failed' });

/**
 * The dashboard's tile places for a viewer, by order: each loaded contract's tiles, and for a
 * remote still loading or failed the tiles its entry of remotes.json declares, so that every
 * tile has its place and height from the first paint on and a remote arriving moves nothing.
 * A failed remote that declares no tiles is left to the caller (one card for the remote).
 */
export function buildTileSlots(states: readonly RemoteState[], viewer: Viewer): TileSlotEntry[] {
  return states
    .flatMap((state): TileSlotEntry[] => {
      const owner = state.remote.name;
      const declared = state.remote.slots?.tiles ?? [];
      if (state.status === 'ready') {
        return state.contract.tiles.map((tile) => ({
          key: `${owner}:${tile.id}`,
          id: tile.id,
          title: tile.title,
          access: tile.access,
          order: tile.order,
          rows: declared.find((slot) => slot.id === tile.id)?.rows ?? null,
          owner,
          status: 'ready',
          tile,
        }));
      }
      return declared.map((slot) => ({
        key: `${owner}:${slot.id}`,
        id: slot.id,
        title: slot.title,
        access: slot.access,
        order: slot.order,
        rows: slot.rows,
        owner,
        status: state.status,
      }));
    })
    .filter((entry) => canAccess(entry.access, viewer))
    .sort((a, b) => a.order - b.order);
}
