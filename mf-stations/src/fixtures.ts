import { createFakeApi, type FakeResponse, type RecordedRequest } from '@pos/shared/testing';
import type {
  Application,
  SharedStationGroup,
  Station,
  StationApplication,
  UserSettings,
} from './types';

export { createFakeApi, type FakeResponse, type RecordedRequest };

/** The demo store's application as the stations call returns it. */
export const coffeeApplication: StationApplication = {
  id: 'app_coffee',
  name: 'Demo Coffee Roasters',
  homeUrl: 'http://127.0.0.1:4201',
  slug: 'demo-coffee-roasters',
};

/** A station as the api returns it; `overrides` change any field. */
export function sampleStation(overrides: Partial<Station> = {}): Station {
  return {
    posID: '1',
    name: 'Front Counter',
    url: 'http://127.0.0.1:4201/pos/1',
    cloudStationSlug: '1',
    access: true,
    globalSettings: {},
    ...overrides,
  };
}

/**
 * The demo store's stations for its owner: Front Counter is the default, Espresso Bar has a
 * custom slug, and the owner's account cannot open Pickup Window.
 */
export const coffeeStations: Station[] = [
  sampleStation({ cloudStationSlug: 'pos' }),
  sampleStation({
    posID: '2',
    name: 'Espresso Bar',
    url: 'http://127.0.0.1:4201/pos/2',
    cloudStationSlug: 'espresso-bar',
  }),
  sampleStation({
    posID: '3',
    name: 'Pickup Window',
    url: 'http://127.0.0.1:4201/pos/3',
    cloudStationSlug: '3',
    access: false,
  }),
];

/** An application of the manager as GET applications lists it. */
export function sampleApplication(overrides: Partial<Application> = {}): Application {
  return {
    ...coffeeApplication,
    authType: 'keys',
    authInProgress: false,
    consumerKey: null,
    consumerSecret: null,
    keysFail: { hasError: false, displayError: null },
    isVerifiedAuth: true,
    quickLaunchPOSId: null,
    wpUser: null,
    status: { code: 'authorized', label: 'Authorized', reason: null },
    posPlugin: { active: true, checkedAt: '2025-04-10T09:00:00.000Z' },
    lastAuthFailure: null,
    stationsCount: null,
    createdAt: '2025-04-01T10:00:00.000Z',
    updatedAt: '2025-04-01T10:00:00.000Z',
    ...overrides,
  };
}

/** The manager's applications: the demo coffee store (verified) and a book shop not authorized. */
export const sampleApplications: Application[] = [
  sampleApplication(),
  sampleApplication({
    id: 'app_books',
    name: 'Demo Book Nook',
    homeUrl: 'http://127.0.0.1:4202',
    slug: 'demo-book-nook',
    isVerifiedAuth: false,
    status: { code: 'not-authorized', label: 'Not authorized', reason: null },
  }),
];

/** Demo Garden Supply: authorized through WooCommerce core, without the Cloud POS plugin. */
export const gardenApplication: Application = sampleApplication({
  id: 'app_garden',
  name: 'Demo Garden Supply',
  homeUrl: 'http://127.0.0.1:4203',
  slug: 'demo-garden-supply',
  posPlugin: { active: false, checkedAt: '2025-04-10T09:00:00.000Z' },
});

/** Another manager's tea shop that shares two stations with the viewer; one cannot be opened. */
export const teaGroup: SharedStationGroup = {
  application: { id: 'app_tea', name: 'Tea House', slug: 'tea-house' },
  adminName: 'Tia Owner',
  roles: ['cashier', 'shop_manager'],
  stations: [
    sampleStation({
      posID: '1',
      name: 'Tea Counter',
      url: 'http://tea.test/pos/1',
      cloudStationSlug: 'pos',
    }),
    sampleStation({
      posID: '4',
      name: 'Back Office',
      url: 'http://tea.test/pos/4',
      cloudStationSlug: 'office',
      access: false,
    }),
  ],
  unavailable: null,
};

/** The tea shop while its owner is blocked: its stations open for no one. */
export const heldTeaGroup: SharedStationGroup = {
  ...teaGroup,
  unavailable: {
    reason: 'banned',
    name: 'Service is Paused',
    text: 'The account that owns this store is paused, so its stations cannot be opened.',
  },
};

/** User settings of a manager, with `pinned` on Quick Launch. */
export function sampleSettings(pinned: string[] = []): UserSettings {
  return {
    userRole: 'manager',
    quickLaunchPOSIds: Object.fromEntries(pinned.map((key) => [key, true])),
    showAssistantInPOS: true,
    firstTaskCompleted: false,
  };
}

const DEFAULT_ASSIGNED =
  'Default station has already been assigned for the application. Disable current default and assign a new station as the default.';
const DUPLICATE = 'POS URL already exist. A unique POS URL per station is required.';

/**
 * An in-memory fake of the stations api: applications, stations (with the server's default,
 * duplicate and compare-and-set answers on update-slug; `pluginMissing` for an application whose
 * store lacks the Cloud POS plugin), shared-stations (with `sharedPluginMissing` stores left out)
 * and user-settings (a PUT toggles). `overrides` answer a request first when they return a
 * response.
 */
export function createFakeStationsApi({
  applications = sampleApplications,
  stations = { app_coffee: coffeeStations },
  shared = [teaGroup],
  sharedPluginMissing = 0,
  pinned = [],
  overrides,
}: {
  applications?: Application[];
  stations?: Record<string, Station[]>;
  shared?: SharedStationGroup[];
  sharedPluginMissing?: number;
  pinned?: string[];
  overrides?: (request: RecordedRequest) => FakeResponse | Promise<FakeResponse> | undefined;
} = {}) {
  const stored = Object.fromEntries(
    Object.entries(stations).map(([id, list]) => [id, list.map((station) => ({ ...station }))]),
  );
  const settings = sampleSettings(pinned);
  const fake = createFakeApi((request) => {
    const answer = overrides?.(request);
    if (answer) return answer;
    const { method, url } = request;
    if (url === 'applications' && method === 'GET') {
      return { status: 200, data: { list: applications, error: [] } };
    }
    if (url === 'shared-stations' && method === 'GET') {
      return { status: 200, data: { list: shared, pluginMissingCount: sharedPluginMissing } };
    }
    if (url === 'user-settings' && method === 'GET') return { status: 200, data: settings };
    if (url === 'user-settings' && method === 'PUT') {
      const { quickLaunchPOSId } = request.body as { quickLaunchPOSId: string };
      if (settings.quickLaunchPOSIds[quickLaunchPOSId]) {
        delete settings.quickLaunchPOSIds[quickLaunchPOSId];
      } else settings.quickLaunchPOSIds[quickLaunchPOSId] = true;
      return { status: 200, data: settings };
    }
    const match = /^applications\/([^/]+)\/stations(\/update-slug)?$/.exec(url);
    const application = applications.find((candidate) => candidate.id === match?.[1]);
    if (match && !match[2] && application?.posPlugin.active === false) {
      const { id, name, homeUrl, slug } = application;
      return {
        status: 200,
        data: { application: { id, name, homeUrl, slug }, list: [], pluginMissing: true },
      };
    }
    const list = application && stored[application.id];
    if (!match || !application || !list) {
      return { status: 404, data: { message: 'Application not found' } };
    }
    if (!match[2]) {
      const { id, name, homeUrl, slug } = application;
      return {
        status: 200,
        data: { application: { id, name, homeUrl, slug }, list, pluginMissing: false },
      };
    }
    const body = request.body as { stationId: string; stationSlug: string; oldStationSlug: string };
    const station = list.find((candidate) => candidate.posID === body.stationId);
    if (!station) return { status: 404, data: { message: 'Station not found' } };
    if (station.cloudStationSlug !== body.oldStationSlug) {
      return {
        status: 409,
        data: {
          message:
            'The POS URL of this station was changed meanwhile. Reload the stations and try again.',
        },
      };
    }
    const holder = list.find(
      (other) => other !== station && other.cloudStationSlug === body.stationSlug,
    );
    if (holder) {
      return {
        status: 409,
        data: { message: body.stationSlug === 'pos' ? DEFAULT_ASSIGNED : DUPLICATE },
      };
    }
    station.cloudStationSlug = body.stationSlug;
    return { status: 200, data: { stationId: station.posID, stationSlug: body.stationSlug } };
  });
  return { ...fake, stored, settings };
}
