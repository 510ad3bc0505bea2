import { render } from '@testing-library/react';
import type { AxiosInstance } from 'axios';
import type { ReactElement } from 'react';
import { useContext } from 'react';
import { MemoryRouter, UNSAFE_NavigationContext, useLocation } from 'react-router-dom';
import {
  EventBus,
  ParcelProvider,
  SessionStore,
  type ParcelProps,
  type PosEventMap,
  type Viewer,
} from '@pos/shared';

const managerViewer: Viewer = {
  userRole: 'manager',
  isAdmin: false,
  isBanned: false,
  fullName: 'Maya Manager',
  email: 'manager@demo.test',
};

/** Shows where the parcel's router is, so tests can see navigation. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

function WithParcel({
  children,
  props,
}: {
  children: ReactElement;
  props: Omit<ParcelProps, 'navigator' | 'location'>;
}) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  return (
    <ParcelProvider value={{ ...props, navigator, location }}>
      {children}
      <LocationProbe />
    </ParcelProvider>
  );
}

/**
 * Renders `ui` as the shell would mount it: parcel props (bus, session, api, viewer) inside a
 * router at `path`. Returns the bubbles emitted on the bus; the current path is in the element
 * with test id 'location'.
 */
export function renderWithParcel(
  ui: ReactElement,
  {
    api,
    viewer = {},
    path = '/applications',
  }: { api: AxiosInstance; viewer?: Partial<Viewer>; path?: string },
) {
  const bus = new EventBus();
  const session = new SessionStore(bus, null);
  const bubbles: Array<PosEventMap['notify']> = [];
  bus.on('notify', (bubble) => bubbles.push(bubble));
  const props = {
    bus,
    session,
    api,
    basePath: '/applications',
    viewer: { ...managerViewer, ...viewer },
  };
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <WithParcel props={props}>{ui}</WithParcel>
    </MemoryRouter>,
  );
  return { ...result, bus, bubbles };
}
