import { Type } from '@sinclair/typebox';
import { MAX_USAGE_DAYS } from '../../domain/analytics/usage';
import { authErrors, ErrorAnswer, Ref } from '../common';

const DATE = '^\\d{4}-\\d{2}-\\d{2}$';
const Day = (description: string) => Type.String({ pattern: DATE, description });
const Count = () => Type.Integer({ minimum: 0 });

/** The query parameters both analytics routes share. */
const scope = {
  appId: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      description: "One of the caller's applications; absent: all of them",
    }),
  ),
  tz: Type.Optional(
    Type.String({
      minLength: 1,
      maxLength: 64,
      default: 'UTC',
      description: 'IANA time zone whose days, months and hours are counted',
    }),
  ),
  includeDeleted: Type.Boolean({ default: false, description: 'Count deleted orders too' }),
};

export const OrderCountsQuery = Type.Object(
  { ...scope, date: Type.Optional(Day('YYYY-MM-DD in tz; default: today in tz')) },
  { additionalProperties: false },
);

export const UsageQuery = Type.Object(
  {
    ...scope,
    from: Type.Optional(Day('First day (YYYY-MM-DD in tz, included); default: 29 days before to')),
    to: Type.Optional(Day('Last day (YYYY-MM-DD in tz, included); default: today in tz')),
  },
  { additionalProperties: false },
);

export const OrderCountsSchema = Type.Object(
  {
    perDay: Type.Integer({ minimum: 0, description: 'Orders created on date (in tz)' }),
    perMonth: Type.Integer({ minimum: 0, description: 'Orders created in the month of date' }),
    total: Type.Integer({ minimum: 0, description: 'Orders of all time' }),
  },
  { $id: 'OrderCounts', additionalProperties: false },
);

const channels = { orders: Count(), pos: Count(), web: Count() };

export const UsageAnalyticsSchema = Type.Object(
  {
    date: Type.Object(
      { from: Type.String(), to: Type.String(), tz: Type.String() },
      { additionalProperties: false },
    ),
    totals: Type.Object(channels, { additionalProperties: false }),
    applicationAnalytics: Type.Array(
      Type.Object(
        {
          applicationId: Type.String(),
          name: Type.String(),
          ...channels,
          revenue: Type.Array(
            Type.Object(
              { currency: Type.String(), cents: Type.Integer() },
              { additionalProperties: false },
            ),
          ),
        },
        { additionalProperties: false },
      ),
      { description: 'Every application in scope, by orders (largest first), then name' },
    ),
    timePeriodAnalytics: Type.Array(
      Type.Object(
        { hour: Type.Integer({ minimum: 0, maximum: 23 }), ...channels },
        { additionalProperties: false },
      ),
      { description: '24 entries: the hour of day in tz' },
    ),
    stationAnalytics: Type.Array(
      Type.Object(
        {
          applicationId: Type.String(),
          applicationName: Type.String(),
          posId: Type.Integer(),
          name: Type.String(),
          orders: Count(),
        },
        { additionalProperties: false },
      ),
      { description: 'POS orders per station, largest first' },
    ),
    userAnalytics: Type.Array(
      Type.Object(
        {
          applicationId: Type.String(),
          applicationName: Type.String(),
          cashierId: Type.Integer(),
          name: Type.String(),
          orders: Count(),
        },
        { additionalProperties: false },
      ),
      { description: 'POS orders per cashier, largest first' },
    ),
    dayOfWeekAnalytics: Type.Array(
      Type.Object(
        { day: Type.Integer({ minimum: 1, maximum: 7 }), ...channels },
        { additionalProperties: false },
      ),
      { description: '7 entries: ISO weekday in tz, 1 = Monday' },
    ),
    perDay: Type.Array(
      Type.Object({ date: Type.String(), ...channels }, { additionalProperties: false }),
      { description: 'Every day of the period, oldest first' },
    ),
    perMonth: Type.Array(
      Type.Object({ month: Type.String(), ...channels }, { additionalProperties: false }),
      { description: 'Every month the period touches, oldest first' },
    ),
  },
  { $id: 'UsageAnalytics', additionalProperties: false },
);

const managerErrors = { ...authErrors, 403: ErrorAnswer, 404: ErrorAnswer } as const;

export const orderCountsSchema = {
  tags: ['analytics'],
  summary: "Orders of a day, of its month and of all time, over the caller's applications",
  description:
    'Days and months are those of tz. Deleted orders count only with includeDeleted=true. ' +
    "An appId that is not one of the caller's applications answers 404.",
  querystring: OrderCountsQuery,
  response: { 200: Ref(OrderCountsSchema), ...managerErrors },
};

export const usageSchema = {
  tags: ['analytics'],
  summary: "Usage analytics (spec 3) of a period, over the caller's applications",
  description:
    `from and to are days of tz, both included, at most ${MAX_USAGE_DAYS} days apart ` +
    '(default: the last 30 days ending today). Deleted orders count only with includeDeleted=true.',
  querystring: UsageQuery,
  response: { 200: Ref(UsageAnalyticsSchema), ...managerErrors },
};
