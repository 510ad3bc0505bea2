// Latency of GET /admin-panel/users over 100 000 users on SQLite, through the real app:
// real JWKS verification (a local JWKS server), a real signed admin token, fastify.inject.
// Prints {p50Ms, p99Ms, users, requests}.  Run: pnpm --filter @pos/api bench
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db';
import { migrateToLatest } from '../src/db/migrations';
import { seedBulkUsers } from '../src/seed/bulk';
import { benchConfig, percentile, runBench, startBenchProvider } from './bench-lib';

const USERS = Number(process.env.BENCH_USERS || 100_000);
const ROUNDS = Number(process.env.BENCH_REQUESTS || 600);

/** Queries an admin types: substrings of names and emails, rare and common, with and without dates. */
const QUERIES = [
  '?filter=anna',
  '?filter=zimmer',
  '?filter=bulk4242',
  '?filter=demo.test&page=3',
  '?filter=no-such-person',
  '?filter=ra&page=2',
  '?filter=olga%20w',
  '?filter=simon&includeDateRange=true&startDate=2021-01-01&endDate=2022-06-30',
  '?includeDateRange=true&startDate=2023-05-01&endDate=2023-05-31',
  '?page=500',
  '',
];

async function main(): Promise<void> {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bench-'));
  const provider = await startBenchProvider();
  const config = benchConfig(dir, provider.providerUrl);
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db, database.dialect);
    await seedBulkUsers(database.db, USERS);
    // Measure a settled database, as a server that has been running has, not a fresh 100k-row WAL.
    await sql`pragma wal_checkpoint(truncate)`.execute(database.db);
    const app = await buildApp(config, { database });
    await app.ready();

    const token = await provider.sign('usr_bench_admin', {
      email: 'bench-admin@demo.test',
      name: 'Bench Admin',
      isAdmin: true,
    });
    const headers = { authorization: `Bearer ${token}` };

    const call = async (query: string) => {
      const response = await app.inject({
        method: 'GET',
        url: `/api/connect-ui/admin-panel/users${query}`,
        headers,
      });
      if (response.statusCode !== 200)
        throw new Error(`${query} answered ${response.statusCode}: ${response.body}`);
    };
    for (const query of QUERIES) await call(query);

    const times: number[] = [];
    const byQuery = new Map<string, number[]>();
    for (let i = 0; i < ROUNDS; i += 1) {
      const query = QUERIES[i % QUERIES.length] ?? '';
      const started = performance.now();
      await call(query);
      const elapsed = performance.now() - started;
      times.push(elapsed);
      byQuery.set(query, [...(byQuery.get(query) ?? []), elapsed]);
    }
    if (process.env.BENCH_VERBOSE) {
      for (const [query, list] of byQuery) {
        list.sort((a, b) => a - b);
        console.error(
          `${percentile(list, 50)} ms  p99 ${percentile(list, 99)} ms  ${query || '(no filter)'}`,
        );
      }
    }
    times.sort((a, b) => a - b);
    await app.close();
    console.info(
      JSON.stringify({
        p50Ms: percentile(times, 50),
        p99Ms: percentile(times, 99),
        users: USERS + 1,
        requests: ROUNDS,
      }),
    );
  } finally {
    await database.close();
    provider.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
