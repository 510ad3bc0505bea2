import { buildApp } from './app';
import { loadConfig } from './config';
import { openDatabase } from './db';
import { migrateToLatest } from './db/migrations';
import { seedDemo } from './seed/demo';

async function main(): Promise<void> {
  const config = loadConfig();
  const database = openDatabase(config);
  await migrateToLatest(database.db, database.dialect, config.databaseSchema);
  if (config.seedDemo) await seedDemo(database.db);

  const app = await buildApp(config, { database });
  app.addHook('onClose', () => database.close());
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.close().then(
        () => process.exit(0),
        () => process.exit(1),
      );
    });
  }
  await app.listen({ port: config.port, host: config.host });
  app.log.info(
    `api on http://${config.host}:${config.port}/api/connect-ui (${database.dialect}${config.seedDemo ? ', demo data' : ''})`,
  );
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
