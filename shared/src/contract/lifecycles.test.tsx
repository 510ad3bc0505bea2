import { act } from 'react';
import { createMemoryHistory } from './testing/memoryNavigator';
import { EventBus } from '../bus/EventBus';
import { SessionStore } from '../session/SessionStore';
import { createApiClient } from '../api/client';
import { createReactParcel, useParcel } from './lifecycles';
import type { ParcelProps } from './types';

function Greeting() {
  const { viewer, basePath } = useParcel();
  return <p>{`${viewer.fullName ?? 'Name not specified'} at ${basePath}`}</p>;
}

function propsFor(name: string, fullName: string): ParcelProps & { name: string } {
  const bus = new EventBus();
  const session = new SessionStore(bus, null);
  const history = createMemoryHistory('/admin-panel');
  return {
    name,
    bus,
    session,
    api: createApiClient(session, bus),
    basePath: '/admin-panel',
    cloudPosUrl: 'http://pos.test',
    stripe: { publishableKey: 'pk_test_parcel', jsUrl: 'http://payments.test/v3/' },
    salesEmail: 'sales@cloudpos.test',
    viewer: { userRole: 'manager', isAdmin: true, isBanned: false, fullName, email: null },
    navigator: history.navigator,
    location: history.location,
  };
}

describe('createReactParcel', () => {
  it('renders on mount, re-renders on an update without the DOM element, and unmounts', async () => {
    const parcel = createReactParcel(Greeting);
    const domElement = document.createElement('div');
    await act(() => parcel.mount({ ...propsFor('tile-1', 'Ada Admin'), domElement }));
    expect(domElement.textContent).toBe('Ada Admin at /admin-panel');

    await act(() => parcel.update(propsFor('tile-1', 'Ada Lovelace') as never));
    expect(domElement.textContent).toBe('Ada Lovelace at /admin-panel');

    await act(() => parcel.unmount({ ...propsFor('tile-1', 'x'), domElement }));
    expect(domElement.textContent).toBe('');
  });

  it('keeps two mounts of the same parcel apart', async () => {
    const parcel = createReactParcel(Greeting);
    const first = document.createElement('div');
    const second = document.createElement('div');
    await act(() => parcel.mount({ ...propsFor('a', 'First'), domElement: first }));
    await act(() => parcel.mount({ ...propsFor('b', 'Second'), domElement: second }));
    await act(() => parcel.update(propsFor('b', 'Second again') as never));
    expect(first.textContent).toBe('First at /admin-panel');
    expect(second.textContent).toBe('Second again at /admin-panel');
  });

  it('shows an error state with a retry instead of a blank slot when the page fails to render', async () => {
    let fail = true;
    function Fragile() {
      if (fail) throw new Error('StatTile is not a component');
      return <p>Recovered</p>;
    }
    const quiet = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const parcel = createReactParcel(Fragile);
    const domElement = document.createElement('div');
    document.body.append(domElement);
    await act(() => parcel.mount({ ...propsFor('fragile', 'Ada'), domElement }));
    expect(domElement.querySelector('[role="alert"]')?.textContent).toContain(
      'This part of the page could not be shown',
    );

    fail = false;
    const retry = [...domElement.querySelectorAll('button')].find(
      (button) => button.textContent === 'Try again',
    );
    await act(async () => retry?.click());
    expect(domElement.textContent).toBe('Recovered');
    quiet.mockRestore();
    domElement.remove();
  });
});
