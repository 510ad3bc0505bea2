// The standalone dev page of a remote. Not part of the package root: only a remote's own
// bootstrap imports it (`@pos/shared/dev`), so neither the shell nor a remote's parcels
// carry it.
export { DevHarness } from './DevHarness';
export type { DevPage, DevPageOptions, DevServices } from './DevHarness';
export { startDevPage } from './startDevPage';
