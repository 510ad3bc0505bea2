import { Type } from '@sinclair/typebox';
import { authErrors, ErrorAnswer, Nullable, PageNumber, Ref, StringEnum } from '../common';

/** Page size of the admin user list (spec 9). */
export const ADMIN_PAGE_SIZE = 10;

const DATE = '^\\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\\d|3[01])$';
const BlockSchema = StringEnum(['block', 'unblock']);
const SubscriptionTypeSchema = StringEnum(['cloud', 'self', 'one']);

export const AdminUserRowSchema = Type.Object(
  {
    id: Type.String(),
    fullName: Nullable(Type.String()),
    email: Type.String(),
    type: SubscriptionTypeSchema,
    plan: Nullable(Type.String({ description: 'Name of the current plan' })),
    ordersCount: Type.Integer(),
    ordersCountMonth: Type.Integer(),
    ordersCountToday: Type.Integer(),
    userRole: StringEnum(['manager', 'other']),
    createdAt: Type.String({ description: 'ISO-8601 time' }),
    block: BlockSchema,
  },
  { $id: 'AdminUserRow', additionalProperties: false },
);

export const AdminUsersQuery = Type.Object(
  {
    page: PageNumber(),
    limit: Type.Integer({ minimum: 1, maximum: 100, default: ADMIN_PAGE_SIZE }),
    filter: Type.Optional(
      Type.String({ maxLength: 100, description: 'Case-insensitive part of the name or email' }),
    ),
    includeDateRange: Type.Optional(Type.Boolean({ description: 'Apply startDate/endDate' })),
    startDate: Type.Optional(Type.String({ pattern: DATE, description: 'YYYY-MM-DD, inclusive' })),
    endDate: Type.Optional(Type.String({ pattern: DATE, description: 'YYYY-MM-DD, inclusive' })),
  },
  { additionalProperties: false },
);

export const UserIdParams = Type.Object(
  { id: Type.String({ minLength: 1, maxLength: 64 }) },
  { additionalProperties: false },
);

export const listUsersSchema = {
  tags: ['admin'],
  summary: 'All users, newest first (admins only)',
  description:
    'The date range applies only with includeDateRange=true; it is inclusive on the creation date ' +
    '(UTC) and a start after the end is swapped. totalAll counts every user, totalRecords the matching ones.',
  querystring: AdminUsersQuery,
  response: {
    200: Type.Object(
      {
        list: Type.Array(Ref(AdminUserRowSchema)),
        totalAll: Type.Integer(),
        totalRecords: Type.Integer(),
      },
      { additionalProperties: false },
    ),
    ...authErrors,
    403: ErrorAnswer,
  },
};

export const setStatusSchema = {
  tags: ['admin'],
  summary: 'Blocks or unblocks a user (admins only)',
  params: UserIdParams,
  body: Type.Object({ status: BlockSchema }, { additionalProperties: false }),
  response: {
    200: Type.Object({ newStatus: BlockSchema }, { additionalProperties: false }),
    ...authErrors,
    403: ErrorAnswer,
    404: ErrorAnswer,
  },
};

export const setTypeSchema = {
  tags: ['admin'],
  summary: "Sets a user's subscription type (admins only)",
  params: UserIdParams,
  body: Type.Object({ type: SubscriptionTypeSchema }, { additionalProperties: false }),
  response: {
    200: Type.Object({ type: SubscriptionTypeSchema }, { additionalProperties: false }),
    ...authErrors,
    403: ErrorAnswer,
    404: ErrorAnswer,
  },
};
