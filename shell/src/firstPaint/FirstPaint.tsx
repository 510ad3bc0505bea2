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
import { NavWidgetSlots, SideNav } from '../components/SideNav';
import type { RemoteEntry, ShellConfig } from '../config/runtimeConfig';
import type { RemoteState } from '../remotes/RemoteRegistry';
import { remoteTitle } from '../remotes/remoteTitle';
import { buildNavItems, buildNavWidgets } from '../routing/navItems';
import { paths } from '../urls';
import {
  DashboardHeader,
  DashboardTiles,
  LOADING_MORE_TILES,
  LOADING_TILES,
  buildTileSlots,
} from '../views/Dashboard';

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
 * shell's own items and those the remotes declare in remotes.json, their widgets' places;
 * collapsed as the visitor left it), the account's banners, greeting and every declared tile's
 * place with its skeleton, from the same components and in the same order and sizes, so that
 * the live page takes its place, and the remotes theirs, without moving anything. The date
 * above the greeting keeps its place and is written by the browser, in the viewer's own time
 * zone.
 */
export function FirstPaint({
  account,
  viewer,
  config,
  remotes = [],
  collapsed = false,
}: {
  account: Account;
  viewer: Viewer;
  config: ShellConfig;
  /** remotes.json's remotes: every one still loading, as the live page starts. */
  remotes?: readonly RemoteEntry[];
  collapsed?: boolean;
}) {
  const states: RemoteState[] = remotes.map((remote) => ({
    remote,
    title: remoteTitle(remote),
    status: 'loading',
  }));
  const slots = buildTileSlots(states, viewer);
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
                  items={buildNavItems(states, viewer)}
                  fullName={viewer.fullName}
                  email={viewer.email}
                  collapsed={collapsed}
                  onToggleCollapsed={ignore}
                  drawerOpen={false}
                  onCloseDrawer={ignore}
                  loadingItems
                  widgets={<NavWidgetSlots widgets={buildNavWidgets(states, viewer)} />}
                />
              }
              footer={<Footer />}
            >
              <AccountBanners />
              <div className="shell-dashboard">
                <DashboardHeader viewer={viewer} eyebrow={'\u00a0'} />
                {slots.length > 0 ? (
                  <DashboardTiles slots={slots} banned={viewer.isBanned} />
                ) : (
                  <LoadingState message={LOADING_TILES} />
                )}
                {slots.length > 0 && remotes.some((remote) => !remote.slots) && (
                  <LoadingState
                    inline
                    message={LOADING_MORE_TILES}
                    className="shell-dashboard__more"
                  />
                )}
              </div>
            </SignedInFrame>
          </MemoryRouter>
        </AccountProvider>
      </ApiProvider>
    </ShellServicesProvider>
  );
}
