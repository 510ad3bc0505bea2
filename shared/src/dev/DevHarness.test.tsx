import { act, render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { MemoryRouter } from '@pos/shared/router';
import { EventBus } from '../bus/EventBus';
import { useParcel } from '../contract/lifecycles';
import { createFakeApi } from '../contract/testing/fakeApi';
import { SessionStore } from '../session/SessionStore';
import { DevHarness, type DevPage } from './DevHarness';
import { startDevPage } from './startDevPage';

function Things() {
  const { basePath } = useParcel();
  return <h1>{`Things at ${basePath}`}</h1>;
}

const pages: DevPage[] = [
  { path: '/', label: 'Tile', end: true, tile: true, element: <p>Things tile</p> },
  { path: '/things', label: 'Things', end: true, element: <Things /> },
  { path: '/things/:id', element: <p>One thing</p> },
];

function renderHarness({ token = null, path = '/' }: { token?: string | null; path?: string }) {
  const bus = new EventBus();
  const session = new SessionStore(bus, null);
  session.setToken(token);
  const { api } = createFakeApi(() => ({ status: 200, data: {} }));
  render(
    <MemoryRouter initialEntries={[path]}>
      <DevHarness
        bus={bus}
        session={session}
        api={api}
        title="mf_things · standalone"
        basePath="/things"
        pages={pages}
        fallbackPath="/things"
        signInAs="a manager"
      />
    </MemoryRouter>,
  );
  return { bus, session };
}

describe('DevHarness', () => {
  it('asks for a token first and shows the pages once one is given', async () => {
    const user = userEvent.setup();
    renderHarness({});
    expect(screen.getByText(/as a manager, then paste the access token/)).toBeInTheDocument();
    expect(screen.queryByText('Things tile')).not.toBeInTheDocument();
    await user.type(screen.getByLabelText('Access token'), ' token-1 ');
    await user.click(screen.getByRole('button', { name: 'Use token' }));
    expect(screen.getByText('Things tile')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Forget token' }));
    expect(screen.getByLabelText('Access token')).toBeInTheDocument();
  });

  it('switches between the labelled pages and gives them the parcel props', async () => {
    const user = userEvent.setup();
    renderHarness({ token: 'token-1' });
    const nav = screen.getByRole('navigation', { name: 'Dev pages' });
    expect(nav).toHaveTextContent('TileThings');
    await user.click(screen.getByRole('link', { name: 'Things' }));
    expect(screen.getByRole('heading', { name: 'Things at /things' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Things' })).toHaveClass('active');
  });

  it('opens a page without a label by its address', () => {
    renderHarness({ token: 'token-1', path: '/things/7' });
    expect(screen.getByText('One thing')).toBeInTheDocument();
  });

  it('sends an address no page matches to the fallback page', () => {
    renderHarness({ token: 'token-1', path: '/nowhere' });
    expect(screen.getByRole('heading', { name: 'Things at /things' })).toBeInTheDocument();
  });

  it('shows the bubbles the pages emit on the bus', () => {
    const { bus } = renderHarness({ token: 'token-1' });
    act(() => bus.emit('notify', { message: 'Saved', status: 'success' }));
    expect(screen.getByText('Saved')).toHaveClass('pos-dev__bubble--success');
  });
});

describe('startDevPage', () => {
  afterEach(() => {
    localStorage.clear();
    document.body.innerHTML = '';
    window.history.replaceState(null, '', '/');
  });

  it('keeps the token from the address and renders the pages into #root', async () => {
    document.body.innerHTML = '<div id="root"></div>';
    window.history.replaceState(null, '', '/?token=from-the-address');
    let started = null as ReturnType<typeof startDevPage>;
    act(() => {
      started = startDevPage({
        title: 'mf_things · standalone',
        basePath: '/things',
        pages,
        fallbackPath: '/things',
        signInAs: 'a manager',
      });
    });
    expect(started?.session.token).toBe('from-the-address');
    expect(await screen.findByText('Things tile')).toBeInTheDocument();
    act(() => started?.root.unmount());
  });

  it('does nothing on a page without #root', () => {
    expect(
      startDevPage({
        title: 'mf_things · standalone',
        basePath: '/things',
        pages,
        fallbackPath: '/things',
        signInAs: 'a manager',
      }),
    ).toBeNull();
  });
});
