import type { Kysely, Transaction } from 'kysely';
import { sql } from 'kysely';
import type { DialectName } from '../db';
import { nowIso } from '../db/ids';
import type { Database, SubscriptionRow } from '../db/types';
import { completeTask } from './user-tasks';

/** An invoice left unpaid, as stored from invoice.payment_failed (with its id, to clear it). */
export interface StoredInvoice {
  id: string;
  number: string;
  invoice_pdf: string;
  hosted_invoice_url: string;
}

/** The Stripe side of a user's plan. */
export interface StripeSubscriptionState {
  planId: string;
  stripeSubscriptionId: string | null;
  stripeStatus: string | null;
  currentPeriodEnd: string | null;
  cancelDate: string | null;
}

/** A user's subscription row, as billing needs it. */
export interface BillingSubscription extends StripeSubscriptionState {
  userId: string;
  updatedAt: string;
  /** When the user took this plan (a change of plan moves it, a renewal does not). */
  planStartedAt: string | null;
}

/** A subscriptions row as billing reads it. */
function toBillingSubscription(row: SubscriptionRow): BillingSubscription {
  return {
    userId: row.user_id,
    planId: row.plan_id,
    stripeSubscriptionId: row.stripe_subscription_id,
    stripeStatus: row.stripe_status,
    currentPeriodEnd: row.current_period_end,
    cancelDate: row.cancel_date,
    updatedAt: row.updated_at,
    planStartedAt: row.plan_started_at,
  };
}

function parseStored(json: string): StoredInvoice[] {
  try {
    const value: unknown = JSON.parse(json);
    return Array.isArray(value) ? (value as StoredInvoice[]) : [];
  } catch {
    // A damaged value reads as no overdue invoice rather than failing a webhook forever.
    return [];
  }
}

/** Stripe customers, the Stripe fields of subscriptions, overdue invoices and applied events. */
export class BillingRepository {
  constructor(
    private readonly db: Kysely<Database>,
    private readonly dialect: DialectName,
  ) {}

  /** The user's Stripe customer, or undefined before their first card or paid plan. */
  async customerOf(
    userId: string,
  ): Promise<{ customerId: string; defaultPaymentMethod: string | null } | undefined> {
    const row = await this.db
      .selectFrom('billing_customers')
      .select(['stripe_customer_id', 'default_payment_method'])
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row
      ? { customerId: row.stripe_customer_id, defaultPaymentMethod: row.default_payment_method }
      : undefined;
  }

  /**
   * Records the user's customer unless one is already recorded; answers the recorded one (two
   * racing first calls made the same customer through one idempotency key).
   */
  async saveCustomer(userId: string, customerId: string): Promise<string> {
    await this.db
      .insertInto('billing_customers')
      .values({
        user_id: userId,
        stripe_customer_id: customerId,
        default_payment_method: null,
        created_at: nowIso(),
      })
      .onConflict((oc) => oc.column('user_id').doNothing())
      .execute();
    const row = await this.customerOf(userId);
    if (!row) throw new Error(`the customer of ${userId} was not recorded`);
    return row.customerId;
  }

  /** Remembers the customer's default card (null: none), as Stripe now has it. */
  async setDefaultPaymentMethod(userId: string, paymentMethodId: string | null): Promise<void> {
    await this.db
      .updateTable('billing_customers')
      .set({ default_payment_method: paymentMethodId })
      .where('user_id', '=', userId)
      .execute();
  }

  /** Whether the user has a default card on file (from the database only). */
  async hasPaymentMethod(userId: string): Promise<boolean> {
    const row = await this.db
      .selectFrom('billing_customers')
      .select('default_payment_method')
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return Boolean(row?.default_payment_method);
  }

  /** The user's subscription row, or undefined when they have no plan. */
  async subscriptionOf(userId: string): Promise<BillingSubscription | undefined> {
    const row = await this.db
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .executeTakeFirst();
    return row ? toBillingSubscription(row) : undefined;
  }

  /**
   * Writes the user's plan and its Stripe side in one transaction, and makes the user a
   * manager when `promoteToManager` (a non-manager who chose a manager plan, spec 5), first,
   * so that the plan proves the new manager's Assistant task.
   */
  async storeSubscription(
    userId: string,
    state: StripeSubscriptionState,
    promoteToManager: boolean,
  ): Promise<void> {
    await this.db.transaction().execute(async (trx) => {
      if (promoteToManager) {
        await trx
          .updateTable('users')
          .set({ user_role: 'manager' })
          .where('id', '=', userId)
          .execute();
      }
      await this.writeSubscription(trx, userId, state);
    });
  }

  private async writeSubscription(
    trx: Transaction<Database>,
    userId: string,
    state: StripeSubscriptionState,
  ): Promise<void> {
    const now = nowIso();
    const values = {
      plan_id: state.planId,
      stripe_subscription_id: state.stripeSubscriptionId,
      stripe_status: state.stripeStatus,
      current_period_end: state.currentPeriodEnd,
      cancel_date: state.cancelDate,
      updated_at: now,
    };
    await trx
      .insertInto('subscriptions')
      .values({
        user_id: userId,
        past_due_invoices: '[]',
        created_at: now,
        plan_started_at: now,
        ...values,
      })
      .onConflict((oc) =>
        oc.column('user_id').doUpdateSet({
          ...values,
          // The excess of a month counts from the current plan's start (a downgrade mid-month
          // does not bill the orders made on the bigger plan); a status change keeps it.
          plan_started_at: sql<string>`case when subscriptions.plan_id = ${state.planId} then subscriptions.plan_started_at else ${now} end`,
        }),
      )
      .execute();
    // A stored plan proves the Assistant's 'choose-plan' task (once; managers only).
    await completeTask(trx, userId, { task: 'choose-plan', by: 'event', eventKind: 'planStored' });
  }

  /**
   * Applies one webhook event at most once: in one transaction, records its id and, when it
   * is new, runs `apply`. Answers false for an event already applied.
   */
  async applyEventOnce(
    event: { id: string; type: string },
    apply: (tx: BillingTransaction) => Promise<void>,
  ): Promise<boolean> {
    return this.db.transaction().execute(async (trx) => {
      const inserted = await trx
        .insertInto('stripe_events')
        .values({ id: event.id, type: event.type, received_at: nowIso() })
        .onConflict((oc) => oc.column('id').doNothing())
        .returning('id')
        .executeTakeFirst();
      if (!inserted) return false;
      await apply(
        new BillingTransaction(trx, this.dialect, (userId, state) =>
          this.writeSubscription(trx, userId, state),
        ),
      );
      return true;
    });
  }
}

/** The writes a webhook event makes, inside the transaction that records the event. */
export class BillingTransaction {
  constructor(
    private readonly trx: Transaction<Database>,
    private readonly dialect: DialectName,
    readonly writeSubscription: (userId: string, state: StripeSubscriptionState) => Promise<void>,
  ) {}

  /** The user whose Stripe customer this is. */
  async userOfCustomer(
    customerId: string,
  ): Promise<{ userId: string; role: 'manager' | 'other' } | undefined> {
    const row = await this.trx
      .selectFrom('billing_customers as c')
      .innerJoin('users as u', 'u.id', 'c.user_id')
      .select(['u.id', 'u.user_role'])
      .where('c.stripe_customer_id', '=', customerId)
      .executeTakeFirst();
    return row ? { userId: row.id, role: row.user_role } : undefined;
  }

  /** Whether the catalogue has this plan. */
  async planExists(planId: string): Promise<boolean> {
    const row = await this.trx
      .selectFrom('plans')
      .select('id')
      .where('id', '=', planId)
      .executeTakeFirst();
    return Boolean(row);
  }

  /** The user's subscription row, locked on PostgreSQL for the rest of the transaction. */
  async subscriptionOf(userId: string): Promise<BillingSubscription | undefined> {
    const row = await this.trx
      .selectFrom('subscriptions')
      .selectAll()
      .where('user_id', '=', userId)
      .$if(this.dialect === 'postgres', (qb) => qb.forUpdate())
      .executeTakeFirst();
    return row ? toBillingSubscription(row) : undefined;
  }

  /** Changes the user's overdue invoices (the row is read and written under its lock). */
  async changeInvoices(
    userId: string,
    change: (invoices: StoredInvoice[]) => StoredInvoice[],
  ): Promise<void> {
    const row = await this.trx
      .selectFrom('subscriptions')
      .select('past_due_invoices')
      .where('user_id', '=', userId)
      .$if(this.dialect === 'postgres', (qb) => qb.forUpdate())
      .executeTakeFirst();
    if (!row) return;
    await this.trx
      .updateTable('subscriptions')
      .set({
        past_due_invoices: JSON.stringify(change(parseStored(row.past_due_invoices))),
        updated_at: nowIso(),
      })
      .where('user_id', '=', userId)
      .execute();
  }
}
