// Latency of GET /activities-list (issue 12 §7: p99 ≤ 30 ms with 1 000 000 entries), through
// the real api listening on a free port of 127.0.0.1 and called over HTTP with real signed
// tokens. The SQLite database holds `BENCH_ACTIVITY_OWNERS` owners × `BENCH_ACTIVITIES_PER_OWNER`
// feed entries, each a valid link of its owner's hash chain (seq, prev_hash, hash and the
// owner's head, as appendActivity writes them), inserted by one prepared statement in one
// transaction. The calls cycle through 50 owners, on page 1 and on the deepest pages.
// Prints a table, then one JSON line {entries, owners, seedMs, page1: {p50, p99}, deep: {p50, p99}}.
// Run: pnpm --filter @pos/api exec tsx scripts/bench-activities.ts
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import SqliteDatabase from 'better-sqlite3';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db';
import { newId } from '../src/db/ids';
import { migrateToLatest } from '../src/db/migrations';
import { FEED_TYPES } from '../src/repositories/activities';
import { activityHash, GENESIS_HASH, useActivityChainKey } from '../src/db/activity-chain';
import { loadActivityChainKey } from '../src/services/activity-chain-key';
import {
  benchConfig,
  measure,
  percentile,
  positiveWhole,
  runBench,
  startBenchProvider,
} from './bench-lib';

const OWNERS = Number(process.env.BENCH_ACTIVITY_OWNERS || 1000);
const PER_OWNER = Number(process.env.BENCH_ACTIVITIES_PER_OWNER || 1000);
const ROUNDS = Number(process.env.BENCH_REQUESTS || 1000);
const SAMPLED = 50;
// Enough to warm every sampled owner's pages and the JIT before timing.
const WARM_UP = 200;
const PAGE_SIZE = 25;
/** The budget of issue 12 §7. */
export const ACTIVITIES_P99_BUDGET_MS = 30;

/** Writes the owners and their chained entries straight into the SQLite file. */
function seed(file: string): void {
  const db = new SqliteDatabase(file);
  db.pragma('journal_mode = WAL');
  db.pragma('synchronous = OFF');
  const user = db.prepare(
    'insert into users (id, sub, email, full_name, created_at) values (?, ?, ?, ?, ?)',
  );
  const entry = db.prepare(
    `insert into activities (id, user_id, name, feed_type, link, link_name, created_at, seq, prev_hash, hash)
     values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`,
  );
  const head = db.prepare('insert into activity_heads (user_id, seq, hash) values (?, ?, ?)');
  const start = Date.UTC(2025, 0, 1);
  db.transaction(() => {
    for (let o = 0; o < OWNERS; o += 1) {
      const owner = newId();
      user.run(
        owner,
        `usr_bench_feed_${o}`,
        `feed${o}@bench.test`,
        `Feed Owner ${o}`,
        new Date(start).toISOString(),
      );
      let prevHash = GENESIS_HASH;
      for (let seq = 1; seq <= PER_OWNER; seq += 1) {
        const feedType = FEED_TYPES[seq % FEED_TYPES.length] ?? 'orderProcessed';
        const link = seq % 3 === 0 ? `/applications/app-${o}` : null;
        const fields = {
          owner,
          seq,
          prevHash,
          name: `Order #${seq} was processed in Store ${o}`,
          feedType,
          link,
          linkName: link ? `Store ${o}` : null,
          // One entry every ~8 minutes over the last months.
          createdAt: new Date(start + seq * 500_000 + o).toISOString(),
        };
        const hash = activityHash(fields);
        entry.run(
          newId(),
          owner,
          fields.name,
          feedType,
          link,
          fields.linkName,
          fields.createdAt,
          seq,
          prevHash,
          hash,
        );
        prevHash = hash;
      }
      head.run(owner, PER_OWNER, prevHash);
    }
  })();
  db.pragma('wal_checkpoint(TRUNCATE)');
  db.exec('analyze');
  db.close();
}

async function main(): Promise<void> {
  positiveWhole('BENCH_ACTIVITY_OWNERS', OWNERS);
  positiveWhole('BENCH_ACTIVITIES_PER_OWNER', PER_OWNER);
  positiveWhole('BENCH_REQUESTS', ROUNDS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bench-activities-'));
  const provider = await startBenchProvider();
  const config = benchConfig(dir, provider.providerUrl);
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db, database.dialect);
    // The seeded chains are keyed as the app will verify them.
    useActivityChainKey(loadActivityChainKey(config));
    const seedStarted = performance.now();
    seed(config.sqlitePath);
    const seedMs = Math.round(performance.now() - seedStarted);
    const count = await sql<{ n: number }>`select count(*) as n from activities`.execute(
      database.db,
    );
    const entries = Number(count.rows[0]?.n ?? 0);
    if (entries !== OWNERS * PER_OWNER) throw new Error(`seeded ${entries} entries`);

    const app = await buildApp(config, { database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/connect-ui`;
    const step = Math.max(1, Math.floor(OWNERS / SAMPLED));
    const tokens: string[] = [];
    for (let o = 0; o < OWNERS && tokens.length < SAMPLED; o += step) {
      tokens.push(
        await provider.sign(`usr_bench_feed_${o}`, {
          email: `feed${o}@bench.test`,
          name: `Feed Owner ${o}`,
          isAdmin: false,
        }),
      );
    }
    const lastPage = Math.ceil(PER_OWNER / PAGE_SIZE);
    let turn = 0;
    const call = (page: () => number) => async () => {
      const token = tokens[turn % tokens.length] ?? '';
      turn += 1;
      const response = await fetch(`${api}/activities-list?page=${page()}&limit=${PAGE_SIZE}`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as { data?: unknown[]; totalAll?: number };
      if (response.status !== 200 || body.totalAll !== PER_OWNER || !body.data?.length) {
        throw new Error(`activities-list answered ${response.status}: ${JSON.stringify(body)}`);
      }
    };
    const page1 = await measure(
      call(() => 1),
      { rounds: ROUNDS, warmUp: WARM_UP },
    );
    // The deepest pages: the last and the few before it.
    const deep = await measure(
      call(() => lastPage - (turn % 3)),
      { rounds: ROUNDS, warmUp: WARM_UP },
    );
    await app.close();

    const result = {
      entries,
      owners: OWNERS,
      seedMs,
      page1: { p50: percentile(page1, 50), p99: percentile(page1, 99) },
      deep: { p50: percentile(deep, 50), p99: percentile(deep, 99), page: lastPage },
    };
    console.info(`GET /activities-list over ${entries} entries (${OWNERS} owners)`);
    console.info(`  page 1:            p50 ${result.page1.p50} ms, p99 ${result.page1.p99} ms`);
    console.info(
      `  pages ${lastPage - 2}–${lastPage}:      p50 ${result.deep.p50} ms, p99 ${result.deep.p99} ms`,
    );
    console.info(
      `  budget p99 ≤ ${ACTIVITIES_P99_BUDGET_MS} ms; seed ${(seedMs / 1000).toFixed(1)} s`,
    );
    console.info(JSON.stringify(result));
  } finally {
    await database.close();
    provider.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
