/**
 * The most rows of the dashboard's tile grid a tile's place takes before its remote loads: what
 * a release may record (the api) and what the shell reserves (remotes.json's `slots`).
 */
export const MAX_TILE_ROWS = 4;
