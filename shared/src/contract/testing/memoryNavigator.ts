import type { Location, Navigator } from '@pos/shared/router';

/** A minimal in-memory navigator and location for rendering parcels in tests. */
export function createMemoryHistory(pathname: string): {
  navigator: Navigator;
  location: Location;
} {
  const location: Location = { pathname, search: '', hash: '', state: null, key: 'default' };
  const navigator: Navigator = {
    createHref: (to) => (typeof to === 'string' ? to : (to.pathname ?? '/')),
    go: () => {},
    push: () => {},
    replace: () => {},
  };
  return { navigator, location };
}
