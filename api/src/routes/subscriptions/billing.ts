import type { FastifyPluginAsyncTypebox } from '@fastify/type-provider-typebox';
import { HttpError } from '../../errors';
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

const paymentsOff = () =>
  new HttpError(503, 'Payments are not configured on this server.', 'ERR_PAYMENTS_OFF');

/** The billing routes of issue 11 (subscribe, cards, promo codes, Stripe's webhook). */
const billing: FastifyPluginAsyncTypebox = async (app) => {
  app.post('/subscription', { schema: subscribeSchema }, async () => {
    throw paymentsOff();
  });
  app.get(
    '/payment-methods',
    { config: { access: 'user-or-banned' }, schema: paymentMethodsSchema },
    async () => {
      throw paymentsOff();
    },
  );
  app.post('/payment-method', { schema: attachCardSchema }, async () => {
    throw paymentsOff();
  });
  app.put('/payment-method', { schema: updateCardSchema }, async () => {
    throw paymentsOff();
  });
  app.delete('/payment-methods/:id', { schema: deleteCardSchema }, async () => {
    throw paymentsOff();
  });
  app.get(
    '/promotion-code/active',
    { config: { access: 'user-or-banned' }, schema: activePromoSchema },
    async () => {
      throw paymentsOff();
    },
  );
  app.post('/promotion-code', { schema: applyPromoSchema }, async () => {
    throw paymentsOff();
  });
  app.post('/stripe/webhook', { config: { access: 'public' }, schema: webhookSchema }, async () => {
    throw paymentsOff();
  });
};

export default billing;
