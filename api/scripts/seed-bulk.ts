// Seeds many generated users into the configured database (SQLITE_PATH or DATABASE_URL), e.g.
//   pnpm --filter @pos/api seed:bulk -- 100000
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { migrateToLatest } from '../src/db/migrations';
import { useActivityChainKey } from '../src/db/activity-chain';
import { loadActivityChainKey } from '../src/services/activity-chain-key';
import { seedBulkUsers } from '../src/seed/bulk';

async function main(): Promise<void> {
  const count = Number(process.argv.slice(2).find((arg) => /^\d+$/.test(arg)) ?? 100_000);
  const config = loadConfig();
  const database = openDatabase(config);
  try {
    // As the server does: 0023 re-keys the feeds of a database made before it.
    useActivityChainKey(loadActivityChainKey(config));
    await migrateToLatest(database.db, database.dialect, config.databaseSchema);
    const started = Date.now();
    await seedBulkUsers(database.db, count);
    console.info(
      JSON.stringify({ users: count, dialect: database.dialect, ms: Date.now() - started }),
    );
  } finally {
    await database.close();
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
