import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { PLAN_IDS } from '../db/plans';
import type { Database } from '../db/types';
import { Billing } from '../domain/billing';
import type { Repositories } from '../repositories';
import type { Stripe } from '../services/payments';

/**
 * The demo manager's plan: Basics allows 1000 orders a month, well above the demo store's
 * few hundred, and includes 100, so the rest shows up as metered usage.
 */
export const DEMO_MANAGER_PLAN = PLAN_IDS.basics;

/**
 * Puts the demo manager on {@link DEMO_MANAGER_PLAN} the way the billing page would: a Stripe
 * customer, Stripe's test Visa card (`tok_visa`) as the default card and a real subscription,
 * through the same Billing domain. Only on the first start (no Stripe customer yet): a plan
 * chosen later in the dashboard is left as it is. Never throws: the demo still starts (on
 * Trial) when the payments API cannot be reached, and says so in the log.
 */
export async function subscribeDemoManager(
  db: Kysely<Database>,
  repos: Repositories,
  stripe: Stripe,
  webhookSecret: string,
  log: FastifyBaseLogger,
): Promise<void> {
  try {
    const user = await db
      .selectFrom('users')
      .selectAll()
      .where('sub', '=', 'usr_demo_manager')
      .executeTakeFirst();
    if (!user || (await repos.billing.customerOf(user.id))) return;
    const billing = new Billing(stripe, repos, webhookSecret);
    const card = await stripe.paymentMethods.create({ type: 'card', card: { token: 'tok_visa' } });
    await billing.attachCard(user, card.id);
    const result = await billing.subscribe(user, DEMO_MANAGER_PLAN, null);
    log.info({ plan: result.plan.name, status: result.subStatus }, 'demo manager subscribed');
  } catch (error) {
    log.warn(
      { err: error instanceof Error ? error.message : String(error) },
      'the demo manager stays on Trial: the payments API did not take the subscription',
    );
  }
}
