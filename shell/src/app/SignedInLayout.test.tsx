import { act, screen, within } from '@testing-library/react';
import { MOBILE_MEDIA_QUERY } from '@pos/shared';
import userEvent from '@testing-library/user-event';
import type { FederationRuntime } from '../remotes/federationRuntime';
import { RemoteRegistry } from '../remotes/RemoteRegistry';
import { makeContract, textParcel } from '../testing/contracts';
import { currentRouterPath, makeViewer, renderSignedIn } from '../testing/shellHarness';
import { testIds } from '../testIds';
import type { ParcelLifecycles } from '@pos/shared';
import { SignedInLayout } from './SignedInLayout';
import { storageKeys } from './storageKeys';

async function registryWithStations() {
  const contract = makeContract('mf_stations', {
    navItems: [
      {
        id: 'stations',
        label: 'Stations',
        path: '/stations',
        access: 'all',
        order: 50,
        disabledWhenBanned: true,
        icon: 'stations',
      },
    ],
  });
  const runtime: FederationRuntime = {
    registerRemotes: () => undefined,
    loadRemote: async () => contract,
  };
  const registry = new RemoteRegistry(
    [
      {
        name: 'mf_stations',
        access: 'all',
        entry: 'http://stations.test/mf-manifest.json',
        routes: [],
      },
    ],
    runtime,
  );
  await registry.loadAll();
  return registry;
}

/** A registry whose one remote, mf_assistant, has a manager's widget of the side navigation. */
async function registryWithWidget(load: () => Promise<ParcelLifecycles>) {
  const contract = makeContract('mf_assistant', {
    navWidgets: [{ id: 'assistant', title: 'Assistant', access: 'manager', order: 10, load }],
  });
  const registry = new RemoteRegistry(
    [
      {
        name: 'mf_assistant',
        access: 'manager',
        entry: 'http://assistant.test/mf-manifest.json',
        routes: [],
      },
    ],
    { registerRemotes: () => undefined, loadRemote: async () => contract },
  );
  await registry.loadAll();
  return registry;
}

beforeEach(() => localStorage.clear());

describe('SignedInLayout', () => {
  it('lists the nav items in order and highlights the current page', async () => {
    renderSignedIn(<SignedInLayout>page</SignedInLayout>, {
      path: '/stations',
      registry: await registryWithStations(),
    });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    const links = within(nav).getAllByRole('link');
    expect(links.map((link) => link.textContent)).toEqual(['Dashboard', 'Stations', 'Resources']);
    expect(within(nav).getByRole('link', { name: 'Stations' })).toHaveAttribute(
      'aria-current',
      'page',
    );
    expect(within(nav).getByRole('link', { name: 'Dashboard' })).not.toHaveAttribute(
      'aria-current',
    );
  });

  it('shows items disabled when banned as disabled links that go nowhere', async () => {
    renderSignedIn(<SignedInLayout>page</SignedInLayout>, {
      registry: await registryWithStations(),
      viewer: makeViewer({ isBanned: true }),
    });
    const stations = screen.getByTestId(testIds.nav.item('stations'));
    expect(stations).toHaveAttribute('aria-disabled', 'true');
    expect(stations).not.toHaveAttribute('href');
    await userEvent.click(stations);
    expect(currentRouterPath()).toBe('/');
  });

  it("mounts a remote's widget in the side navigation, between the items and the profile", async () => {
    renderSignedIn(<SignedInLayout>page</SignedInLayout>, {
      registry: await registryWithWidget(async () => textParcel('3 remaining tasks')),
    });
    const slot = screen.getByTestId(testIds.nav.widget('assistant'));
    expect(await within(slot).findByText('3 remaining tasks')).toBeInTheDocument();
    const sidebar = document.getElementById('shell-sidebar')!;
    const order = [
      screen.getByRole('navigation', { name: 'Main' }),
      slot,
      screen.getByRole('button', { name: /profile menu/i }),
    ];
    for (const [before, after] of [order.slice(0, 2), order.slice(1)] as const) {
      expect(
        before!.compareDocumentPosition(after!) & Node.DOCUMENT_POSITION_FOLLOWING,
      ).toBeTruthy();
    }
    expect(sidebar).toContainElement(slot);
  });

  it('keeps a failing widget to its slot: one line with Try again, the navigation goes on', async () => {
    jest.useFakeTimers();
    jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    let fail = true;
    const load = jest.fn(async () => {
      if (fail) throw new Error('remoteEntry.js is down');
      return textParcel('9 remaining tasks');
    });
    try {
      renderSignedIn(<SignedInLayout>page</SignedInLayout>, {
        registry: await registryWithWidget(load),
      });
      const slot = screen.getByTestId(testIds.nav.widget('assistant'));
      await act(async () => jest.advanceTimersByTimeAsync(60_000));
      expect(within(slot).getByRole('alert')).toHaveTextContent(
        'Assistant is unavailable right now.',
      );
      expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
      expect(screen.getByText('page')).toBeInTheDocument();
      fail = false;
      act(() => within(slot).getByRole('button', { name: 'Try again' }).click());
      await act(async () => jest.advanceTimersByTimeAsync(0));
      expect(within(slot).getByText('9 remaining tasks')).toBeInTheDocument();
    } finally {
      jest.useRealTimers();
      jest.restoreAllMocks();
    }
  });

  it("leaves out a manager's widget for a cashier", async () => {
    renderSignedIn(<SignedInLayout>page</SignedInLayout>, {
      registry: await registryWithWidget(async () => textParcel('3 remaining tasks')),
      viewer: makeViewer({ userRole: 'other' }),
    });
    expect(screen.queryByTestId(testIds.nav.widget('assistant'))).not.toBeInTheDocument();
  });

  it('collapses the navigation and remembers it', async () => {
    const first = renderSignedIn(<SignedInLayout>page</SignedInLayout>);
    await userEvent.click(screen.getByRole('button', { name: 'Collapse navigation' }));
    expect(localStorage.getItem(storageKeys.navCollapsed)).toBe('1');
    first.unmount();

    renderSignedIn(<SignedInLayout>page</SignedInLayout>);
    expect(screen.getByRole('button', { name: 'Expand navigation' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Dashboard' })).toBeInTheDocument();
  });

  it("carries the collapsed navigation in a cookie, for the next visit's first paint", async () => {
    renderSignedIn(<SignedInLayout>page</SignedInLayout>);
    expect(document.cookie).not.toContain('pos_nav_collapsed=1');
    await userEvent.click(screen.getByRole('button', { name: 'Collapse navigation' }));
    expect(document.cookie).toContain('pos_nav_collapsed=1');
    await userEvent.click(screen.getByRole('button', { name: 'Expand navigation' }));
    expect(document.cookie).not.toContain('pos_nav_collapsed');
  });

  it("opens the profile menu with the user's name and email and its four items", async () => {
    renderSignedIn(<SignedInLayout>page</SignedInLayout>);
    await userEvent.click(screen.getByRole('button', { name: /profile menu/i }));
    const menu = screen.getByRole('menu');
    expect(within(menu).getByText('Maya Manager')).toBeInTheDocument();
    expect(within(menu).getByText('manager@demo.test')).toBeInTheDocument();
    const settings = within(menu).getByRole('menuitem', { name: /Account settings/ });
    expect(settings).toHaveAttribute('href', 'http://login.test/account');
    expect(settings).toHaveAttribute('target', '_blank');
    expect(settings.getAttribute('rel')).toContain('noopener');
    expect(within(menu).getByRole('menuitem', { name: /Apps dashboard/ })).toHaveAttribute(
      'target',
      '_blank',
    );
    expect(within(menu).getByRole('menuitem', { name: 'My Plan' })).toHaveAttribute(
      'href',
      '/subscription-plans',
    );
    expect(within(menu).getByRole('menuitem', { name: 'Log out' })).toHaveAttribute(
      'href',
      '/logout',
    );
    expect(within(menu).getAllByRole('menuitem')[0]).toHaveFocus();

    await userEvent.keyboard('{Escape}');
    expect(screen.queryByRole('menu')).not.toBeInTheDocument();
    expect(screen.getByRole('button', { name: /profile menu/i })).toHaveFocus();
  });

  it('shows the fallbacks when the name and email are unknown', () => {
    renderSignedIn(<SignedInLayout>page</SignedInLayout>, {
      viewer: makeViewer({ fullName: null, email: null }),
    });
    const button = screen.getByRole('button', { name: /profile menu/i });
    expect(button).toHaveTextContent('Name not specified');
    expect(button).toHaveTextContent('Email not specified');
  });

  it('opens the navigation as a drawer under 992 px and closes it with Escape', async () => {
    const matchMedia = (query: string) =>
      ({
        matches: query === MOBILE_MEDIA_QUERY,
        media: query,
        addEventListener: () => undefined,
        removeEventListener: () => undefined,
      }) as unknown as MediaQueryList;
    Object.defineProperty(window, 'matchMedia', { configurable: true, value: matchMedia });
    try {
      const { container } = renderSignedIn(<SignedInLayout>page</SignedInLayout>);
      const open = screen.getByRole('button', { name: 'Open navigation' });
      expect(open).toHaveAttribute('aria-expanded', 'false');
      await userEvent.click(open);
      expect(open).toHaveAttribute('aria-expanded', 'true');
      expect(container.querySelector('#shell-sidebar')).toHaveClass('is-open');
      expect(container.querySelector('.shell-content')).toHaveAttribute('inert');
      expect(screen.getByRole('button', { name: 'Close navigation' })).toHaveFocus();

      await userEvent.keyboard('{Escape}');
      expect(open).toHaveAttribute('aria-expanded', 'false');
      expect(open).toHaveFocus();
    } finally {
      Reflect.deleteProperty(window, 'matchMedia');
    }
  });
});
