import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import {
  AnalyticsInputError,
  calendarDate,
  dayEndUtc,
  dayStartUtc,
} from '../../domain/analytics/time';
import { HttpError, notFound } from '../../errors';
import { currentUser } from '../../plugins/auth';
import { listUsersSchema, setStatusSchema, setTypeSchema } from './schema';

/**
 * `date` when it names a real day from 1970 on (the schema pattern lets 2024-02-31 through, and
 * date rollover would silently widen the range: 2024-02-31 reads as 2024-03-02); else a 400.
 */
function realDay(name: string, date: string | undefined): string | undefined {
  if (date === undefined) return undefined;
  try {
    return calendarDate(`querystring/${name}`, date);
  } catch (error) {
    if (error instanceof AnalyticsInputError) {
      throw new HttpError(400, error.message, 'ERR_VALIDATION');
    }
    throw error;
  }
}

/** The admin panel: user list, block status, subscription type. Every route is admin-only. */
const adminPanel: FastifyPluginAsyncTypebox = async (app) => {
  app.get(
    '/admin-panel/users',
    { config: { access: 'admin' }, schema: listUsersSchema },
    async (request) => {
      const { page, limit, filter, includeDateRange } = request.query;
      let startDate = realDay('startDate', request.query.startDate);
      let endDate = realDay('endDate', request.query.endDate);
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
        // Creation dates are UTC days.
        createdFrom: startDate && dayStartUtc(startDate, 'UTC'),
        createdBefore: endDate && dayEndUtc(endDate, 'UTC'),
      });
      // The order counts of the page's users, from their applications' orders (UTC days).
      const now = new Date().toISOString();
      const counts = await app.repos.analytics.ordersOfUsers(
        result.rows.map((row) => row.id),
        {
          monthStart: `${now.slice(0, 7)}-01T00:00:00.000Z`,
          dayStart: `${now.slice(0, 10)}T00:00:00.000Z`,
        },
      );
      const none = { total: 0, month: 0, today: 0 };
      return {
        list: result.rows.map((row) => ({
          id: row.id,
          fullName: row.full_name,
          email: row.email ?? '',
          type: row.subscription_type,
          plan: row.plan_name,
          ordersCount: (counts.get(row.id) ?? none).total,
          ordersCountMonth: (counts.get(row.id) ?? none).month,
          ordersCountToday: (counts.get(row.id) ?? none).today,
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
