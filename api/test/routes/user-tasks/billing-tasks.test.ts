import { PLAN_IDS } from '../../../src/db/plans';
import type { BillingContext } from '../../helpers/payments';
import { createBillingContext, newCard, signUpOnFreePlan } from '../../helpers/payments';

// The account tasks proven by billing (issue 14): a plan stored, a card saved, through the
// real payments sandbox.

let ctx: BillingContext;
beforeAll(async () => {
  ctx = await createBillingContext();
}, 30_000);
afterAll(() => ctx.close());

const completionOf = async (userId: string, task: string) =>
  ctx.database.db
    .selectFrom('user_tasks')
    .selectAll()
    .where('user_id', '=', userId)
    .where('assistant_task_id', '=', task)
    .executeTakeFirst();

describe('the tasks billing proves', () => {
  it('add-card: a card saved with POST /payment-method, once', async () => {
    const userId = await signUpOnFreePlan(ctx, 'usr_tasks_card', 'manager');
    expect(await completionOf(userId, 'choose-plan')).toMatchObject({
      completed_by: 'event',
      event_kind: 'planStored',
    });
    expect(await completionOf(userId, 'add-card')).toBeUndefined();
    const declined = await ctx.call('usr_tasks_card', 'POST', '/payment-method', {
      paymentMethodId: await newCard(ctx.stripe, 'tok_chargeDeclined'),
    });
    expect(declined.statusCode).toBe(400);
    expect(await completionOf(userId, 'add-card')).toBeUndefined();
    const added = await ctx.call('usr_tasks_card', 'POST', '/payment-method', {
      paymentMethodId: await newCard(ctx.stripe),
    });
    expect(added.statusCode).toBe(200);
    const row = await completionOf(userId, 'add-card');
    expect(row).toMatchObject({ completed_by: 'event', event_kind: 'cardAttached' });
    await ctx.call('usr_tasks_card', 'POST', '/payment-method', {
      paymentMethodId: await newCard(ctx.stripe),
    });
    expect(await completionOf(userId, 'add-card')).toEqual(row);
  });

  it('choose-plan: a paid plan bought by a non-manager, who becomes a manager by it', async () => {
    const userId = await signUpOnFreePlan(ctx, 'usr_tasks_promoted', 'other');
    // A cashier has no assistant: the free cashier plan proves nothing.
    expect(await completionOf(userId, 'choose-plan')).toBeUndefined();
    await ctx.call('usr_tasks_promoted', 'POST', '/payment-method', {
      paymentMethodId: await newCard(ctx.stripe),
    });
    const bought = await ctx.call('usr_tasks_promoted', 'POST', '/subscription', {
      planId: PLAN_IDS.basics,
    });
    expect(bought.statusCode).toBe(200);
    expect(await completionOf(userId, 'choose-plan')).toMatchObject({
      completed_by: 'event',
      event_kind: 'planStored',
    });
  });
});
