import { render } from '@testing-library/react';
import type { AxiosInstance } from 'axios';
import { StrictMode, useContext, type ReactElement } from 'react';
import { MemoryRouter, UNSAFE_NavigationContext, useLocation } from '@pos/shared/router';
import type { PosEventMap } from '../../bus/events';
import { EventBus } from '../../bus/EventBus';
import { SessionStore } from '../../session/SessionStore';
import type { AuthTokenClaims } from '../../types/entities';
import { ParcelProvider } from '../lifecycles';
import type { ParcelProps, StripeConfig, Viewer } from '../types';
import { managerViewer } from './viewers';

/** How one render is set up; a remote's defaults fill in what a test leaves out. */
export interface RenderWithParcelOptions {
  api: AxiosInstance;
  /** Changes to the viewer, e.g. `{ isBanned: true }`. */
  viewer?: Partial<Viewer>;
  /** Where the router starts; the base path unless given. */
  path?: string;
  /** The parcel's base path, as the shell passes it. */
  basePath?: string;
  /** Origin of the cloud POS addresses; http://pos.test unless given. */
  cloudPosUrl?: string;
  /** Stripe.js's location and key; {@link TEST_STRIPE} unless given. */
  stripe?: StripeConfig;
  /** The sales address of /config.json; {@link TEST_SALES_EMAIL} unless given. */
  salesEmail?: string;
  /**
   * Renders under <StrictMode>, as createReactParcel mounts parcels in production, so effects
   * that run twice show up in tests. Off unless given.
   */
  strict?: boolean;
  /**
   * The signed-in user's id (the token's `sub`): the session then holds an unsigned token for
   * it, for views that keep something per user. No token unless given.
   */
  userId?: string;
}

/** The sales address parcels get in tests unless one is given. */
export const TEST_SALES_EMAIL = 'sales@cloudpos.test';

/** The cloud POS origin parcels get in tests unless one is given. */
export const TEST_CLOUD_POS_URL = 'http://pos.test';

/** The Stripe.js location and publishable key parcels get in tests unless one is given. */
export const TEST_STRIPE: StripeConfig = {
  publishableKey: 'pk_test_parcel',
  jsUrl: 'http://payments.test/v3/',
};

/** What a remote's tests share: its base path and the account that usually signs in. */
export interface ParcelDefaults {
  basePath: string;
  viewer: Viewer;
  /** Every render under <StrictMode> unless a test says otherwise. */
  strict?: boolean;
}

/** Shows where the parcel's router is, so tests can see navigation. */
function LocationProbe() {
  const location = useLocation();
  return (
    <output data-testid="location" hidden>
      {`${location.pathname}${location.search}`}
    </output>
  );
}

function WithParcel({
  children,
  props,
}: {
  children: ReactElement;
  props: Omit<ParcelProps, 'navigator' | 'location'>;
}) {
  const { navigator } = useContext(UNSAFE_NavigationContext);
  const location = useLocation();
  return (
    <ParcelProvider value={{ ...props, navigator, location }}>
      {children}
      <LocationProbe />
    </ParcelProvider>
  );
}

/**
 * Renders `ui` as the shell would mount it: parcel props (bus, session without a token, api,
 * viewer) inside a router at `path`. Returns the bubbles emitted on the bus; the current path is
 * in the hidden element with test id 'location'. Without a base path the parcel sits at '/', and
 * without a viewer the demo manager signs in.
 */
export function renderWithParcel(
  ui: ReactElement,
  {
    api,
    viewer = {},
    basePath = '/',
    path = basePath,
    cloudPosUrl = TEST_CLOUD_POS_URL,
    stripe = TEST_STRIPE,
    salesEmail = TEST_SALES_EMAIL,
    strict = false,
    userId,
  }: RenderWithParcelOptions,
) {
  const bus = new EventBus();
  const session = new SessionStore(bus, null);
  if (userId !== undefined) session.setToken(unsignedToken({ sub: userId }));
  const bubbles: Array<PosEventMap['notify']> = [];
  bus.on('notify', (bubble) => bubbles.push(bubble));
  const props = {
    bus,
    session,
    api,
    basePath,
    cloudPosUrl,
    stripe,
    salesEmail,
    viewer: { ...managerViewer, ...viewer },
  };
  const tree = (
    <MemoryRouter initialEntries={[path]}>
      <WithParcel props={props}>{ui}</WithParcel>
    </MemoryRouter>
  );
  const result = render(strict ? <StrictMode>{tree}</StrictMode> : tree);
  return { ...result, bus, session, bubbles };
}

const base64Url = (value: object): string =>
  btoa(JSON.stringify(value)).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');

/**
 * An unsigned token with `claims` that decodes like a real one (`exp` and `nra` an hour away
 * unless given): parcels only decode tokens, the api verifies them.
 */
export function unsignedToken(claims: Partial<AuthTokenClaims> & { sub: string }): string {
  const now = Math.floor(Date.now() / 1000);
  const payload = { exp: now + 3600, nra: now + 7200, ...claims };
  return `${base64Url({ alg: 'RS256', kid: 'test' })}.${base64Url(payload)}.signature`;
}

/**
 * A remote's `renderWithParcel`: its base path and usual viewer filled in, so each test names
 * only what it changes.
 */
export function createRenderWithParcel(defaults: ParcelDefaults) {
  return (ui: ReactElement, options: RenderWithParcelOptions) =>
    renderWithParcel(ui, {
      ...options,
      basePath: options.basePath ?? defaults.basePath,
      strict: options.strict ?? defaults.strict,
      viewer: { ...defaults.viewer, ...options.viewer },
    });
}
