import { render, type RenderResult } from '@testing-library/react';
import type { ReactNode } from 'react';
import { MemoryRouter, useLocation } from 'react-router-dom';
import type { BrowserAdapter } from '../app/browser';
import { ShellServicesProvider } from '../app/ShellContext';
import { createShellServices, type ShellServices } from '../app/services';
import type { RemoteEntry, ShellConfig } from '../config/runtimeConfig';

/** The origin tests pretend the dashboard runs on. */
export const TEST_ORIGIN = 'http://dashboard.test';
/** The login provider tests pretend to use. */
export const TEST_PROVIDER = 'http://login.test';

/** A complete /config.json for tests. */
export const testConfig: ShellConfig = {
  loginProviderUrl: TEST_PROVIDER,
  supportEmail: 'support@cloudpos.example',
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

/** A browser whose page loads and reloads are recorded instead of done. */
export function fakeBrowser(overrides: Partial<BrowserAdapter> = {}): BrowserAdapter & {
  assign: jest.Mock;
  reload: jest.Mock;
} {
  return {
    origin: TEST_ORIGIN,
    referrer: '',
    localStorage: window.localStorage,
    sessionStorage: window.sessionStorage,
    setTimeout: (handler, ms) => setTimeout(handler, ms),
    clearTimeout: (handle) => clearTimeout(handle),
    ...overrides,
    assign: jest.fn(),
    reload: jest.fn(),
  };
}

/** Services wired as in the browser, with a fake browser and no network. */
export function testServices(
  options: { browser?: BrowserAdapter; remotes?: RemoteEntry[]; config?: ShellConfig } = {},
): ShellServices {
  const fetcher = jest.fn(async () => {
    throw new Error('no network in unit tests');
  }) as unknown as typeof fetch;
  return createShellServices(
    options.config ?? testConfig,
    options.remotes ?? [],
    options.browser ?? fakeBrowser(),
    fetcher,
  );
}

let currentPath = '';

/** Shows the router's location so tests can read where the app went. */
function LocationProbe() {
  const location = useLocation();
  currentPath = `${location.pathname}${location.search}`;
  return null;
}

/** The router path after the last render. */
export const routerPath = (): string => currentPath;

/** Renders `ui` with the shell's services inside a memory router at `path`. */
export function renderWithShell(
  ui: ReactNode,
  { path = '/', services = testServices() }: { path?: string; services?: ShellServices } = {},
): RenderResult & { services: ShellServices } {
  const result = render(
    <ShellServicesProvider value={services}>
      <MemoryRouter initialEntries={[path]}>
        {ui}
        <LocationProbe />
      </MemoryRouter>
    </ShellServicesProvider>,
  );
  return { ...result, services };
}
