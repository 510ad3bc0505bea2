import { IconButton, LoadingState, type Viewer } from '@pos/shared';
import type { AxiosInstance } from 'axios';
import { MemoryRouter } from '@pos/shared/router';
import { AccountProvider } from '../account/AccountContext';
import { ApiProvider } from '../account/ApiContext';
import type { Account } from '../account/useAccountState';
import { ShellServicesProvider } from '../app/ShellContext';
import type { ShellServices } from '../app/services';
import { OPEN_NAVIGATION, SIDEBAR_ID, SignedInFrame } from '../app/SignedInFrame';
import { AccountBanners } from '../components/Banners';
import { Footer } from '../components/Footer';
import { SideNav } from '../components/SideNav';
import type { ShellConfig } from '../config/runtimeConfig';
import { buildNavItems } from '../routing/navItems';
import { paths } from '../urls';
import { DashboardHeader, LOADING_TILES } from '../views/Dashboard';

/**
 * The shell's services as the server has them: the runtime config only. The first paint is
 * markup, rendered before any script runs; a component that reached for the bus, the session or
 * the browser here would be one the first paint cannot show, and its render fails loudly.
 */
function configOnly(config: ShellConfig): ShellServices {
  const absent = (name: string): never => {
    throw new Error(`The first paint has no ${name}: it is rendered before the shell runs`);
  };
  return {
    config,
    remotes: [],
    get bus() {
      return absent('bus');
    },
    get session() {
      return absent('session');
    },
    get sessionManager() {
      return absent('sessionManager');
    },
    get browser() {
      return absent('browser');
    },
  };
}

/** The api client as the server has it: none (a banner's action runs in the live page only). */
const noApi = new Proxy({} as AxiosInstance, {
  get: (_target, name) => {
    throw new Error(`The first paint has no api client (${String(name)})`);
  },
});

const ignore = () => undefined;

/**
 * The signed-in dashboard as its first paint: the live page's frame, side navigation (the
 * shell's own items, the remotes' still on their way; collapsed as the visitor left it), the
 * account's banners, greeting and tiles' loading state, from the same components, so that the
 * live page takes its place without moving anything. The date above the greeting keeps its
 * place and is written by the browser, in the viewer's own time zone.
 */
export function FirstPaint({
  account,
  viewer,
  config,
  collapsed = false,
}: {
  account: Account;
  viewer: Viewer;
  config: ShellConfig;
  collapsed?: boolean;
}) {
  return (
    <ShellServicesProvider value={configOnly(config)}>
      <ApiProvider value={noApi}>
        <AccountProvider value={{ account, viewer }}>
          <MemoryRouter initialEntries={[paths.dashboard]}>
            <SignedInFrame
              collapsed={collapsed}
              menuButton={
                <IconButton
                  icon="menu"
                  aria-label={OPEN_NAVIGATION}
                  className="shell-topbar__menu"
                />
              }
              sidebar={
                <SideNav
                  id={SIDEBAR_ID}
                  items={buildNavItems([], viewer)}
                  fullName={viewer.fullName}
                  email={viewer.email}
                  collapsed={collapsed}
                  onToggleCollapsed={ignore}
                  drawerOpen={false}
                  onCloseDrawer={ignore}
                  loadingItems
                />
              }
              footer={<Footer />}
            >
              <AccountBanners />
              <div className="shell-dashboard">
                <DashboardHeader viewer={viewer} eyebrow={'\u00a0'} />
                <LoadingState message={LOADING_TILES} />
              </div>
            </SignedInFrame>
          </MemoryRouter>
        </AccountProvider>
      </ApiProvider>
    </ShellServicesProvider>
  );
}
