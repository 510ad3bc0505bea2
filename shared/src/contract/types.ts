import type { AxiosInstance } from 'axios';
import type { Location, Navigator } from '@pos/shared/router';
import type { EventBus } from '../bus/EventBus';
import type { SessionStore } from '../session/SessionStore';
import type { UserRole } from '../api/wire';

/** Who may see a route, a nav item or a tile. */
export type Access = 'all' | 'manager' | 'admin';

/** What happens to a banned account on a route (spec 2.2: some routes redirect to /). */
export type BannedPolicy = 'allow' | 'redirect';

/** The signed-in viewer, as the shell knows it. */
export interface Viewer {
  userRole: UserRole;
  isAdmin: boolean;
  isBanned: boolean;
  fullName: string | null;
  email: string | null;
}

/**
 * Where card entry loads Stripe.js from and with which key (the shell's /config.json `stripe`).
 * A parcel injects `<script src={jsUrl}>` once and then calls `loadStripe(publishableKey)`, which
 * resolves to the loaded `window.Stripe`.
 */
export interface StripeConfig {
  /** Stripe's publishable key (pk_test_… / pk_live_…); '' when the deployment configured none. */
  publishableKey: string;
  /** Stripe.js: https://js.stripe.com/v3 in production, the payments sandbox's /v3/ locally. */
  jsUrl: string;
}

/** What the shell passes to every parcel it mounts. */
export interface ParcelProps {
  bus: EventBus;
  session: SessionStore;
  api: AxiosInstance;
  /** The route prefix the parcel was mounted for, e.g. "/admin-panel". */
  basePath: string;
  /**
   * Origin of the cloud POS addresses (spec 7), e.g. "https://pos.example.com": a station opens
   * at `{cloudPosUrl}/{application slug}/{cloudStationSlug}`.
   */
  cloudPosUrl: string;
  /** Stripe.js's location and publishable key, for the card forms (mf-billing). */
  stripe: StripeConfig;
  /**
   * The sales address of /config.json (`salesEmail`) the enterprise card's 'Contact Sales'
   * writes to; '' when the deployment configured none.
   */
  salesEmail: string;
  viewer: Viewer;
  /** The shell router's navigator and location: a remote renders its routes inside them. */
  navigator: Navigator;
  location: Location;
}

/** single-spa parcel lifecycles, as a remote provides them. */
export interface ParcelLifecycles {
  bootstrap: (props: ParcelProps & { domElement: HTMLElement }) => Promise<void>;
  mount: (props: ParcelProps & { domElement: HTMLElement }) => Promise<void>;
  unmount: (props: ParcelProps & { domElement: HTMLElement }) => Promise<void>;
  update: (props: ParcelProps & { domElement: HTMLElement }) => Promise<void>;
}

/** A page a remote contributes. */
export interface RouteDefinition {
  /** Absolute path pattern of react-router, e.g. "/admin-panel" or "/applications/*". */
  path: string;
  title: string;
  access: Access;
  bannedPolicy: BannedPolicy;
  load: () => Promise<ParcelLifecycles>;
}

/** An item of the side navigation. */
export interface NavItemDefinition {
  id: string;
  label: string;
  path: string;
  access: Access;
  /** Position in the side navigation; the spec's order is Dashboard 0 … Resources 100. */
  order: number;
  disabledWhenBanned: boolean;
  /** Name of an icon of the UI kit. */
  icon: string;
}

/** A tile of the dashboard. */
export interface TileDefinition {
  id: string;
  title: string;
  access: Access;
  order: number;
  /**
   * Rows of the dashboard's tile grid it takes, the height the first paint and the shell reserve
   * for it before it loads; a release records it with the tile (issue 30). Left out: the rows
   * remotes.json declares for it, else 1.
   */
  rows?: number;
  load: () => Promise<ParcelLifecycles>;
}

/**
 * A widget of the side navigation (spec 2.10: the Assistant's progress widget), mounted as a
 * parcel between the navigation items and the profile menu on every signed-in page, in the phone
 * drawer too. The slot is a CSS inline-size container named `nav-widget`, so the widget can
 * follow the collapsed navigation with `@container nav-widget (…)`. It may open overlays of its
 * own (a panel in a portal). A failure costs this slot only: a short message with 'Try again'.
 */
export interface NavWidgetDefinition {
  id: string;
  /** Names the slot while it loads and when it fails ('{title} is unavailable right now.'). */
  title: string;
  access: Access;
  /** Position among the widgets, when there are several. */
  order: number;
  /**
   * Its height in px in the open navigation and in the collapsed one, reserved before it loads;
   * a release records them with the widget (issue 30). Left out: remotes.json's declaration.
   */
  height?: number;
  collapsedHeight?: number;
  load: () => Promise<ParcelLifecycles>;
}

/** What a remote exposes as './contract'. */
export interface RemoteContract {
  /** The Module Federation name, e.g. "mf_admin". */
  name: string;
  routes: RouteDefinition[];
  navItems: NavItemDefinition[];
  tiles: TileDefinition[];
  /** Widgets of the side navigation; none when left out (contracts older than the Assistant). */
  navWidgets?: NavWidgetDefinition[];
}
