import type { FastifyInstance } from 'fastify';
import { createCoupon, createPromotionCode } from './api';
import type { Operation } from './billing';
import { renewDue } from './billing';
import type { PaymentsContext } from './context';
import { StripeApiError } from './errors';
import type { StripeEvent } from './model';
import type { Params } from './params';
import { present } from './render';

type Body = Record<string, unknown> | undefined;

function isObject(body: unknown): body is Record<string, unknown> {
  return body != null && typeof body === 'object' && !Array.isArray(body);
}

/** JSON values as the form parameters the Stripe routes read (strings). */
function asParams(body: Record<string, unknown>): Params {
  return Object.fromEntries(
    Object.entries(body)
      .filter(([, value]) => value !== undefined && value !== null)
      .map(([key, value]) => [key, typeof value === 'object' ? value : String(value)]),
  );
}

/**
 * Test-only endpoints (SANDBOX_CONTROLS=1) of the payments sandbox: move the clock (renewing
 * what falls due, optionally declining the charges), create promotion codes, list webhook
 * deliveries, reset.
 */
export function paymentsControlRoutes(app: FastifyInstance, ctx: PaymentsContext): void {
  app.post<{ Body: Body }>('/_control/advance-clock', async (request, reply) => {
    const body = isObject(request.body) ? request.body : {};
    const { seconds, days, failPayments } = body;
    const valid = (value: unknown) =>
      value === undefined || (typeof value === 'number' && Number.isInteger(value) && value >= 0);
    if (!valid(seconds) || !valid(days) || (seconds === undefined && days === undefined)) {
      return reply.status(400).send({ message: 'seconds or days must be a non-negative integer' });
    }
    if (failPayments !== undefined && typeof failPayments !== 'boolean') {
      return reply.status(400).send({ message: 'failPayments must be a boolean' });
    }
    const step =
      ((seconds as number | undefined) ?? 0) + ((days as number | undefined) ?? 0) * 86400;
    let events: StripeEvent[] = [];
    const invoices = await ctx.state.transaction((draft) => {
      draft.clockOffset += step;
      const op: Operation = {
        data: draft,
        // The state's clock still has the old offset until the transaction ends.
        now: ctx.state.now() + step,
        baseUrl: ctx.baseUrl(),
        events: [],
        request: { id: null, idempotency_key: null },
        failCharges: failPayments === true,
      };
      const made = renewDue(op);
      events = op.events;
      return made.map((invoice) => ({
        id: invoice.id,
        number: invoice.number,
        status: invoice.status,
        customer: invoice.customer,
        subscription: invoice.parent.subscription_details.subscription,
        amount_due: invoice.amount_due,
        hosted_invoice_url: invoice.hosted_invoice_url,
        invoice_pdf: invoice.invoice_pdf,
      }));
    });
    // Tests go on once the api has had each event once (retries may follow).
    await ctx.webhooks.send(events);
    return { now: ctx.state.now(), invoices, events: events.map((event) => event.type) };
  });

  app.post<{ Body: Body }>('/_control/promotion-codes', async (request, reply) => {
    const body = isObject(request.body) ? request.body : undefined;
    if (!body || typeof body.code !== 'string' || body.code.trim() === '') {
      return reply.status(400).send({ message: 'code must be a non-empty string' });
    }
    try {
      const promo = await ctx.state.transaction((draft) => {
        const op: Operation = {
          data: draft,
          now: ctx.state.now(),
          baseUrl: ctx.baseUrl(),
          events: [],
          request: { id: null, idempotency_key: null },
        };
        const params = asParams(body);
        const coupon = createCoupon(op, {
          percent_off: params.percent_off,
          amount_off: params.amount_off,
          currency: params.amount_off === undefined ? undefined : 'usd',
          duration: params.duration,
          duration_in_months: params.duration_in_months,
          name: params.name,
        });
        const created = createPromotionCode(
          op,
          {
            code: (params.code as string).trim(),
            max_redemptions: params.max_redemptions,
            expires_at: params.expires_at,
            customer: params.customer,
            active: params.active,
          },
          coupon.id,
        );
        return present(draft, created, ['promotion.coupon']);
      });
      return reply.status(201).send(promo);
    } catch (error) {
      if (error instanceof StripeApiError) {
        return reply.status(400).send({ message: error.body.message, param: error.body.param });
      }
      throw error;
    }
  });

  app.get('/_control/webhooks', async () => ({ deliveries: ctx.webhooks.list() }));

  app.post('/_control/reset', async () => {
    await ctx.webhooks.idle();
    await ctx.state.reset();
    return { reset: true };
  });

  app.get('/_control/state', async () => ({
    now: ctx.state.now(),
    clockOffset: ctx.state.read.clockOffset,
  }));
}
