import type { TileDefinition } from '@pos/shared';
import { screen } from '@testing-library/react';
import type { FederationRuntime } from '../../remotes/federationRuntime';
import { RemoteRegistry } from '../../remotes/RemoteRegistry';
import { makeContract, textParcel } from '../../testing/contracts';
import { makeViewer, renderSignedIn } from '../../testing/shellHarness';
import { testIds } from '../../testIds';
import { DashboardPage } from './DashboardPage';

const tile = (
  id: string,
  title: string,
  access: TileDefinition['access'],
  order: number,
): TileDefinition => ({
  id,
  title,
  access,
  order,
  load: async () => textParcel(`${title} tile`),
});

/** mf_stations' tiles as remotes.json declares them, each with its rows of the grid. */
const declaredSlots = {
  navItems: [],
  tiles: [
    { id: 'analytics', title: 'Order Analytics', access: 'manager' as const, order: 10, rows: 1 },
    { id: 'pos', title: 'POS', access: 'all' as const, order: 30, rows: 2 },
    { id: 'users', title: 'Users', access: 'admin' as const, order: 90, rows: 1 },
  ],
  navWidgets: [],
};

async function registry(ready = true, slots?: typeof declaredSlots) {
  const contract = makeContract('mf_stations', {
    tiles: [
      tile('analytics', 'Order Analytics', 'manager', 10),
      tile('pos', 'POS', 'all', 30),
      tile('users', 'Users', 'admin', 90),
    ],
  });
  const runtime: FederationRuntime = {
    registerRemotes: () => undefined,
    loadRemote: async () => {
      if (!ready) throw new Error('down');
      return contract;
    },
  };
  const result = new RemoteRegistry(
    [
      {
        name: 'mf_stations',
        access: 'all',
        entry: 'http://stations.test/mf-manifest.json',
        routes: ['/stations'],
        ...(slots ? { slots } : {}),
      },
    ],
    runtime,
    { retries: 0 },
  );
  await result.loadAll();
  return result;
}

/** A registry whose one remote declares its tiles and never finishes loading. */
function loadingRegistry() {
  return new RemoteRegistry(
    [
      {
        name: 'mf_stations',
        access: 'all',
        entry: 'http://stations.test/mf-manifest.json',
        routes: ['/stations'],
        slots: declaredSlots,
      },
    ],
    { registerRemotes: () => undefined, loadRemote: () => new Promise(() => undefined) },
    { retries: 0 },
  );
}

const rowsOf = (id: string) =>
  screen.getByTestId(testIds.dashboard.tile(id)).style.getPropertyValue('--shell-tile-rows');

const tileTitles = () =>
  screen.queryAllByRole('group').map((group) => group.getAttribute('aria-label'));

beforeEach(() => jest.spyOn(console, 'warn').mockImplementation(() => undefined));
afterEach(() => jest.restoreAllMocks());

describe('DashboardPage', () => {
  it('welcomes a manager by name and shows the tiles a manager may see, in order', async () => {
    renderSignedIn(<DashboardPage />, { registry: await registry() });
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Welcome back, Maya Manager',
    );
    expect(tileTitles()).toEqual(['Order Analytics', 'POS']);
    expect(await screen.findByText('POS tile')).toBeInTheDocument();
  });

  it('gives a non-manager a plain heading and only the tiles for everyone', async () => {
    renderSignedIn(<DashboardPage />, {
      registry: await registry(),
      viewer: makeViewer({ userRole: 'other', fullName: 'Cash Ier' }),
    });
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
    expect(tileTitles()).toEqual(['POS']);
  });

  it('adds admin tiles for an admin', async () => {
    renderSignedIn(<DashboardPage />, {
      registry: await registry(),
      viewer: makeViewer({ isAdmin: true }),
    });
    expect(tileTitles()).toEqual(['Order Analytics', 'POS', 'Users']);
  });

  it('disables every tile for a banned account', async () => {
    renderSignedIn(<DashboardPage />, {
      registry: await registry(),
      viewer: makeViewer({ isBanned: true }),
    });
    const posTile = screen.getByTestId(testIds.dashboard.tile('pos'));
    expect(posTile).toHaveAttribute('aria-disabled', 'true');
    expect(posTile).toHaveAttribute('inert');
    expect(posTile).toHaveClass('is-disabled');
  });

  it('shows an empty state when no remote offers a tile', () => {
    renderSignedIn(<DashboardPage />, {
      registry: new RemoteRegistry([], {
        registerRemotes: () => undefined,
        loadRemote: async () => null,
      }),
    });
    expect(screen.getByTestId(testIds.dashboard.empty)).toHaveTextContent(
      'Nothing on your dashboard yet',
    );
  });

  it("shows a dead remote's card with Try again instead of its tiles", async () => {
    renderSignedIn(<DashboardPage />, { registry: await registry(false) });
    expect(screen.getByText('Stations is unavailable right now.')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Try again' })).toBeInTheDocument();
  });

  it("holds each declared tile's place, in order and with its rows, before its remote loads", () => {
    renderSignedIn(<DashboardPage />, { registry: loadingRegistry() });
    expect(tileTitles()).toEqual(['Order Analytics', 'POS']);
    expect(rowsOf('pos')).toBe('2');
    expect(rowsOf('analytics')).toBe('1');
    expect(screen.getByText('Loading POS…')).toBeInTheDocument();
    expect(screen.queryByText('Loading your dashboard…')).not.toBeInTheDocument();
    expect(screen.queryByText('Loading more tiles…')).not.toBeInTheDocument();
  });

  it('mounts each tile into its declared place, which keeps its rows', async () => {
    renderSignedIn(<DashboardPage />, { registry: await registry(true, declaredSlots) });
    expect(tileTitles()).toEqual(['Order Analytics', 'POS']);
    expect(await screen.findByText('POS tile')).toBeInTheDocument();
    expect(rowsOf('pos')).toBe('2');
  });

  it("keeps a dead remote's declared places, each with Try again", async () => {
    renderSignedIn(<DashboardPage />, { registry: await registry(false, declaredSlots) });
    expect(tileTitles()).toEqual(['Order Analytics', 'POS']);
    expect(screen.getByText('POS is unavailable right now.')).toBeInTheDocument();
    expect(screen.getAllByRole('button', { name: 'Try again' })).toHaveLength(2);
    expect(rowsOf('pos')).toBe('2');
  });
});
