import Stripe from 'stripe';
import type { PaymentsConfig } from '../../config';

export { Stripe };

/**
 * The api's Stripe client: the official `stripe` SDK with the API version it pins, pointed at
 * Stripe itself or (by `host`, `port`, `protocol`) at the payments sandbox. Requests that fail
 * on the network are retried by the SDK with the same Idempotency-Key, so a retried create
 * never makes a second object.
 */
export function createPaymentsClient(config: PaymentsConfig): Stripe {
  return new Stripe(config.secretKey, {
    ...(config.host ? { host: config.host } : {}),
    ...(config.port ? { port: config.port } : {}),
    ...(config.protocol ? { protocol: config.protocol } : {}),
    maxNetworkRetries: 2,
    timeout: 20_000,
    appInfo: { name: 'cloud-pos-dashboard-api' },
  });
}

/** Stripe's webhook tolerance: an event signed longer ago than this is refused. */
export const WEBHOOK_TOLERANCE_SECONDS = 300;

/** The error Stripe answered with (card declined, no such object, …), or null for anything else. */
export function stripeErrorOf(error: unknown): Stripe.errors.StripeError | null {
  return error instanceof Stripe.errors.StripeError ? error : null;
}
