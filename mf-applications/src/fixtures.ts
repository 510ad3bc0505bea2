import { createFakeApi, type FakeResponse, type RecordedRequest } from '@pos/shared/testing';
import { TOTAL_ALL_HEADER, withScheme } from '@pos/shared';
import {
  isConnected,
  type Application,
  type ApplicationStatus,
  type AuthFailure,
  type SharedUser,
  type SiteCheck,
} from './types';

export { createFakeApi, type FakeResponse, type RecordedRequest };

const STORE_OWNER = {
  id: 1,
  username: 'storeadmin',
  email: 'owner@coffee.demo.test',
  name: 'Sam Owner',
  roles: ['administrator'],
};

/** The api's statuses of an application (issue 10: derived by the api, shown as given). */
export const statuses = {
  notAuthorized: { code: 'not-authorized', label: 'Not authorized', reason: null },
  authorizing: { code: 'authorizing', label: 'Authorizing', reason: null },
  authorized: { code: 'authorized', label: 'Authorized', reason: null },
  unverified: (reason: string): ApplicationStatus => ({
    code: 'unverified',
    label: 'Unverified',
    reason,
  }),
} as const satisfies Record<string, ApplicationStatus | ((reason: string) => ApplicationStatus)>;

/** A failed authorization as the api records it; `overrides` change any field. */
export function sampleAuthFailure(overrides: Partial<AuthFailure> = {}): AuthFailure {
  return {
    reason: 'callback-refused',
    message: 'The store sent keys that could not be checked: the store could not be reached.',
    nextStep: 'Check that the store is online, then authorize again.',
    at: '2025-04-10T09:30:00.000Z',
    ...overrides,
  };
}

/** An application as the api returns it; `overrides` change any field. */
export function sampleApplication(overrides: Partial<Application> = {}): Application {
  return {
    id: 'app_coffee',
    name: 'Demo Coffee Roasters',
    homeUrl: 'http://127.0.0.1:4201',
    slug: 'demo-coffee-roasters',
    authType: 'account',
    authInProgress: false,
    consumerKey: null,
    consumerSecret: null,
    keysFail: { hasError: false, displayError: null },
    isVerifiedAuth: false,
    quickLaunchPOSId: null,
    wpUser: null,
    status: statuses.notAuthorized,
    posPlugin: { active: null, checkedAt: null },
    lastAuthFailure: null,
    stationsCount: null,
    createdAt: '2025-04-01T10:00:00.000Z',
    updatedAt: '2025-04-01T10:00:00.000Z',
    ...overrides,
  };
}

/** An application authorized through the store's page, with its owner and 3 stations. */
export const authorizedApplication = sampleApplication({
  isVerifiedAuth: true,
  status: statuses.authorized,
  posPlugin: { active: true, checkedAt: '2025-04-10T09:00:00.000Z' },
  consumerKey: 'ck_01*********************************34567',
  consumerSecret: 'cs_ab*********************************cdef0',
  wpUser: STORE_OWNER,
  stationsCount: 3,
});

/** The two demo stores: one authorized, one not. */
export const sampleApplications: Application[] = [
  authorizedApplication,
  sampleApplication({
    id: 'app_books',
    name: 'Demo Book Nook',
    homeUrl: 'http://127.0.0.1:4202',
    slug: 'demo-book-nook',
  }),
];

/** Store users of the 'Shared with' table: the cashier uses the dashboard, the others not yet. */
export const sampleSharedUsers: { pos: SharedUser[]; wp: SharedUser[] } = {
  pos: [
    {
      id: 2,
      name: 'Cash Ier',
      email: 'cashier@demo.test',
      roles: ['cashier'],
      lastAccess: '2025-04-10T09:00:00.000Z',
      invitationCount: 0,
    },
  ],
  wp: [
    {
      id: 3,
      name: 'Nora Night',
      email: 'nora@coffee.demo.test',
      roles: ['shop_manager'],
      lastAccess: null,
      invitationCount: 0,
    },
    {
      id: 4,
      name: 'Kai Kiosk',
      email: 'kai@coffee.demo.test',
      roles: ['kiosk'],
      lastAccess: null,
      invitationCount: 3,
    },
  ],
};

const notFound: FakeResponse = { status: 404, data: { message: 'Application not found' } };

/**
 * A fake of the applications api holding `initial`: list, get, create, the PUT changes, delete,
 * auth-status, user-accounts (paged), send-invite-email and site-check. `overrides` answer a
 * request first when they return a response.
 */
export function createFakeApplicationsApi(
  initial: Application[] = sampleApplications,
  {
    sharedUsers = sampleSharedUsers,
    sites = {},
    overrides,
  }: {
    sharedUsers?: { pos: SharedUser[]; wp: SharedUser[] };
    /** What the site check answers for a typed URL (by default: a WooCommerce site at it). */
    sites?: Record<string, Partial<SiteCheck>>;
    overrides?: (request: RecordedRequest) => FakeResponse | undefined;
  } = {},
) {
  const applications = initial.map((application) => ({ ...application }));
  const find = (id: string | undefined) =>
    applications.find((application) => application.id === decodeURIComponent(id ?? ''));
  const fake = createFakeApi((request) => {
    const answer = overrides?.(request);
    if (answer) return answer;
    const { method, url } = request;
    if (url === 'applications' && method === 'GET') {
      return { status: 200, data: { list: applications, error: [] } };
    }
    if (url === 'applications/site-check' && method === 'GET') {
      const typed = String(request.params.url ?? '');
      const normalized = withScheme(typed);
      const known = sites[typed];
      return {
        status: 200,
        data: {
          url: normalized,
          siteUrl: normalized,
          differs: false,
          isWooCommerce: true,
          name: null,
          ...known,
        } satisfies SiteCheck,
      };
    }
    if (url === 'applications' && method === 'POST') {
      const body = request.body as { name: string; homeUrl: string };
      const created = sampleApplication({
        id: `app_${applications.length + 1}`,
        name: body.name,
        homeUrl: body.homeUrl,
      });
      applications.push(created);
      return { status: 201, data: { data: created } };
    }
    const match = /^applications\/([^/]+)(?:\/(auth-status|user-accounts))?$/.exec(url);
    const application = find(match?.[1]);
    if (!match || !application) {
      if (url === 'send-invite-email') {
        return { status: 200, data: { message: 'The invitation is sent', invitationCount: 1 } };
      }
      return notFound;
    }
    if (match[2] === 'auth-status') {
      const { authInProgress } = request.body as { authInProgress: boolean };
      application.authInProgress = authInProgress;
      application.status = authInProgress ? statuses.authorizing : statuses.notAuthorized;
      const authorizeUrl = authInProgress
        ? `${application.homeUrl}/wc-auth/v1/authorize?app_name=Cloud%20POS&user_id=${application.id}`
        : undefined;
      return { status: 200, data: { data: { authInProgress, authorizeUrl } } };
    }
    if (match[2] === 'user-accounts') {
      const page = Number(request.params.page ?? 1);
      const limit = Number(request.params.limit ?? 10);
      const all = [
        ...sharedUsers.pos.map((user) => ({ user, kind: 'pos' as const })),
        ...sharedUsers.wp.map((user) => ({ user, kind: 'wp' as const })),
      ].sort((a, b) => a.user.id - b.user.id);
      const slice = all.slice((page - 1) * limit, page * limit);
      return {
        status: 200,
        data: {
          userAccounts: {
            pos: slice.filter((row) => row.kind === 'pos').map((row) => row.user),
            wp: slice.filter((row) => row.kind === 'wp').map((row) => row.user),
          },
          isMultiplePluginActive: true,
        },
        headers: { [TOTAL_ALL_HEADER]: String(all.length) },
      };
    }
    if (method === 'GET') return { status: 200, data: { data: application } };
    if (method === 'DELETE') {
      applications.splice(applications.indexOf(application), 1);
      // As the api: nothing to tell without a key; else the plugin revokes it, if there.
      if (!isConnected(application.status)) return { status: 204 };
      return { status: 200, data: { keyRevoked: application.posPlugin.active === true } };
    }
    if (method === 'PUT') {
      const body = request.body as Record<string, unknown>;
      if ('deauth' in body) {
        const keyRevoked = application.posPlugin.active === true;
        Object.assign(application, {
          isVerifiedAuth: false,
          status: statuses.notAuthorized,
          consumerKey: null,
          consumerSecret: null,
          wpUser: null,
          stationsCount: null,
        });
        return {
          status: 200,
          data: {
            data: application,
            message: `${application.name} application has been disconnected and is no longer authorized.`,
            keyRevoked,
          },
        };
      }
      Object.assign(application, body);
      return { status: 200, data: { data: application } };
    }
    return notFound;
  });
  return { ...fake, applications };
}
