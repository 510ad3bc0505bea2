import type { Viewer } from '@pos/shared';
import { render, type RenderResult } from '@testing-library/react';
import type { AxiosInstance } from 'axios';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from '@pos/shared/router';
import { AccountProvider } from '../account/AccountContext';
import { ApiProvider } from '../account/ApiContext';
import type { Account } from '../account/useAccountState';
import { historyLocation, type BrowserAdapter } from '../app/browser';
import { ShellServicesProvider } from '../app/ShellContext';
import { createShellServices, type ShellServices } from '../app/services';
import type { RemoteEntry, ShellConfig } from '../config/runtimeConfig';
import type { FederationRuntime } from '../remotes/federationRuntime';
import { RemoteRegistry } from '../remotes/RemoteRegistry';
import { RemotesProvider } from '../remotes/RemotesContext';
import { logoutUrl, sessionCookieUrl } from '../urls';

/** The origin tests pretend the dashboard runs on (jsdom's own). */
export const TEST_ORIGIN = 'http://localhost';
/** The login provider tests pretend to use. */
export const TEST_PROVIDER = 'http://login.test';

/** A complete /config.json for tests. */
export const testConfig: ShellConfig = {
  loginProviderUrl: TEST_PROVIDER,
  cloudPosUrl: 'http://pos.test',
  stripe: { publishableKey: 'pk_test_shell', jsUrl: 'http://payments.test/v3/' },
  supportEmail: 'support@cloudpos.example',
  salesEmail: 'sales@cloudpos.example',
  accountSettingsUrl: `${TEST_PROVIDER}/account`,
  appsDashboardUrl: `${TEST_PROVIDER}/apps`,
  links: {
    quickStart: 'https://docs.test/quick-start',
    support: 'https://support.test',
    documentation: 'https://docs.test',
    paymentGuide: 'https://docs.test/payments',
    integrations: 'https://docs.test/integrations',
    hardware: 'https://docs.test/hardware',
    privacy: 'https://legal.test/privacy',
    terms: 'https://legal.test/terms',
    learnMore: 'https://www.test/features',
  },
};

/** A test browser: page loads and reloads are recorded, in-app moves really happen in jsdom. */
export type FakeBrowser = BrowserAdapter & {
  assign: jest.Mock;
  reload: jest.Mock;
  navigate: jest.Mock;
};

/** A browser whose page loads and reloads are recorded instead of done. */
export function fakeBrowser(overrides: Partial<BrowserAdapter> = {}): FakeBrowser {
  const location = historyLocation();
  return {
    origin: TEST_ORIGIN,
    referrer: '',
    localStorage: window.localStorage,
    sessionStorage: window.sessionStorage,
    setTimeout: (handler, ms) => setTimeout(handler, ms),
    clearTimeout: (handle) => clearTimeout(handle),
    ...location,
    ...overrides,
    assign: jest.fn(),
    reload: jest.fn(),
    navigate: jest.fn(location.navigate),
  };
}

/** Services wired as in the browser, with a fake browser and no network. */
export function testServices(
  options: {
    browser?: BrowserAdapter;
    remotes?: RemoteEntry[];
    config?: ShellConfig;
    /** The network the services use instead of the default one below. */
    fetcher?: typeof fetch;
  } = {},
): ShellServices & { browser: FakeBrowser } {
  // The api's session cookie is set and cleared, and a session ended (204); no other call has a
  // network.
  const fetcher = jest.fn(async (url: unknown) => {
    if (url === sessionCookieUrl || url === logoutUrl) return { ok: true, status: 204 } as Response;
    throw new Error('no network in unit tests');
  }) as unknown as typeof fetch;
  return createShellServices(
    options.config ?? testConfig,
    options.remotes ?? [],
    options.browser ?? fakeBrowser(),
    options.fetcher ?? fetcher,
  ) as ShellServices & { browser: FakeBrowser };
}

/** Puts jsdom at `path` ("/login/abc?x=1"). */
export const visit = (path: string): void => window.history.replaceState(null, '', path);

/** The browser's path and query now. */
export const browserPath = (): string => `${window.location.pathname}${window.location.search}`;

/** Renders a lean part of the shell (no router) at `path`. */
export function renderLean(
  ui: ReactNode,
  {
    path = '/',
    services = testServices(),
  }: { path?: string; services?: ReturnType<typeof testServices> } = {},
): RenderResult & { services: ReturnType<typeof testServices> } {
  visit(path);
  const result = render(<ShellServicesProvider value={services}>{ui}</ShellServicesProvider>);
  return { ...result, services };
}

let routerPath = '';

function RouterProbe() {
  const location = useLocation();
  routerPath = `${location.pathname}${location.search}`;
  return null;
}

/** Where the memory router of `renderSignedIn` is now. */
export const currentRouterPath = (): string => routerPath;

/** A signed-in viewer with overridable fields. */
export const makeViewer = (overrides: Partial<Viewer> = {}): Viewer => ({
  userRole: 'manager',
  isAdmin: false,
  isBanned: false,
  fullName: 'Maya Manager',
  email: 'manager@demo.test',
  ...overrides,
});

/** A loaded account with overridable fields. */
export const makeAccount = (overrides: Partial<Account> = {}): Account => ({
  settings: {
    userRole: 'manager',
    quickLaunchPOSIds: {},
    showAssistantInPOS: true,
    firstTaskCompleted: false,
  },
  user: {
    fullName: 'Maya Manager',
    email: 'manager@demo.test',
    isVerified: true,
    registeredAt: '2026-01-05T09:00:00.000Z',
  },
  isBanned: false,
  planState: { plan: null, isHavePaymentMethod: false, usage: null },
  ...overrides,
});

/** A federation runtime that never answers, for tests that give the registry its states. */
export const silentRuntime: FederationRuntime = {
  registerRemotes: () => undefined,
  loadRemote: () => new Promise<never>(() => undefined),
};

/** An api client stand-in whose calls a test can stub. */
export function fakeApi(): AxiosInstance & { get: jest.Mock; post: jest.Mock } {
  return {
    get: jest.fn(() => Promise.reject(new Error('not stubbed'))),
    post: jest.fn(() => Promise.resolve({ data: {} })),
  } as unknown as AxiosInstance & { get: jest.Mock; post: jest.Mock };
}

/** Renders a signed-in part of the shell inside a memory router with its providers. */
export function renderSignedIn(
  ui: ReactNode,
  {
    path = '/',
    services = testServices(),
    account = makeAccount(),
    viewer = makeViewer(),
    registry = new RemoteRegistry([], silentRuntime),
    api = fakeApi(),
  }: {
    path?: string;
    services?: ReturnType<typeof testServices>;
    account?: Account;
    viewer?: Viewer;
    registry?: RemoteRegistry;
    api?: AxiosInstance;
  } = {},
) {
  const result = render(
    <ShellServicesProvider value={services}>
      <ApiProvider value={api}>
        <RemotesProvider value={registry}>
          <AccountProvider value={{ account, viewer }}>
            <MemoryRouter initialEntries={[path]}>
              {ui}
              <RouterProbe />
            </MemoryRouter>
          </AccountProvider>
        </RemotesProvider>
      </ApiProvider>
    </ShellServicesProvider>,
  );
  return { ...result, services, registry, api };
}
