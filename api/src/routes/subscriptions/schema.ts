import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { authErrors, Nullable, Ref, StringEnum } from '../common';

export const PlanSchema = Type.Object(
  {
    id: Type.String(),
    name: Type.String(),
    accessType: StringEnum(['public', 'private']),
    roleType: StringEnum(['manager', 'cashier']),
    isFree: Type.Boolean(),
    isManagerPlan: Type.Boolean(),
    perMonth: Type.Number({ description: 'USD per month' }),
    upTo: Nullable(Type.Integer({ description: 'Orders per month; null is unlimited' })),
    included: Type.Integer({ description: 'Orders included' }),
    perExcess: Type.Number({ description: 'USD per order over the included ones' }),
    cancelDate: Nullable(Type.String({ description: 'When a pending cancellation takes effect' })),
    pastDueInvoices: Type.Array(
      Type.Object(
        { number: Type.String(), invoice_pdf: Type.String(), hosted_invoice_url: Type.String() },
        { additionalProperties: false },
      ),
    ),
  },
  { $id: 'Plan', additionalProperties: false },
);
/** A plan as the api returns it (spec 3). */
export type Plan = Static<typeof PlanSchema>;
/** An invoice that is past due. */
export type PastDueInvoice = Plan['pastDueInvoices'][number];

export const MonitorQuery = Type.Object(
  {
    freeSubAutoCreate: Type.Optional(
      Type.Boolean({
        description: "When the caller has no plan, subscribe them to their role's free plan first",
      }),
    ),
  },
  { additionalProperties: false },
);

export const PlanUsageSchema = Type.Object(
  {
    orders: Type.Integer({ description: 'Live orders of the period over all applications' }),
    limit: Nullable(Type.Integer({ description: "The plan's upTo; null is unlimited" })),
    period: StringEnum(['total', 'month'], {
      description: 'A free plan counts all orders, a paid plan this calendar month (UTC)',
    }),
    reached: Type.Boolean({ description: 'The limit is reached: the stations are paused' }),
    included: Type.Integer({ description: "The plan's orders included each month" }),
    excess: Type.Integer({
      description:
        'Orders of the month beyond the included ones since the plan started (0 on a free plan)',
    }),
    excessAmount: Type.Number({
      description: 'USD the excess orders cost so far (excess × perExcess)',
    }),
  },
  { additionalProperties: false },
);
/** The caller's orders against their plan's limit (spec 4, 9). */
export type PlanUsageWire = Static<typeof PlanUsageSchema>;

/** The caller's plan, card and usage: GET /subscription-monitor's answer. */
export const PlanStateSchema = Type.Object(
  {
    plan: Nullable(Ref(PlanSchema)),
    isHavePaymentMethod: Type.Boolean(),
    usage: Nullable(PlanUsageSchema),
  },
  { additionalProperties: false },
);

export const monitorSchema = {
  tags: ['subscriptions'],
  summary: "The caller's current plan",
  querystring: MonitorQuery,
  response: { 200: PlanStateSchema, ...authErrors },
};

export const plansSchema = {
  tags: ['subscriptions'],
  summary: 'Plans the caller may choose: public ones and private ones offered to them',
  response: {
    200: Type.Object({ plans: Type.Array(Ref(PlanSchema)) }, { additionalProperties: false }),
    ...authErrors,
  },
};
