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

async function registry(ready = true) {
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
      },
    ],
    runtime,
    { retries: 0 },
  );
  await result.loadAll();
  return result;
}

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
});
