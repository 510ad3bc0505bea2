// The billing wire shapes, from the api's generated types (issue 11's contract): change a shape
// in the api's route schemas, never here.
import type {
  ActivePromo,
  Discount,
  PaymentCard,
  Plan,
  PlanState,
  PromoAnswer as VerifiedPromo,
  SubscribeAnswer,
  SubStatus,
  UpdateCardRequest,
} from '@pos/shared';

export type { Discount, Plan, PlanState, SubscribeAnswer };

/** The plan's orders this period, its included ones and the excess billed beyond them. */
export type PlanUsage = NonNullable<PlanState['usage']>;

/** A saved card (GET /payment-methods): never its number, only what Stripe shows of it. */
export type Card = PaymentCard;

/** Billing details as the edit-card form sends them (PUT /payment-method). */
export type BillingDetailsUpdate = NonNullable<UpdateCardRequest['billingDetails']>;

/** GET /promotion-code/active ('success' | 'none') and POST /promotion-code ('success' | 'error'). */
export type PromoAnswer = ActivePromo | VerifiedPromo;

/** What POST /subscription did: active, trialing and updated are a success (spec 4). */
export type SubscriptionStatus = SubStatus;
