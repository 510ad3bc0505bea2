// The billing routes' schemas (issue 11): subscribing, cards, promo codes and Stripe's webhook.
// The shapes are the wire contract agreed with mf-billing and the shell; the generated wire
// types (shared/src/api/wire.gen.ts) come from here.
import { Type } from '@sinclair/typebox';
import type { Static } from '@sinclair/typebox';
import { authErrors, ErrorAnswer, NoContent, Nullable, Ref, StringEnum } from '../common';
import { PlanSchema } from './schema';

/** A plan id as the catalogue writes them (`plan_pro`). */
const PlanId = (description = 'The plan') =>
  Type.String({ minLength: 1, maxLength: 64, pattern: '^[A-Za-z0-9_-]+$', description });

/** A Stripe PaymentMethod id (`pm_…`), as Stripe.js creates it on the client. */
const PaymentMethodId = (description: string) =>
  Type.String({ minLength: 4, maxLength: 255, pattern: '^pm_[A-Za-z0-9_]+$', description });

/** A required line of a billing address: something other than spaces. */
const AddressLine = (maxLength = 200) => Type.String({ minLength: 1, maxLength, pattern: '\\S' });

export const CardSchema = Type.Object(
  {
    id: Type.String({ description: 'The Stripe PaymentMethod id (pm_…)' }),
    brand: Type.String({ description: 'visa, mastercard, …' }),
    last4: Type.String(),
    funding: Type.String({ description: 'credit, debit, prepaid or unknown' }),
    expMonth: Type.Integer(),
    expYear: Type.Integer(),
    isDefaultPM: Type.Boolean({ description: "The customer's default card" }),
    services: Type.Array(Type.String(), {
      description: 'Names of the plans whose subscriptions are paid with this card',
    }),
    billingDetails: Type.Object(
      {
        name: Nullable(Type.String()),
        address: Type.Object(
          {
            line1: Nullable(Type.String()),
            line2: Nullable(Type.String()),
            city: Nullable(Type.String()),
            state: Nullable(Type.String()),
            country: Nullable(Type.String()),
          },
          { additionalProperties: false },
        ),
      },
      { additionalProperties: false },
    ),
  },
  { $id: 'Card', additionalProperties: false },
);
/** A saved card, read from Stripe (spec 3). */
export type Card = Static<typeof CardSchema>;

export const DiscountSchema = Type.Object(
  {
    type: StringEnum(['fixed', 'percent']),
    value: Type.Number({ description: 'USD off (fixed) or percent off (percent)' }),
    duration: Type.Integer({
      minimum: 0,
      description: 'Billing periods it applies to: 1 = once; 0 = forever',
    }),
    code: Type.String({ description: 'The promo code as the customer types it' }),
    promoCodeId: Type.String({ description: 'The Stripe promotion code id (promo_…)' }),
    planId: Type.String(),
    info: Type.String({ description: "The coupon's name, e.g. '10% off for 3 months'" }),
  },
  { $id: 'Discount', additionalProperties: false },
);
/** A promo code's discount on a plan (spec 3). */
export type Discount = Static<typeof DiscountSchema>;

export const SubscribeBody = Type.Object(
  {
    planId: PlanId('The plan to subscribe to'),
    promoCodeId: Type.Optional(
      Nullable(
        Type.String({
          minLength: 1,
          maxLength: 255,
          pattern: '^promo_[A-Za-z0-9_]+$',
          description: 'A promotion code id from POST /promotion-code',
        }),
      ),
    ),
  },
  { additionalProperties: false },
);
export type SubscribeBody = Static<typeof SubscribeBody>;

/** What POST /subscription did: Stripe's status of a new subscription, or 'updated'. */
export const SubStatus = StringEnum(['active', 'trialing', 'updated', 'canceled', 'incomplete']);
export type SubStatus = Static<typeof SubStatus>;

export const subscribeSchema = {
  tags: ['billing'],
  summary:
    'Subscribes to a plan: a free plan needs no card (a paid manager plan moving to the free ' +
    'one is cancelled at the period end); a paid plan is charged to the default card, prorated ' +
    'on a change. A non-manager subscribing to a manager plan becomes a manager.',
  body: SubscribeBody,
  response: {
    200: Type.Object(
      { subStatus: SubStatus, plan: Ref(PlanSchema) },
      { additionalProperties: false },
    ),
    ...authErrors,
    404: ErrorAnswer,
    502: ErrorAnswer,
    503: ErrorAnswer,
  },
};

export const paymentMethodsSchema = {
  tags: ['billing'],
  summary: "The caller's saved cards, read from Stripe",
  response: {
    200: Type.Object({ cards: Type.Array(Ref(CardSchema)) }, { additionalProperties: false }),
    ...authErrors,
    502: ErrorAnswer,
    503: ErrorAnswer,
  },
};

const CardAnswer = Type.Object({ card: Ref(CardSchema) }, { additionalProperties: false });

export const AttachCardBody = Type.Object(
  { paymentMethodId: PaymentMethodId('The PaymentMethod Stripe.js created') },
  { additionalProperties: false },
);
export type AttachCardBody = Static<typeof AttachCardBody>;

export const attachCardSchema = {
  tags: ['billing'],
  summary: "Saves a card to the caller's Stripe customer; the first card becomes the default",
  body: AttachCardBody,
  response: {
    200: CardAnswer,
    ...authErrors,
    404: ErrorAnswer,
    409: ErrorAnswer,
    502: ErrorAnswer,
    503: ErrorAnswer,
  },
};

export const BillingDetailsBody = Type.Object(
  {
    name: AddressLine(),
    address: Type.Object(
      {
        line1: AddressLine(),
        line2: Type.Optional(Type.String({ maxLength: 200 })),
        city: AddressLine(),
        state: AddressLine(),
        country: Type.String({
          pattern: '^[A-Za-z]{2}$',
          description: 'The two-letter ISO country code (US)',
        }),
      },
      { additionalProperties: false },
    ),
  },
  { additionalProperties: false },
);
export type BillingDetailsBody = Static<typeof BillingDetailsBody>;

export const UpdateCardBody = Type.Object(
  {
    paymentMethodId: PaymentMethodId('The card to change, or the new card replacing another'),
    prevPaymentMethodId: Type.Optional(
      PaymentMethodId('The saved card the new one replaces (default and subscriptions move)'),
    ),
    billingDetails: Type.Optional(BillingDetailsBody),
  },
  { additionalProperties: false },
);
export type UpdateCardBody = Static<typeof UpdateCardBody>;

export const updateCardSchema = {
  tags: ['billing'],
  summary:
    'Changes a card: with prevPaymentMethodId the new card replaces the previous one; with ' +
    'billingDetails its billing details change; with neither it becomes the default',
  body: UpdateCardBody,
  response: {
    200: CardAnswer,
    ...authErrors,
    404: ErrorAnswer,
    409: ErrorAnswer,
    502: ErrorAnswer,
    503: ErrorAnswer,
  },
};

export const deleteCardSchema = {
  tags: ['billing'],
  summary: 'Removes a saved card that no subscription uses',
  params: Type.Object({ id: PaymentMethodId('The card (pm_…)') }, { additionalProperties: false }),
  response: {
    204: NoContent,
    ...authErrors,
    404: ErrorAnswer,
    409: ErrorAnswer,
    502: ErrorAnswer,
    503: ErrorAnswer,
  },
};

export const activePromoSchema = {
  tags: ['billing'],
  summary: "The discount already applied to the caller's subscription of a plan",
  querystring: Type.Object({ planId: PlanId() }, { additionalProperties: false }),
  response: {
    200: Type.Object(
      {
        status: StringEnum(['success', 'none']),
        message: Nullable(Type.String()),
        promo: Nullable(Ref(DiscountSchema)),
      },
      { additionalProperties: false },
    ),
    ...authErrors,
    404: ErrorAnswer,
    502: ErrorAnswer,
    503: ErrorAnswer,
  },
};

export const ApplyPromoBody = Type.Object(
  {
    promoCode: Type.String({
      minLength: 1,
      maxLength: 64,
      description: 'The code as typed; surrounding spaces are trimmed',
    }),
    planId: PlanId('The plan the code is for'),
  },
  { additionalProperties: false },
);
export type ApplyPromoBody = Static<typeof ApplyPromoBody>;

export const applyPromoSchema = {
  tags: ['billing'],
  summary:
    "Checks a promo code for a plan: status 'error' with a message when it cannot be used " +
    '(unknown, expired, not for this plan)',
  description:
    "Every try counts against the caller's account and client address: over the limit, 429 " +
    'ERR_RATE_LIMITED with Retry-After, whether the code is right or not.',
  body: ApplyPromoBody,
  response: {
    200: Type.Object(
      {
        status: StringEnum(['success', 'error']),
        message: Nullable(Type.String()),
        promo: Nullable(Ref(DiscountSchema)),
      },
      { additionalProperties: false },
    ),
    ...authErrors,
    404: ErrorAnswer,
    429: ErrorAnswer,
    502: ErrorAnswer,
    503: ErrorAnswer,
  },
};

export const webhookSchema = {
  tags: ['billing'],
  summary:
    "Stripe's events (no bearer): the raw body's Stripe-Signature is verified with a 300 s " +
    'tolerance; each event id is applied once',
  description:
    'Refusals for the signature are counted per client address; over the limit they are 429 ' +
    'with Retry-After. An event signed right is never refused for the limit.',
  security: [],
  response: {
    200: Type.Object({ received: Type.Boolean() }, { additionalProperties: false }),
    400: ErrorAnswer,
    429: ErrorAnswer,
    503: ErrorAnswer,
  },
};
