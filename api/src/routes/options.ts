// What `buildApp` hands the route plugins: the services and domain access each route needs.
import type { SupportMail } from '../domain/assistant/support';
import type { StoreAccess } from '../domain/store-access';
import type { CanaryPolicy } from '../domain/releases/reports';
import type { LiveShell } from '../services/live-shell';
import type { LoginProviderClient } from '../services/login-provider';
import type { Stripe } from '../services/payments';
import type { SigningKeys } from '../services/signing-key';

/** What the route plugins receive from `buildApp`. */
export interface RouteOptions {
  loginProvider: LoginProviderClient;
  /** The api's signing keys (shared by every instance through the database). */
  signingKeys: SigningKeys;
  /** `iss` of the tokens the api signs itself. */
  issuer: string;
  /** Store client, secret box and URLs of the application routes. */
  stores: StoreAccess;
  /** The Stripe client and the webhook secret of the billing routes; null: billing is off. */
  payments: PaymentsAccess | null;
  /** The mailer and the support address of the Assistant's support requests. */
  mail: SupportMail;
  /** The live shell a release must fit, and when a canary is withdrawn on its own. */
  releases: { liveShell: LiveShell; canaryPolicy: CanaryPolicy };
}

/** What the billing routes need of Stripe. */
export interface PaymentsAccess {
  client: Stripe;
  webhookSecret: string;
}
