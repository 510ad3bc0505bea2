import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError, notFound } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { listUsersSchema, setStatusSchema, setTypeSchema } from './schema';

/** The admin panel: user list, block status, subscription type. Every route is admin-only. */
const adminPanel: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin-panel/users',
    { config: { access: 'admin' }, schema: listUsersSchema },
    async (request) => {
      const { page, limit, filter, includeDateRange } = request.query;
      let { startDate, endDate } = request.query;
      if (!includeDateRange) {
        startDate = undefined;
        endDate = undefined;
      } else if (startDate && endDate && startDate > endDate) {
        [startDate, endDate] = [endDate, startDate];
      }
      const trimmed = filter?.trim();
      const result = await app.repos.users.adminList({
        page,
        limit,
        filter: trimmed ? trimmed : undefined,
        startDate,
        endDate,
      });
      return {
        list: result.rows.map((row) => ({
          id: row.id,
          fullName: row.full_name,
          email: row.email ?? '',
          type: row.subscription_type,
          plan: row.plan_name,
          ordersCount: Number(row.orders_count),
          ordersCountMonth: Number(row.orders_count_month),
          ordersCountToday: Number(row.orders_count_today),
          userRole: row.user_role,
          createdAt: row.created_at,
          block: row.block,
        })),
        totalAll: result.totalAll,
        totalRecords: result.totalRecords,
      };
    },
  );

  app.patch(
    '/admin-panel/users/:id/status',
    { config: { access: 'admin' }, schema: setStatusSchema },
    async (request) => {
      const { status } = request.body;
      if (status === 'block' && request.params.id === currentUser(request).id) {
        throw new HttpError(400, 'You cannot block your own account', 'ERR_SELF_BLOCK');
      }
      if (!(await app.repos.users.setBlock(request.params.id, status))) throw notFound('User');
      return { newStatus: status };
    },
  );

  app.patch(
    '/admin-panel/users/:id/subscription-type',
    { config: { access: 'admin' }, schema: setTypeSchema },
    async (request) => {
      const { type } = request.body;
      if (!(await app.repos.users.setSubscriptionType(request.params.id, type)))
        throw notFound('User');
      return { type };
    },
  );
};

export default adminPanel;
