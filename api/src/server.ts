import { buildApp, createStoreAccess, openSigningKeys } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { migrateToLatest } from './db/migrations';
import { ActivitiesRepository } from './repositories/activities';
import { useActivityChainKey } from './db/activity-chain';
import { loadActivityChainKey } from './services/activity-chain-key';
import { startUsageReportJob } from './domain/billing/metered';
import { startReconcileJob } from './domain/orders/sync';
import { buildPosHost } from './pos-host';
import { seedDemo } from './seed/demo';
import { subscribeDemoManager } from './seed/demo-billing';
import { createPaymentsClient } from './services/payments';
import { loadOrCreatePosHostTls } from './services/pos-host-tls';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config);
  // Before the migrations: 0023 re-keys the feeds a database already has.
  useActivityChainKey(loadActivityChainKey(config));
  await migrateToLatest(database.db, database.dialect, config.databaseSchema);
  // An instance with another chain key than the database's feeds stops here.
  await new ActivitiesRepository(database.db).checkChainKey();

  // One store client, secret box and signing key set for the api and both POS-host listeners.
  const access = createStoreAccess(config);
  if (config.seedDemo) {
    await seedDemo(database.db, { demoStore: config.demoStore, secrets: access.secrets });
  }
  const signingKeys = await openSigningKeys(config, database, access);
  const app = await buildApp(config, { database, storeAccess: access, signingKeys });
  if (config.seedDemo && config.payments) {
    // With billing on, the demo manager is on a paid plan with a real subscription.
    await subscribeDemoManager(
      database.db,
      app.repos,
      createPaymentsClient(config.payments),
      config.payments.webhookSecret,
      app.log,
    );
  }
  const posHostOptions = {
    database,
    access,
    repos: app.repos,
    logLevel: config.logLevel,
    verifier: app.verifyProviderToken,
    signingKeys,
    cookieDomain: config.cookieDomain,
    rateLimits: app.rateLimits,
    trustProxy: config.trustProxy,
    metrics: app.metrics,
  };
  const posHost = await buildPosHost({
    ...posHostOptions,
    tls: await loadOrCreatePosHostTls(config.posTlsCertPath, config.posTlsKeyPath),
  });
  // The same POS host over plain http, so that a browser opens local cloud addresses without
  // a certificate warning.
  const cloudPos = await buildPosHost(posHostOptions);
  // The POS host's listeners stop first, finishing the requests they hold (webhook deliveries,
  // callbacks) while the database is still open (it closes in onClose, after the preClose hooks).
  app.addHook('preClose', async () => {
    await Promise.all([posHost.close(), cloudPos.close()]);
  });
  // Fastify runs onClose hooks last-registered first: the jobs below stop before this closes.
  app.addHook('onClose', () => database.close());
  // Orders whose deliveries never came, and webhooks a store disabled or lost; the database
  // says what is due, so several api instances share the work.
  if (config.ordersReconcileIntervalMs > 0) {
    const stop = startReconcileJob(app.repos, access, app.log, config.ordersReconcileIntervalMs);
    app.addHook('onClose', async () => stop());
  }
  // Excess orders of paid plans, reported to Stripe once each; the outbox rows say what is due,
  // so several api instances share the work and a failed report is retried here.
  if (config.payments && config.usageReportIntervalMs > 0) {
    const stop = startUsageReportJob(
      app.repos,
      createPaymentsClient(config.payments),
      app.log,
      config.usageReportIntervalMs,
    );
    // Waits for a report in progress, which must not outlive the database.
    app.addHook('onClose', () => stop());
  }
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await posHost.listen({ port: config.posHostPort, host: config.host });
  await cloudPos.listen({ port: config.cloudPosPort, host: config.host });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `api on http://${config.host}:${config.port}/api/connect-ui (${database.dialect}${config.seedDemo ? ', demo data' : ''}), POS host on https://${config.host}:${config.posHostPort} and http://${config.host}:${config.cloudPosPort}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
