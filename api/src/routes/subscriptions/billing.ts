import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import type { BillingErrorKind } from '../../domain/billing';
import { Billing, BillingError, subscribeWithoutStripe } from '../../domain/billing';
import { HttpError } from '../../errors';
import { currentUser } from '../../plugins/auth';
import type { PaymentsAccess } from '../options';
import { asTooManyRequests, countAttempt } from '../rate-limits';
import {
  activePromoSchema,
  applyPromoSchema,
  attachCardSchema,
  deleteCardSchema,
  paymentMethodsSchema,
  subscribeSchema,
  updateCardSchema,
  webhookSchema,
} from './billing-schema';

const STATUS: Record<BillingErrorKind, number> = {
  invalid: 400,
  card: 400,
  signature: 400,
  'not-found': 404,
  conflict: 409,
  provider: 502,
};

const CODE: Record<BillingErrorKind, string> = {
  invalid: 'ERR_VALIDATION',
  card: 'ERR_CARD',
  signature: 'ERR_SIGNATURE',
  'not-found': 'ERR_NOT_FOUND',
  conflict: 'ERR_CONFLICT',
  provider: 'ERR_PAYMENTS',
};

/** Runs a billing step and turns its refusal into the status the contract gives it. */
async function answer<T>(step: () => Promise<T>): Promise<T> {
  try {
    return await step();
  } catch (error) {
    if (error instanceof BillingError) {
      throw new HttpError(STATUS[error.kind], error.message, CODE[error.kind]);
    }
    throw error;
  }
}

const paymentsOff = () =>
  new HttpError(503, 'Payments are not configured on this server.', 'ERR_PAYMENTS_OFF');

/**
 * The billing routes of issue 11 (subscribe, cards, promo codes, Stripe's webhook): thin over
 * the billing domain. Writes are refused to a banned account (402, the default access); the
 * reads the subscription page of a banned user needs are open to it.
 */
const billingRoutes: FastifyPluginAsyncTypebox<{ payments: PaymentsAccess | null }> = async (
  app,
  { payments },
) => {
  const billing = payments ? new Billing(payments.client, app.repos, payments.webhookSecret) : null;
  const need = (): Billing => {
    if (!billing) throw paymentsOff();
    return billing;
  };

  app.post('/subscription', { schema: subscribeSchema }, async (request) =>
    answer(async () => {
      const user = currentUser(request);
      if (billing) {
        return billing.subscribe(user, request.body.planId, request.body.promoCodeId ?? null);
      }
      // Without Stripe a free plan (a new user's first choice) still works; paid plans are 503.
      const result = await subscribeWithoutStripe(app.repos, user, request.body.planId);
      if (!result) throw paymentsOff();
      return result;
    }),
  );

  app.get(
    '/payment-methods',
    { config: { access: 'user-or-banned' }, schema: paymentMethodsSchema },
    async (request) => ({ cards: await answer(() => need().listCards(currentUser(request))) }),
  );

  app.post('/payment-method', { schema: attachCardSchema }, async (request) => ({
    card: await answer(() => need().attachCard(currentUser(request), request.body.paymentMethodId)),
  }));

  app.put('/payment-method', { schema: updateCardSchema }, async (request) => ({
    card: await answer(() => need().updateCard(currentUser(request), request.body)),
  }));

  app.delete('/payment-methods/:id', { schema: deleteCardSchema }, async (request, reply) => {
    await answer(() => need().deleteCard(currentUser(request), request.params.id));
    return reply.code(204).send(null);
  });

  app.get(
    '/promotion-code/active',
    { config: { access: 'user-or-banned' }, schema: activePromoSchema },
    async (request) => answer(() => need().activePromo(currentUser(request), request.query.planId)),
  );

  // Valid and invalid codes answer differently: every try counts, per account and address.
  app.post('/promotion-code', { schema: applyPromoSchema }, async (request) =>
    answer(async () => {
      const promos = need();
      await countAttempt(app, request, 'promoCode');
      return promos.applyPromo(currentUser(request), request.body.promoCode, request.body.planId);
    }),
  );

  // Stripe signs the exact bytes it sent: this route (and only this one, the plugin is
  // encapsulated) keeps the JSON body raw for stripe.webhooks.constructEvent.
  await app.register(async (hooks) => {
    hooks.removeContentTypeParser('application/json');
    hooks.addContentTypeParser('application/json', { parseAs: 'buffer' }, (_request, body, done) =>
      done(null, body),
    );
    hooks.post(
      '/stripe/webhook',
      { config: { access: 'public' }, schema: webhookSchema },
      async (request) => {
        const body = request.body;
        if (!Buffer.isBuffer(body)) {
          throw new HttpError(400, 'The webhook body must be JSON.', 'ERR_VALIDATION');
        }
        const header = request.headers['stripe-signature'];
        const events = need();
        await answer(async () => {
          try {
            await events.receiveWebhook(body, Array.isArray(header) ? header[0] : header);
          } catch (error) {
            // Only failures count, per address: an event signed right always goes through.
            if (error instanceof BillingError && error.kind === 'signature') {
              const refusal = await app.rateLimits.stripeWebhookFailed(request.ip);
              if (refusal) throw asTooManyRequests(refusal);
            }
            throw error;
          }
        });
        return { received: true };
      },
    );
  });
};

export default billingRoutes;
