import Stripe from 'stripe';
import { PLAN_IDS } from '../../../src/db/plans';
import type { BillingContext } from '../../helpers/payments';
import {
  createBillingContext,
  newCard,
  signUpOnFreePlan,
  stripeCustomerOf,
} from '../../helpers/payments';

let ctx: BillingContext;
beforeAll(async () => {
  ctx = await createBillingContext();
});
afterAll(() => ctx.close());

const signUp = (sub: string, role: 'manager' | 'other' = 'manager') =>
  signUpOnFreePlan(ctx, sub, role);

async function addCard(sub: string, token = 'tok_visa') {
  return ctx.call(sub, 'POST', '/payment-method', {
    paymentMethodId: await newCard(ctx.stripe, token),
  });
}

const customerOf = (userId: string) => stripeCustomerOf(ctx, userId);

const monitor = async (sub: string) => (await ctx.call(sub, 'GET', '/subscription-monitor')).json();

describe('cards', () => {
  it('saves the first card as the default and says a card is on file', async () => {
    await signUp('usr_card_first');
    expect((await monitor('usr_card_first')).isHavePaymentMethod).toBe(false);
    const added = await addCard('usr_card_first');
    expect(added.statusCode).toBe(200);
    expect(added.json().card).toMatchObject({
      brand: 'visa',
      last4: '4242',
      funding: 'credit',
      isDefaultPM: true,
      services: [],
    });
    expect(added.json().card.id).toMatch(/^pm_/);
    expect((await monitor('usr_card_first')).isHavePaymentMethod).toBe(true);
    const listed = await ctx.call('usr_card_first', 'GET', '/payment-methods');
    expect(listed.json().cards).toHaveLength(1);
  });

  it("answers a declined card in Stripe's words and keeps nothing", async () => {
    const id = await signUp('usr_card_declined');
    const added = await addCard('usr_card_declined', 'tok_chargeDeclined');
    expect(added.statusCode).toBe(400);
    expect(added.json().message).toBe('Your card was declined.');
    const cards = await ctx.call('usr_card_declined', 'GET', '/payment-methods');
    expect(cards.json().cards).toEqual([]);
    expect((await monitor('usr_card_declined')).isHavePaymentMethod).toBe(false);
    const customer = await customerOf(id);
    const onStripe = await ctx.stripe.customers.listPaymentMethods(customer, { type: 'card' });
    expect(onStripe.data).toHaveLength(0);
  });

  it('refuses a third card with 409 and hides nothing of the first two', async () => {
    await signUp('usr_card_three');
    expect((await addCard('usr_card_three')).statusCode).toBe(200);
    const second = await addCard('usr_card_three', 'tok_mastercard');
    expect(second.statusCode).toBe(200);
    expect(second.json().card.isDefaultPM).toBe(false);
    const third = await addCard('usr_card_three');
    expect(third.statusCode).toBe(409);
    expect(third.json().message).toBe('You can save at most 2 cards.');
    expect((await ctx.call('usr_card_three', 'GET', '/payment-methods')).json().cards).toHaveLength(
      2,
    );
  });

  it("answers 404 for another user's card on every card route", async () => {
    await signUp('usr_card_owner');
    await signUp('usr_card_thief');
    const owned = (await addCard('usr_card_owner')).json().card.id as string;
    await addCard('usr_card_thief');
    expect(
      (await ctx.call('usr_card_thief', 'DELETE', `/payment-methods/${owned}`)).statusCode,
    ).toBe(404);
    expect(
      (await ctx.call('usr_card_thief', 'PUT', '/payment-method', { paymentMethodId: owned }))
        .statusCode,
    ).toBe(404);
    const replaced = await ctx.call('usr_card_thief', 'PUT', '/payment-method', {
      paymentMethodId: await newCard(ctx.stripe),
      prevPaymentMethodId: owned,
    });
    expect(replaced.statusCode).toBe(404);
    const stolen = await ctx.call('usr_card_thief', 'POST', '/payment-method', {
      paymentMethodId: owned,
    });
    expect(stolen.statusCode).toBe(404);
    // The owner still has it, as their default.
    expect((await ctx.call('usr_card_owner', 'GET', '/payment-methods')).json().cards).toEqual([
      expect.objectContaining({ id: owned, isDefaultPM: true }),
    ]);
  });

  it('changes billing details, makes a card the default, and replaces a card', async () => {
    await signUp('usr_card_edit');
    const first = (await addCard('usr_card_edit')).json().card.id as string;
    const second = (await addCard('usr_card_edit', 'tok_mastercard')).json().card.id as string;
    const details = await ctx.call('usr_card_edit', 'PUT', '/payment-method', {
      paymentMethodId: second,
      billingDetails: {
        name: 'Maya Manager',
        address: { line1: '1 Main St', city: 'Springfield', state: 'IL', country: 'US' },
      },
    });
    expect(details.statusCode).toBe(200);
    expect(details.json().card.billingDetails).toEqual({
      name: 'Maya Manager',
      address: { line1: '1 Main St', line2: null, city: 'Springfield', state: 'IL', country: 'US' },
    });
    const made = await ctx.call('usr_card_edit', 'PUT', '/payment-method', {
      paymentMethodId: second,
    });
    expect(made.json().card.isDefaultPM).toBe(true);

    const replacement = await newCard(ctx.stripe);
    const replaced = await ctx.call('usr_card_edit', 'PUT', '/payment-method', {
      paymentMethodId: replacement,
      prevPaymentMethodId: second,
    });
    expect(replaced.statusCode).toBe(200);
    expect(replaced.json().card).toMatchObject({ id: replacement, isDefaultPM: true });
    const ids = (await ctx.call('usr_card_edit', 'GET', '/payment-methods'))
      .json()
      .cards.map((c: { id: string }) => c.id)
      .sort();
    expect(ids).toEqual([first, replacement].sort());
  });

  it('deletes an unused card, and refuses one a subscription uses', async () => {
    await signUp('usr_card_delete');
    const used = (await addCard('usr_card_delete')).json().card.id as string;
    const spare = (await addCard('usr_card_delete', 'tok_mastercard')).json().card.id as string;
    expect(
      (await ctx.call('usr_card_delete', 'POST', '/subscription', { planId: PLAN_IDS.basics }))
        .statusCode,
    ).toBe(200);
    const cards = (await ctx.call('usr_card_delete', 'GET', '/payment-methods')).json().cards;
    expect(cards.find((c: { id: string }) => c.id === used).services).toEqual(['Basics']);
    const refused = await ctx.call('usr_card_delete', 'DELETE', `/payment-methods/${used}`);
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toBe(
      'This card is used by a subscription and cannot be deleted.',
    );
    const deleted = await ctx.call('usr_card_delete', 'DELETE', `/payment-methods/${spare}`);
    expect(deleted.statusCode).toBe(204);
    expect(
      (await ctx.call('usr_card_delete', 'GET', '/payment-methods')).json().cards,
    ).toHaveLength(1);
  });

  it('keeps no deleted card as the default when making the other card the default fails', async () => {
    const id = await signUp('usr_card_del_default');
    const first = (await addCard('usr_card_del_default')).json().card.id as string;
    await addCard('usr_card_del_default', 'tok_mastercard');
    // Every client of the SDK shares its resources' prototypes: the api's update fails once.
    const update = jest
      .spyOn(Object.getPrototypeOf(ctx.stripe.customers) as typeof ctx.stripe.customers, 'update')
      .mockRejectedValueOnce(
        new Stripe.errors.StripeAPIError({ message: 'boom', type: 'api_error' }),
      );
    try {
      const failed = await ctx.call('usr_card_del_default', 'DELETE', `/payment-methods/${first}`);
      expect(failed.statusCode).toBe(502);
    } finally {
      update.mockRestore();
    }
    const row = await ctx.database.db
      .selectFrom('billing_customers')
      .select('default_payment_method')
      .where('user_id', '=', id)
      .executeTakeFirstOrThrow();
    expect(row.default_payment_method).toBeNull();
  });

  it('says so when the replaced card cannot be removed', async () => {
    await signUp('usr_card_keep_old');
    const old = (await addCard('usr_card_keep_old')).json().card.id as string;
    const replacement = await newCard(ctx.stripe, 'tok_mastercard');
    const detach = jest
      .spyOn(
        Object.getPrototypeOf(ctx.stripe.paymentMethods) as typeof ctx.stripe.paymentMethods,
        'detach',
      )
      .mockRejectedValueOnce(
        new Stripe.errors.StripeAPIError({ message: 'boom', type: 'api_error' }),
      );
    let replaced;
    try {
      replaced = await ctx.call('usr_card_keep_old', 'PUT', '/payment-method', {
        paymentMethodId: replacement,
        prevPaymentMethodId: old,
      });
    } finally {
      detach.mockRestore();
    }
    expect(replaced.statusCode).toBe(409);
    expect(replaced.json().message).toBe(
      'The new card replaced the old one, but the old card could not be removed. Delete it from your cards.',
    );
  });

  it('validates every card route', async () => {
    await signUp('usr_card_bad');
    const cases: Array<[string, string, object | undefined]> = [
      ['POST', '/payment-method', {}],
      ['POST', '/payment-method', { paymentMethodId: 'card_123' }],
      ['POST', '/payment-method', { paymentMethodId: 'pm_1', extra: true }],
      ['PUT', '/payment-method', { paymentMethodId: 'pm_1', billingDetails: { name: '' } }],
      [
        'PUT',
        '/payment-method',
        {
          paymentMethodId: 'pm_1',
          billingDetails: {
            name: 'A',
            address: { line1: ' ', city: 'C', state: 'S', country: 'US' },
          },
        },
      ],
      ...['United States', 'U', 'USA', '1A', ' US'].map((country): [string, string, object] => [
        'PUT',
        '/payment-method',
        {
          paymentMethodId: 'pm_1',
          billingDetails: { name: 'A', address: { line1: 'L', city: 'C', state: 'S', country } },
        },
      ]),
      ['DELETE', '/payment-methods/not-a-card', undefined],
    ];
    for (const [method, url, payload] of cases) {
      const response = await ctx.call('usr_card_bad', method as 'POST', url, payload);
      expect([method, url, payload, response.statusCode]).toEqual([method, url, payload, 400]);
      expect(response.json().message).toEqual(expect.any(String));
    }
  });
});
