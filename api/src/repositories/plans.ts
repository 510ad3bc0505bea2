import type { Kysely } from 'kysely';
import { nowIso } from '../db/ids';
import { PLAN_IDS } from '../db/plans';
import type { Database, PlanRow, SubscriptionRow } from '../db/types';
import type { PastDueInvoice, Plan } from '@pos/shared/wire';
import { completeTask } from './user-tasks';

export type { PastDueInvoice, Plan };

function parseInvoices(json: string | null | undefined): PastDueInvoice[] {
  if (!json) return [];
  try {
    const value: unknown = JSON.parse(json);
    if (!Array.isArray(value)) return [];
    // Stored entries also hold the invoice id (to clear them on invoice.paid): the wire has three.
    return (value as PastDueInvoice[]).map(({ number, invoice_pdf, hosted_invoice_url }) => ({
      number,
      invoice_pdf,
      hosted_invoice_url,
    }));
  } catch {
    return [];
  }
}

/** Maps a plan row (and the user's subscription to it, if any) to the wire shape. */
export function toPlan(
  row: PlanRow,
  subscription?: Pick<SubscriptionRow, 'cancel_date' | 'past_due_invoices'>,
): Plan {
  return {
    id: row.id,
    name: row.name,
    accessType: row.access_type,
    roleType: row.role_type,
    isFree: row.is_free === 1,
    isManagerPlan: row.is_manager_plan === 1,
    perMonth: Number(row.per_month),
    upTo: row.up_to === null ? null : Number(row.up_to),
    included: Number(row.included),
    perExcess: Number(row.per_excess),
    cancelDate: subscription?.cancel_date ?? null,
    pastDueInvoices: parseInvoices(subscription?.past_due_invoices),
  };
}

/** The free plan a user of this role starts on. */
export function freePlanIdFor(role: 'manager' | 'other'): string {
  return role === 'manager' ? PLAN_IDS.trial : PLAN_IDS.cashier;
}

/** Plans and the users' current subscriptions. */
export class PlansRepository {
  constructor(private readonly db: Kysely<Database>) {}

  /** The user's current plan, or null when they have none. */
  async current(userId: string): Promise<Plan | null> {
    const row = await this.db
      .selectFrom('subscriptions as s')
      .innerJoin('plans as p', 'p.id', 's.plan_id')
      .selectAll('p')
      .select(['s.cancel_date', 's.past_due_invoices'])
      .where('s.user_id', '=', userId)
      .executeTakeFirst();
    if (!row) return null;
    const { cancel_date, past_due_invoices, ...plan } = row;
    return toPlan(plan, { cancel_date, past_due_invoices });
  }

  /**
   * The plan that binds the user now: their subscription's, or, when they have no subscription
   * row yet (subscription-monitor assigns the free plan lazily), the free plan of their role, so
   * an owner who never opened the billing pages is still held to the trial's limit. Null for an
   * unknown user.
   */
  async effective(userId: string): Promise<Plan | null> {
    const current = await this.current(userId);
    if (current) return current;
    const user = await this.db
      .selectFrom('users')
      .select('user_role')
      .where('id', '=', userId)
      .executeTakeFirst();
    if (!user) return null;
    const row = await this.db
      .selectFrom('plans')
      .selectAll()
      .where('id', '=', freePlanIdFor(user.user_role))
      .executeTakeFirst();
    return row ? toPlan(row) : null;
  }

  /** Public plans plus the private plans granted to this user, in catalogue order. */
  async visibleTo(userId: string): Promise<Plan[]> {
    const rows = await this.db
      .selectFrom('plans')
      .selectAll()
      .where((eb) =>
        eb.or([
          eb('access_type', '=', 'public'),
          eb(
            'id',
            'in',
            eb
              .selectFrom('plan_grants')
              .select('plan_grants.plan_id')
              .where('plan_grants.user_id', '=', userId),
          ),
        ]),
      )
      .orderBy('sort_order')
      .execute();
    return rows.map((row) => toPlan(row));
  }

  /** Every plan of the catalogue, private ones included, in catalogue order. */
  async all(): Promise<Plan[]> {
    const rows = await this.db.selectFrom('plans').selectAll().orderBy('sort_order').execute();
    return rows.map((row) => toPlan(row));
  }

  /** Subscribes the user to `planId` unless they already have a plan; returns the current plan. */
  async subscribeIfNone(userId: string, planId: string): Promise<Plan | null> {
    await this.db.transaction().execute(async (trx) => {
      const now = nowIso();
      await trx
        .insertInto('subscriptions')
        .values({
          user_id: userId,
          plan_id: planId,
          cancel_date: null,
          past_due_invoices: '[]',
          created_at: now,
          updated_at: now,
          plan_started_at: now,
        })
        .onConflict((oc) => oc.column('user_id').doNothing())
        .execute();
      // The plan proves the Assistant's 'choose-plan' task (once; managers only).
      await completeTask(trx, userId, {
        task: 'choose-plan',
        by: 'event',
        eventKind: 'planStored',
      });
    });
    return this.current(userId);
  }

  /** Offers a private plan to a user. */
  async grant(userId: string, planId: string): Promise<void> {
    await this.db
      .insertInto('plan_grants')
      .values({ user_id: userId, plan_id: planId })
      .onConflict((oc) => oc.columns(['plan_id', 'user_id']).doNothing())
      .execute();
  }
}
