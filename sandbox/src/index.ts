import { optionsFromEnv } from './config';
import { startSandbox } from './sandbox';

export type { SandboxOptions } from './config';
export { DEFAULT_DASHBOARD_ORIGINS, DEFAULT_PAYMENTS_KEYS, optionsFromEnv } from './config';
export type { CatalogPlan, CatalogPromotion, TestCard } from './payments/catalog';
export {
  CATALOG_PLANS,
  CATALOG_PROMOTIONS,
  TEST_CARDS,
  planLookupKey,
  planPriceId,
} from './payments/catalog';
export { signatureHeader } from './payments/webhooks';
export type { AccessTokenClaims } from './login/tokens';
export type { PublicUser } from './login/users';
export { DEMO_USERS } from './login/users';
export type { OutboxMessage } from './mail/outbox';
export type { RunningSandbox, SandboxPayments, SandboxStore } from './sandbox';
export type { WpUser } from './store/seed';
export { BOOK_NOOK, COFFEE_ROASTERS, STORE_ADMIN_USERNAME, STORE_PASSWORD } from './store/seed';
export { startSandbox } from './sandbox';

async function main(): Promise<void> {
  const options = optionsFromEnv();
  const sandbox = await startSandbox(options);
  console.info(`login provider  ${sandbox.loginUrl}`);
  console.info(`mail outbox     ${sandbox.mailHttpUrl}`);
  console.info(`smtp            smtp://${options.host ?? '127.0.0.1'}:${sandbox.smtpPort}`);
  console.info(
    `payments        ${sandbox.payments.url}  (Stripe API v1; Stripe.js ${sandbox.payments.url}/v3/)`,
  );
  for (const store of sandbox.stores) {
    console.info(
      `store           ${store.url}  ${store.name} (admin ${store.adminUsername} / ${store.adminPassword})`,
    );
  }
  let stopping = false;
  const stop = (signal: NodeJS.Signals) => {
    if (stopping) return;
    stopping = true;
    console.info(`sandbox stopping (${signal})`);
    sandbox.close().then(
      () => process.exit(0),
      () => process.exit(1),
    );
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

if (require.main === module) {
  main().catch((error: Error) => {
    console.error(`sandbox failed to start: ${error.message}`);
    process.exit(1);
  });
}
