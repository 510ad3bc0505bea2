import { render } from '@testing-library/react';
import type { AxiosInstance } from 'axios';
import type { ReactElement } from 'react';
import { MemoryRouter, UNSAFE_NavigationContext, useLocation } from 'react-router-dom';
import { useContext } from 'react';
import {
  EventBus,
  ParcelProvider,
  SessionStore,
  type ParcelProps,
  type PosEventMap,
  type Viewer,
} from '@pos/shared';

const adminViewer: Viewer = {
  userRole: 'manager',
  isAdmin: true,
  isBanned: false,
  fullName: 'Ada Admin',
  email: 'admin@demo.test',
};

function WithParcel({
  children,
  props,
}: {
  children: ReactElement;
  props: Omit<ParcelProps, 'navigator' | 'location'>;
}) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  return <ParcelProvider value={{ ...props, navigator, location }}>{children}</ParcelProvider>;
}

/**
 * Renders `ui` as the shell would mount it: parcel props (bus, session, api, viewer) inside a
 * router. Returns the bubbles emitted on the bus.
 */
export function renderWithParcel(
  ui: ReactElement,
  {
    api,
    viewer = {},
    path = '/admin-panel',
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
    basePath: '/admin-panel',
    viewer: { ...adminViewer, ...viewer },
  };
  const result = render(
    <MemoryRouter initialEntries={[path]}>
      <WithParcel props={props}>{ui}</WithParcel>
    </MemoryRouter>,
  );
  return { ...result, bus, bubbles };
}
