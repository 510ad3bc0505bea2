import type { Stripe } from '../../services/payments';
import { WEBHOOK_TOLERANCE_SECONDS } from '../../services/payments';
import type { BillingTransaction } from '../../repositories/billing';
import { freePlanIdFor } from '../../repositories/plans';
import type { StripeAccount } from './account';
import { BillingError, fromStripe } from './errors';
import { ENDED, idOf, planIdOf, stateOf } from './subscription-state';

/**
 * The `t` of a Stripe-Signature header (unix seconds), read as the stripe SDK reads it (the
 * last `t=` item, base-10), which does not expose its parser; null without one.
 */
function signedAtOf(header: string): number | null {
  let signedAt: number | null = null;
  for (const item of header.split(',')) {
    const [key, value] = item.split('=');
    if (key === 't' && value !== undefined) signedAt = parseInt(value, 10);
  }
  return signedAt !== null && Number.isFinite(signedAt) ? signedAt : null;
}

/** What Stripe's signed events tell: subscriptions that change or end, invoices paid or overdue. */
export class StripeWebhooks {
  constructor(
    private readonly account: StripeAccount,
    private readonly webhookSecret: string,
  ) {}

  /**
   * POST /stripe/webhook: verifies the signature over the raw body (300 s tolerance, into the
   * past and into the future alike) and applies the event once, in the transaction that
   * records its id. Answers whether it was applied now (false: a duplicate).
   */
  async receiveWebhook(rawBody: Buffer, signature: string | undefined): Promise<boolean> {
    let event: Stripe.Event;
    try {
      event = this.account.stripe.webhooks.constructEvent(
        rawBody,
        signature ?? '',
        this.webhookSecret,
        WEBHOOK_TOLERANCE_SECONDS,
      );
    } catch (error) {
      const reason = error instanceof Error ? error.message : String(error);
      throw new BillingError('signature', `Webhook signature verification failed: ${reason}`);
    }
    // The SDK bounds only the signature's age: a timestamp ahead of the clock would make a
    // captured delivery replayable until long after it was sent, so the future is bounded too.
    const signedAt = signedAtOf(signature ?? '');
    if (signedAt === null || signedAt - Date.now() / 1000 > WEBHOOK_TOLERANCE_SECONDS) {
      throw new BillingError(
        'signature',
        'Webhook signature verification failed: Timestamp outside the tolerance zone',
      );
    }
    // Events may arrive late or out of order (retries): a subscription event is applied as
    // Stripe has the subscription now, read before the transaction so no lock waits on Stripe.
    const fresh =
      event.type.startsWith('customer.subscription.') && 'id' in event.data.object
        ? await this.currentSubscription(event.data.object as Stripe.Subscription)
        : null;
    // Likewise an invoice event: a late invoice.payment_failed after invoice.paid must not
    // bring the paid invoice back, so the invoice is judged as Stripe has it now.
    const invoice =
      event.type.startsWith('invoice.') && 'id' in event.data.object
        ? await this.currentInvoice(event.data.object as Stripe.Invoice)
        : null;
    return this.account.repos.billing.applyEventOnce(event, (tx) =>
      this.apply(tx, event, fresh, invoice),
    );
  }

  /** The invoice as Stripe has it now (one Stripe no longer has is taken as the event sent it). */
  private async currentInvoice(stale: Stripe.Invoice): Promise<Stripe.Invoice> {
    if (!stale.id) return stale;
    try {
      return await this.account.stripe.invoices.retrieve(stale.id);
    } catch (error) {
      const refusal = fromStripe(error);
      if (refusal instanceof BillingError && refusal.kind === 'not-found') return stale;
      throw refusal;
    }
  }

  /** The subscription as Stripe has it now (a vanished one reads as canceled). */
  private async currentSubscription(stale: Stripe.Subscription): Promise<Stripe.Subscription> {
    try {
      return await this.account.stripe.subscriptions.retrieve(stale.id);
    } catch (error) {
      const refusal = fromStripe(error);
      if (refusal instanceof BillingError && refusal.kind === 'not-found') {
        return { ...stale, status: 'canceled' };
      }
      throw refusal;
    }
  }

  private async apply(
    tx: BillingTransaction,
    event: Stripe.Event,
    fresh: Stripe.Subscription | null,
    invoice: Stripe.Invoice | null,
  ): Promise<void> {
    switch (event.type) {
      case 'customer.subscription.created':
      case 'customer.subscription.updated':
      case 'customer.subscription.deleted':
        return this.applySubscription(
          tx,
          fresh ?? event.data.object,
          event.type.endsWith('deleted'),
        );
      case 'invoice.payment_failed':
      case 'invoice.paid':
        // Only an invoice still open is past due, whatever the event says.
        return this.applyInvoice(
          tx,
          invoice ?? event.data.object,
          event.type === 'invoice.paid' || (invoice ?? event.data.object).status !== 'open',
        );
      default:
        // Other events (cards, setup intents) change nothing the api keeps.
        return;
    }
  }

  private async applySubscription(
    tx: BillingTransaction,
    subscription: Stripe.Subscription,
    deleted: boolean,
  ): Promise<void> {
    const owner = await tx.userOfCustomer(idOf(subscription.customer) ?? '');
    if (!owner) return;
    const current = await tx.subscriptionOf(owner.userId);
    // An event about an older subscription than the one the user has now changes nothing.
    if (current?.stripeSubscriptionId && current.stripeSubscriptionId !== subscription.id) return;
    if (!current?.stripeSubscriptionId && deleted) return;
    if (deleted || ENDED.has(subscription.status)) {
      // The paid period is over: the user is back on their role's free plan (spec 4: Trial).
      await tx.writeSubscription(owner.userId, {
        planId: freePlanIdFor(owner.role),
        stripeSubscriptionId: null,
        stripeStatus: null,
        currentPeriodEnd: null,
        cancelDate: null,
      });
      return;
    }
    const planId = planIdOf(subscription, current?.planId ?? '');
    if (!(await tx.planExists(planId))) return;
    await tx.writeSubscription(owner.userId, stateOf(subscription, planId));
  }

  private async applyInvoice(
    tx: BillingTransaction,
    invoice: Stripe.Invoice,
    paid: boolean,
  ): Promise<void> {
    const owner = await tx.userOfCustomer(idOf(invoice.customer) ?? '');
    if (!owner || !invoice.id) return;
    const id = invoice.id;
    await tx.changeInvoices(owner.userId, (invoices) => {
      const others = invoices.filter((entry) => entry.id !== id);
      if (paid) return others;
      return [
        ...others,
        {
          id,
          number: invoice.number ?? id,
          invoice_pdf: invoice.invoice_pdf ?? '',
          hosted_invoice_url: invoice.hosted_invoice_url ?? '',
        },
      ];
    });
  }
}
