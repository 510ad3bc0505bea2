// The api's answers in its shapes (GET applications, the staff routes), for the component
// tests and the dev page.
import { TOTAL_ALL_HEADER } from '@pos/shared';
import { createFakeApi, type FakeResponse, type RecordedRequest } from '@pos/shared/testing';
import type { Application, StaffCreated, StaffPage, StaffSummary, StaffUser } from './types';
import { staffApiPaths } from './urls';

/** An application as GET applications lists it (only what this remote reads matters). */
export function makeApplication(id: string, name: string, isVerifiedAuth = true): Application {
  return {
    id,
    name,
    homeUrl: `https://${id}.example`,
    slug: id,
    isVerifiedAuth,
    status: {
      code: isVerifiedAuth ? 'authorized' : 'not-authorized',
      label: isVerifiedAuth ? 'Authorized' : 'Not authorized',
      reason: null,
    },
  } as unknown as Application;
}

/** Two verified applications of the demo manager and one not yet authorized. */
export const APPLICATIONS = [
  makeApplication('app-coffee', 'Demo Coffee Roasters'),
  makeApplication('app-books', 'Demo Book Nook'),
  makeApplication('app-garden', 'Demo Garden Supply', false),
];

/** One staff user; `wpUserId` makes the name, email and login unless given. */
export function makeStaffUser(wpUserId: number, extra: Partial<StaffUser> = {}): StaffUser {
  return {
    wpUserId,
    name: `Staff Member ${wpUserId}`,
    email: `staff${wpUserId}@demo.test`,
    username: `staff${wpUserId}`,
    roles: ['cashier'],
    role: 'cashier',
    kind: 'wp',
    lastAccess: null,
    invitationCount: 0,
    isConnectionOwner: false,
    ...extra,
  };
}

/** The demo store's staff: its administrator (the connection owner), a POS cashier, a wp kiosk. */
export const DEMO_STAFF: StaffUser[] = [
  makeStaffUser(1, {
    name: 'Store Admin',
    email: 'storeadmin@demo.test',
    username: 'storeadmin',
    roles: ['administrator'],
    role: 'administrator',
    kind: 'pos',
    lastAccess: '2026-11-24T08:05:00.000Z',
    isConnectionOwner: true,
  }),
  makeStaffUser(2, {
    name: 'Cash Ier',
    email: 'cashier@demo.test',
    username: 'cashier',
    kind: 'pos',
    lastAccess: '2026-11-25T14:30:00.000Z',
  }),
  makeStaffUser(3, {
    name: 'Kim Kiosk',
    email: 'kiosk@demo.test',
    username: 'kiosk',
    roles: ['kiosk'],
    role: 'kiosk',
    invitationCount: 1,
  }),
];

/** `count` wp cashiers, ids from 10. */
export const makeStaff = (count: number) =>
  Array.from({ length: count }, (_, index) => makeStaffUser(index + 10));

/** What the fake api answers; any route may be replaced by a test. */
export interface FakeStaffApi {
  /** May answer later (a promise) to hold the page's first load. */
  applications?: () => FakeResponse | Promise<FakeResponse>;
  /** May answer later (a promise) to hold a load in flight. */
  staff?: (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;
  create?: (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;
  invite?: (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;
  changeRole?: (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;
  remove?: (request: RecordedRequest) => FakeResponse | Promise<FakeResponse>;
  /** May answer later (a promise) to hold the tile's load. */
  summary?: () => FakeResponse | Promise<FakeResponse>;
}

/** A page of `staff` as GET staff/users answers it. */
export function staffPageAnswer(
  staff: readonly StaffUser[],
  request: RecordedRequest,
  isMultiplePluginActive = true,
): FakeResponse {
  const page = Number(request.params.page ?? 1);
  const limit = Number(request.params.limit ?? 25);
  const body: StaffPage = {
    data: isMultiplePluginActive ? staff.slice((page - 1) * limit, page * limit) : [],
    isMultiplePluginActive,
    totalAll: isMultiplePluginActive ? staff.length : 0,
  };
  return { status: 200, data: body, headers: { [TOTAL_ALL_HEADER]: String(body.totalAll) } };
}

/**
 * An in-memory api of the staff routes: the applications above, `staff` for every application
 * (paged as the api pages it), creations, invitations, role changes and removals that succeed
 * and change `staff`, and a summary.
 */
export function createStaffApi(routes: FakeStaffApi = {}, staff: StaffUser[] = [...DEMO_STAFF]) {
  return createFakeApi((request) => {
    const { method, url } = request;
    if (url === staffApiPaths.applications) {
      return routes.applications?.() ?? { status: 200, data: { list: APPLICATIONS, error: [] } };
    }
    if (url === staffApiPaths.summary) {
      const summary: StaffSummary = { total: 12, applications: 2 };
      return routes.summary?.() ?? { status: 200, data: summary };
    }
    if (url === staffApiPaths.invitations) {
      return (
        routes.invite?.(request) ?? {
          status: 200,
          data: { message: 'The invitation is sent', invitationCount: 1 },
        }
      );
    }
    if (url === staffApiPaths.users && method === 'GET') {
      return routes.staff?.(request) ?? staffPageAnswer(staff, request);
    }
    if (url === staffApiPaths.users && method === 'POST') {
      if (routes.create) return routes.create(request);
      const body = request.body as { name: string; email: string; role: StaffUser['role'] };
      const created: StaffCreated = {
        data: makeStaffUser(99, { ...body, roles: [body.role ?? 'cashier'] }),
        message: 'Staff member was created successfully.',
        invitation: { sent: true, message: 'The invitation is sent', invitationCount: 1 },
      };
      return { status: 201, data: created };
    }
    const userMatch = /^staff\/users\/(\d+)$/.exec(url);
    if (userMatch) {
      const wpUserId = Number(userMatch[1]);
      const index = staff.findIndex((user) => user.wpUserId === wpUserId);
      if (method === 'PATCH') {
        if (routes.changeRole) return routes.changeRole(request);
        const { role } = request.body as { role: StaffUser['role'] };
        const updated = { ...staff[index]!, role, roles: [role!] };
        staff[index] = updated;
        return { status: 200, data: { data: updated } };
      }
      if (method === 'DELETE') {
        if (routes.remove) return routes.remove(request);
        const [removed] = staff.splice(index, 1);
        return {
          status: 200,
          data: { message: `${removed!.name} no longer has POS access to Demo Coffee Roasters` },
        };
      }
    }
    return { status: 404, data: { message: `no fake for ${method} ${url}` } };
  });
}
