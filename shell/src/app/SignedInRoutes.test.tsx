import type { RemoteContract, RouteDefinition } from '@pos/shared';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import type { RemoteEntry } from '../config/runtimeConfig';
import type { FederationRuntime } from '../remotes/federationRuntime';
import { RemoteRegistry } from '../remotes/RemoteRegistry';
import { makeContract, textParcel } from '../testing/contracts';
import {
  currentRouterPath,
  makeAccount,
  makeViewer,
  renderSignedIn,
  silentRuntime,
} from '../testing/shellHarness';
import { testIds } from '../testIds';
import { SignedInRoutes } from './SignedInRoutes';

const route = (
  path: string,
  title: string,
  extra: Partial<RouteDefinition> = {},
): RouteDefinition => ({
  path,
  title,
  access: 'all',
  bannedPolicy: 'allow',
  load: async () => textParcel(`${title} page`),
  ...extra,
});

const entry = (name: string, routes: string[]): RemoteEntry => ({
  name,
  entry: `http://${name}.test/mf-manifest.json`,
  routes,
  access: name === 'mf_admin' ? 'admin' : 'all',
});

/** A registry whose remotes answer with the given contracts (or fail when none is given). */
async function registryWith(remotes: Array<{ entry: RemoteEntry; contract?: RemoteContract }>) {
  const runtime: FederationRuntime = {
    registerRemotes: () => undefined,
    loadRemote: async (id) => {
      const found = remotes.find((remote) => id.startsWith(`${remote.entry.name}/`));
      if (!found?.contract) throw new Error('remote is down');
      return found.contract;
    },
  };
  const registry = new RemoteRegistry(
    remotes.map((remote) => remote.entry),
    runtime,
    { retries: 0 },
  );
  await registry.loadAll();
  return registry;
}

const stations = {
  entry: entry('mf_stations', ['/stations', '/applications']),
  contract: makeContract('mf_stations', {
    routes: [
      route('/stations', 'Stations', { bannedPolicy: 'redirect' }),
      route('/applications/*', 'Applications', { access: 'manager', bannedPolicy: 'redirect' }),
      route('/analytics', 'Order Analytics', { access: 'manager' }),
    ],
  }),
};
const admin = {
  entry: entry('mf_admin', ['/admin-panel']),
  contract: makeContract('mf_admin', {
    routes: [route('/admin-panel', 'Admin Panel', { access: 'admin', bannedPolicy: 'redirect' })],
  }),
};
const billing = {
  entry: { ...entry('mf_billing', ['/subscription-plans']), title: 'My Plan' },
  contract: makeContract('mf_billing', { routes: [route('/subscription-plans', 'My Plan')] }),
};

const withPlan = makeAccount({
  planState: {
    plan: {
      id: 'plan_basics',
      name: 'Basics',
      accessType: 'public',
      roleType: 'manager',
      isFree: false,
      isManagerPlan: true,
      perMonth: 29,
      upTo: 1000,
      included: 100,
      perExcess: 0.1,
      cancelDate: null,
      pastDueInvoices: [],
    },
    isHavePaymentMethod: true,
    usage: null,
  },
});

beforeEach(() => {
  jest.spyOn(console, 'warn').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

describe('SignedInRoutes guards', () => {
  it('keeps the slot of a remote that is down only for viewers allowed to see it', async () => {
    const registry = await registryWith([{ entry: admin.entry }]);
    const cashier = renderSignedIn(<SignedInRoutes />, {
      path: '/admin-panel',
      registry,
      account: withPlan,
      viewer: makeViewer({ userRole: 'other' }),
    });
    await waitFor(() => expect(currentRouterPath()).toBe('/'));
    expect(screen.queryByText(/unavailable right now/)).not.toBeInTheDocument();
    cashier.unmount();

    renderSignedIn(<SignedInRoutes />, {
      path: '/admin-panel',
      registry,
      account: withPlan,
      viewer: makeViewer({ isAdmin: true }),
    });
    expect(await screen.findAllByText(/Admin Panel is unavailable right now/)).not.toHaveLength(0);
    expect(currentRouterPath()).toBe('/admin-panel');
  });

  it('shows a manager route to a manager', async () => {
    const registry = await registryWith([stations]);
    renderSignedIn(<SignedInRoutes />, { path: '/analytics', registry, account: withPlan });
    expect(await screen.findByText('Order Analytics page')).toBeInTheDocument();
    expect(currentRouterPath()).toBe('/analytics');
  });

  it('sends a non-manager home from a manager route', async () => {
    const registry = await registryWith([stations]);
    renderSignedIn(<SignedInRoutes />, {
      path: '/applications/42',
      registry,
      account: withPlan,
      viewer: makeViewer({ userRole: 'other' }),
    });
    await waitFor(() => expect(currentRouterPath()).toBe('/'));
    expect(screen.getByRole('heading', { level: 1, name: 'Dashboard' })).toBeInTheDocument();
  });

  it('sends a non-admin home from an admin route and lets an admin in', async () => {
    const registry = await registryWith([admin]);
    const first = renderSignedIn(<SignedInRoutes />, {
      path: '/admin-panel',
      registry,
      account: withPlan,
    });
    await waitFor(() => expect(currentRouterPath()).toBe('/'));
    first.unmount();

    renderSignedIn(<SignedInRoutes />, {
      path: '/admin-panel',
      registry,
      account: withPlan,
      viewer: makeViewer({ isAdmin: true }),
    });
    expect(await screen.findByText('Admin Panel page')).toBeInTheDocument();
  });

  it('sends a banned account home from routes whose banned policy is redirect only', async () => {
    const registry = await registryWith([stations]);
    const banned = makeViewer({ isBanned: true });
    const first = renderSignedIn(<SignedInRoutes />, {
      path: '/stations',
      registry,
      account: withPlan,
      viewer: banned,
    });
    await waitFor(() => expect(currentRouterPath()).toBe('/'));
    first.unmount();

    renderSignedIn(<SignedInRoutes />, {
      path: '/analytics',
      registry,
      account: withPlan,
      viewer: banned,
    });
    expect(await screen.findByText('Order Analytics page')).toBeInTheDocument();
  });

  it('sends an unknown path home once every contract has loaded', async () => {
    const registry = await registryWith([stations]);
    renderSignedIn(<SignedInRoutes />, { path: '/no-such-page', registry, account: withPlan });
    await waitFor(() => expect(currentRouterPath()).toBe('/'));
  });

  it('waits instead of redirecting an unknown path while a contract is still loading', () => {
    const registry = new RemoteRegistry([entry('mf_slow', [])], silentRuntime);
    renderSignedIn(<SignedInRoutes />, { path: '/slow-page', registry, account: withPlan });
    expect(currentRouterPath()).toBe('/slow-page');
    expect(screen.getByRole('status')).toHaveTextContent('Loading…');
  });

  it("shows a dead remote's slot error on its remotes.json routes, and Try again loads it", async () => {
    let up = false;
    const runtime: FederationRuntime = {
      registerRemotes: () => undefined,
      loadRemote: async () => {
        if (!up) throw new Error('connection refused');
        return admin.contract;
      },
    };
    const registry = new RemoteRegistry([admin.entry], runtime, { retries: 0 });
    await registry.loadAll();
    renderSignedIn(<SignedInRoutes />, {
      path: '/admin-panel',
      registry,
      account: withPlan,
      viewer: makeViewer({ isAdmin: true }),
    });
    expect(screen.getByTestId(testIds.remoteSlot.error)).toHaveTextContent(
      'Admin Panel is unavailable right now.',
    );
    expect(screen.getByTestId(testIds.remoteSlot.retry)).toHaveTextContent('Try again');
    expect(currentRouterPath()).toBe('/admin-panel');

    up = true;
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(await screen.findByText('Admin Panel page')).toBeInTheDocument();
  });
});

describe('SignedInRoutes plan guard', () => {
  it('sends a user without a plan to /subscription-plans when a remote serves it', async () => {
    const registry = await registryWith([stations, billing]);
    renderSignedIn(<SignedInRoutes />, { path: '/stations', registry });
    await waitFor(() => expect(currentRouterPath()).toBe('/subscription-plans'));
    expect(await screen.findByText('My Plan page')).toBeInTheDocument();
  });

  it('sends a user without a plan to /subscription-plans even while its remote is down', async () => {
    const registry = await registryWith([stations, { entry: billing.entry }]);
    renderSignedIn(<SignedInRoutes />, { path: '/', registry });
    await waitFor(() => expect(currentRouterPath()).toBe('/subscription-plans'));
    expect(await screen.findByText('My Plan is unavailable right now.')).toBeInTheDocument();
  });

  it('ends the redirect on a My Plan page that says so when nothing serves plans', async () => {
    const registry = await registryWith([stations]);
    const { services } = renderSignedIn(<SignedInRoutes />, { path: '/stations', registry });
    await waitFor(() => expect(currentRouterPath()).toBe('/subscription-plans'));
    expect(screen.getByText('My Plan is unavailable right now.')).toBeInTheDocument();
    await userEvent.click(screen.getByRole('button', { name: 'Try again' }));
    expect(services.browser.reload).toHaveBeenCalled();
    expect(currentRouterPath()).toBe('/subscription-plans');
  });

  it('lets a user without a plan reach the session and deactivated pages', async () => {
    const registry = await registryWith([stations, billing]);
    renderSignedIn(<SignedInRoutes />, { path: '/deactivated', registry });
    expect(currentRouterPath()).toBe('/deactivated');
  });

  it('waits while the plan is re-read after plan-changed, as a first plan was just chosen', async () => {
    const registry = await registryWith([stations, billing]);
    renderSignedIn(<SignedInRoutes />, {
      path: '/stations',
      registry,
      account: makeAccount({ planRefreshing: true }),
    });
    expect(await screen.findByText('Stations page')).toBeInTheDocument();
    expect(currentRouterPath()).toBe('/stations');
  });

  it('leaves a user with a plan where they are', async () => {
    const registry = await registryWith([stations, billing]);
    renderSignedIn(<SignedInRoutes />, { path: '/stations', registry, account: withPlan });
    expect(await screen.findByText('Stations page')).toBeInTheDocument();
  });

  it('does not redirect when the plan could not be read', async () => {
    const registry = await registryWith([stations, billing]);
    renderSignedIn(<SignedInRoutes />, {
      path: '/stations',
      registry,
      account: makeAccount({ planState: null }),
    });
    expect(await screen.findByText('Stations page')).toBeInTheDocument();
  });
});
