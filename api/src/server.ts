import { buildApp, createStoreAccess } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { migrateToLatest } from './db/migrations';
import { buildPosHost } from './pos-host';
import { seedDemo } from './seed/demo';
import { loadOrCreatePosHostTls } from './services/pos-host-tls';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config);
  await migrateToLatest(database.db, database.dialect, config.databaseSchema);
  if (config.seedDemo) await seedDemo(database.db);

  // One store client and secret box for both listeners.
  const access = createStoreAccess(config);
  const app = await buildApp(config, { database, storeAccess: access });
  const posHost = await buildPosHost({
    database,
    access,
    repos: app.repos,
    logLevel: config.logLevel,
    tls: await loadOrCreatePosHostTls(config.posTlsCertPath, config.posTlsKeyPath),
  });
  app.addHook('onClose', () => posHost.close());
  app.addHook('onClose', () => database.close());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await posHost.listen({ port: config.posHostPort, host: config.host });
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `api on http://${config.host}:${config.port}/api/connect-ui (${database.dialect}${config.seedDemo ? ', demo data' : ''}), POS host on https://${config.host}:${config.posHostPort}`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
