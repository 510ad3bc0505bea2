import type { PaymentsState } from './state';
import type { WebhookSender } from './webhooks';

/** Everything the payments sandbox's routes share. */
export interface PaymentsContext {
  state: PaymentsState;
  webhooks: WebhookSender;
  /** The sandbox's public base URL (`http://host:port`), known once it listens. */
  baseUrl: () => string;
  /** The secret key the api sends as `Authorization: Bearer sk_test_...`. */
  secretKey: string;
  /** The publishable key Stripe.js sends from the browser. */
  publishableKey: string;
  controls: boolean;
}
