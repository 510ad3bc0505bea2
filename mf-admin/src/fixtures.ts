import { createFakeApi } from '@pos/shared/testing';
import type { AdminUserRow } from './types';

export { createFakeApi };

/** Users as the api returns them, for tests and stories. */
export const sampleUsers: AdminUserRow[] = [
  {
    id: 'usr_ada',
    fullName: 'Ada Admin',
    email: 'admin@demo.test',
    type: 'cloud',
    plan: 'Pro',
    ordersCount: 1520,
    ordersCountMonth: 112,
    ordersCountToday: 7,
    userRole: 'manager',
    createdAt: '2024-03-05T10:00:00.000Z',
    block: 'unblock',
  },
  {
    id: 'usr_cash',
    fullName: null,
    email: 'cashier@demo.test',
    type: 'self',
    plan: null,
    ordersCount: 0,
    ordersCountMonth: 0,
    ordersCountToday: 0,
    userRole: 'other',
    createdAt: '2023-11-20T08:30:00.000Z',
    block: 'block',
  },
];

/** A fake of the admin api holding `users`: paging, filter, status and subscription type. */
export function createFakeAdminApi(initialUsers: AdminUserRow[] = sampleUsers) {
  const users = initialUsers.map((user) => ({ ...user }));
  return createFakeApi((request) => {
    if (request.method === 'GET' && request.url === 'admin-panel/users') {
      const page = Number(request.params.page ?? 1);
      const limit = Number(request.params.limit ?? 10);
      const filter = String(request.params.filter ?? '').toLowerCase();
      const matching = users.filter((user) =>
        `${user.fullName ?? ''} ${user.email}`.toLowerCase().includes(filter),
      );
      return {
        status: 200,
        data: {
          list: matching.slice((page - 1) * limit, page * limit),
          totalAll: users.length,
          totalRecords: matching.length,
        },
      };
    }
    const patch = /^admin-panel\/users\/([^/]+)\/(status|subscription-type)$/.exec(request.url);
    const user = patch && users.find((candidate) => candidate.id === decodeURIComponent(patch[1]!));
    if (request.method === 'PATCH' && patch && user) {
      const body = request.body as { status?: AdminUserRow['block']; type?: AdminUserRow['type'] };
      if (patch[2] === 'status' && body.status) {
        user.block = body.status;
        return { status: 200, data: { newStatus: body.status } };
      }
      if (body.type) {
        user.type = body.type;
        return { status: 200, data: { type: body.type } };
      }
    }
    return { status: 404, data: { message: 'Not found' } };
  });
}
