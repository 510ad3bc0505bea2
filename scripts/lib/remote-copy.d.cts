// The types of remote-copy.cjs, for the end-to-end tests' TypeScript.
export function buildChangedCopy(
  pkg: string,
  root: string,
  change: (sources: string) => void,
): string;
export function addTileToContract(sources: string, tile: string): void;
