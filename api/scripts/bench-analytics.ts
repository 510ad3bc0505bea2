// Latency of GET analytics/orders and GET analytics/usage (issue 12 §7: p99 ≤ 30 ms and ≤ 60 ms)
// with 1 000 000 orders over 1 000 applications, through the real app: real JWKS verification
// (a local JWKS server), real signed manager tokens, fastify.inject. On SQLite (a temp file),
// or on PostgreSQL when DATABASE_URL is set (a throwaway schema).
// 100 managers own 10 applications each; the orders span 13 months back from now, two thirds
// rung up on 4 named stations by 5 cashiers (channel pos), a third from the web shop, 1 in 50
// deleted. The calls pick a random manager, all of their applications or one, and a time zone
// (a half-hour one included, which groups by the minute). Usage is asked for the last 30 days
// and for the last 366.
// Prints the figures on stderr, then one JSON line {orders, applications, managers, requests,
// seedMs, ordersCounts: {p50, p99}, usage30: {…}, usage366: {…}} (ms).
// Run: pnpm --filter @pos/api bench:analytics
import crypto from 'node:crypto';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { Pool } from 'pg';
import type { DatabaseHandle } from '../src/db';
import { openDatabase } from '../src/db';
import { migrateToLatest } from '../src/db/migrations';
import {
  benchConfig,
  measure,
  percentile,
  positiveWhole,
  runBench,
  startBenchProvider,
} from './bench-lib';

const MANAGERS = Number(process.env.BENCH_MANAGERS || 100);
const APPS_PER_MANAGER = Number(process.env.BENCH_APPS_PER_MANAGER || 10);
const ORDERS = Number(process.env.BENCH_ORDERS || 1_000_000);
const ROUNDS = Number(process.env.BENCH_REQUESTS || 400);
const WARM_UP = 30;
/** Seconds of history: about 13 months. */
const HISTORY_S = 397 * 86_400;
const TIME_ZONES = ['UTC', 'Europe/Berlin', 'America/New_York', 'Asia/Kolkata'];

/** The budgets of issue 12 §7. */
export const ORDERS_P99_BUDGET_MS = 30;
export const USAGE_P99_BUDGET_MS = 60;

/** A small deterministic generator, so that two runs make the same calls. */
function prng(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state * 1664525 + 1013904223) >>> 0;
    return state / 2 ** 32;
  };
}

const appId = (i: number) => `app_bench_${String(i).padStart(4, '0')}`;

/**
 * The orders, generated inside the database in one statement (SQLite: a recursive counter;
 * PostgreSQL: generate_series), oldest first: order n belongs to application
 * n % applications, so each one has the same spread of times, channels, stations and
 * cashiers. Every 50th order of an application is deleted (by n / applications: n % 50 would
 * pick the same applications every time). Then the database is settled as a server that has
 * been running has it (SQLite: WAL checkpointed; PostgreSQL: vacuumed, for index-only scans).
 */
async function seedOrders(database: DatabaseHandle, applications: number): Promise<void> {
  const { db } = database;
  const n = sql.lit(ORDERS);
  const apps = sql.lit(applications);
  const history = sql.lit(HISTORY_S);
  const startEpoch = sql.lit(Math.floor(Date.now() / 1000) - HISTORY_S);
  const columns = sql`id, application_id, store_order_id, status, total_cents, currency,
    created_at, modified_at, channel, station_pos_id, station_name, cashier_wp_user_id, cashier_name,
    deleted`;
  if (database.dialect === 'postgres') {
    const at = sql`to_char(to_timestamp(${startEpoch} + (i::bigint * ${history}) / ${n}
      + (i::bigint * 7919) % 3600) at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')`;
    await sql`
      insert into orders (${columns})
      select 'ord_bench_' || i, 'app_bench_' || lpad((i % ${apps})::text, 4, '0'), i,
        case when (i / ${apps}) % 50 = 7 then 'trash' else 'completed' end,
        100 + (i * 37) % 10000, 'USD', ${at}, ${at},
        case when i % 3 = 0 then 'web' else 'pos' end,
        case when i % 3 = 0 then null else 1 + (i / 7) % 4 end,
        case when i % 3 = 0 then null else 'Register ' || (1 + (i / 7) % 4) end,
        case when i % 3 = 0 then null else 10 + (i / 13) % 5 end,
        case when i % 3 = 0 then null else 'Cashier ' || (10 + (i / 13) % 5) end,
        case when (i / ${apps}) % 50 = 7 then 1 else 0 end
      from generate_series(0, ${n} - 1) as i`.execute(db);
    await sql`vacuum analyze orders`.execute(db);
    return;
  }
  const at = sql`strftime('%Y-%m-%dT%H:%M:%fZ',
    ${startEpoch} + (i * ${history}) / ${n} + (i * 7919) % 3600, 'unixepoch')`;
  await sql`
    insert into orders (${columns})
    with recursive n(i) as (select 0 union all select i + 1 from n where i + 1 < ${n})
    select 'ord_bench_' || i, 'app_bench_' || printf('%04d', i % ${apps}), i,
      case when (i / ${apps}) % 50 = 7 then 'trash' else 'completed' end,
      100 + (i * 37) % 10000, 'USD', ${at}, ${at},
      case when i % 3 = 0 then 'web' else 'pos' end,
      case when i % 3 = 0 then null else 1 + (i / 7) % 4 end,
      case when i % 3 = 0 then null else 'Register ' || (1 + (i / 7) % 4) end,
      case when i % 3 = 0 then null else 10 + (i / 13) % 5 end,
      case when i % 3 = 0 then null else 'Cashier ' || (10 + (i / 13) % 5) end,
      case when (i / ${apps}) % 50 = 7 then 1 else 0 end
    from n`.execute(db);
  await sql`pragma wal_checkpoint(truncate)`.execute(db);
}

async function main(): Promise<void> {
  positiveWhole('BENCH_MANAGERS', MANAGERS);
  positiveWhole('BENCH_APPS_PER_MANAGER', APPS_PER_MANAGER);
  positiveWhole('BENCH_ORDERS', ORDERS);
  positiveWhole('BENCH_REQUESTS', ROUNDS);
  const applications = MANAGERS * APPS_PER_MANAGER;
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bench-analytics-'));
  const provider = await startBenchProvider();
  // PostgreSQL when DATABASE_URL is set (a throwaway schema, dropped afterwards), else SQLite.
  const url = process.env.DATABASE_URL || null;
  const schema = url ? `bench_analytics_${crypto.randomBytes(4).toString('hex')}` : null;
  const config = {
    ...benchConfig(dir, provider.providerUrl),
    databaseUrl: url,
    databaseSchema: schema,
  };
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db, database.dialect, schema);
    const app = await buildApp(config, { database });
    await app.ready();
    const db = database.db;

    // The managers sign in once (the api creates their rows), then own their applications.
    const seedStarted = performance.now();
    const tokens: string[] = [];
    for (let m = 0; m < MANAGERS; m += 1) {
      const sub = `usr_bench_manager_${m}`;
      const token = await provider.sign(sub, {
        email: `manager${m}@bench.test`,
        name: `Manager ${m}`,
        isAdmin: false,
      });
      const first = await app.inject({
        method: 'GET',
        url: '/api/connect-ui/user-data',
        headers: { authorization: `Bearer ${token}` },
      });
      if (first.statusCode !== 200) throw new Error(`user-data answered ${first.statusCode}`);
      tokens.push(token);
    }
    const users = await db.selectFrom('users').select(['id', 'sub']).execute();
    const userOf = new Map(users.map((u) => [u.sub, u.id]));
    const now = new Date().toISOString();
    await db.transaction().execute(async (trx) => {
      const rows = Array.from({ length: applications }, (_, i) => ({
        id: appId(i),
        user_id: userOf.get(`usr_bench_manager_${Math.floor(i / APPS_PER_MANAGER)}`) ?? '',
        name: `Bench Store ${i}`,
        home_url: `https://store${i}.bench.test`,
        home_url_key: `store${i}.bench.test`,
        slug: `bench-store-${i}`,
        auth_type: 'keys' as const,
        is_verified_auth: 0,
        key_id: null,
        consumer_key_enc: null,
        consumer_secret_enc: null,
        wp_user: null,
        auth_token_hash: null,
        auth_token_expires_at: null,
        auth_return_path: null,
        created_at: now,
        updated_at: now,
      }));
      for (let i = 0; i < rows.length; i += 500) {
        await trx
          .insertInto('applications')
          .values(rows.slice(i, i + 500))
          .execute();
      }
    });
    await seedOrders(database, applications);
    const seedMs = performance.now() - seedStarted;

    const random = prng(12);
    const pick = <T>(list: T[]): T => list[Math.floor(random() * list.length)] as T;
    const today = now.slice(0, 10);
    const yearAgo = new Date(Date.now() - 365 * 86_400_000).toISOString().slice(0, 10);
    const monthAgo = new Date(Date.now() - 29 * 86_400_000).toISOString().slice(0, 10);
    /** A random manager's call: all their applications, or one of them, in a random zone. */
    const caller = (query: string) => {
      const m = Math.floor(random() * MANAGERS);
      const one = random() < 0.5;
      const app = appId(m * APPS_PER_MANAGER + Math.floor(random() * APPS_PER_MANAGER));
      const tz = encodeURIComponent(pick(TIME_ZONES));
      return {
        token: tokens[m] ?? '',
        url: `${query}&tz=${tz}${one ? `&appId=${app}` : ''}`,
      };
    };
    const get = async (query: string, check: (body: unknown) => boolean) => {
      const { token, url } = caller(query);
      const response = await app.inject({
        method: 'GET',
        url: `/api/connect-ui/analytics/${url}`,
        headers: { authorization: `Bearer ${token}` },
      });
      if (response.statusCode !== 200 || !check(response.json())) {
        throw new Error(`${url} answered ${response.statusCode}: ${response.body.slice(0, 300)}`);
      }
    };
    const counted = (body: unknown) => (body as { total: number }).total > 0;
    const used = (days: number) => (body: unknown) => {
      const usage = body as { perDay: unknown[]; totals: { orders: number } };
      return usage.perDay.length === days && usage.totals.orders > 0;
    };
    const options = { rounds: ROUNDS, warmUp: WARM_UP };
    const orders = await measure(() => get(`orders?date=${today}`, counted), options);
    const usage30 = await measure(
      () => get(`usage?from=${monthAgo}&to=${today}`, used(30)),
      options,
    );
    const usage366 = await measure(
      () => get(`usage?from=${yearAgo}&to=${today}`, used(366)),
      options,
    );
    await app.close();

    const summary = (times: number[]) => ({
      p50: percentile(times, 50),
      p99: percentile(times, 99),
    });
    const result = {
      orders: ORDERS,
      applications,
      managers: MANAGERS,
      requests: ROUNDS,
      seedMs: Math.round(seedMs),
      ordersCounts: summary(orders),
      usage30: summary(usage30),
      usage366: summary(usage366),
    };
    const rows: Array<[string, { p50: number; p99: number }, number]> = [
      ['GET analytics/orders', result.ordersCounts, ORDERS_P99_BUDGET_MS],
      ['GET analytics/usage, 30 days', result.usage30, USAGE_P99_BUDGET_MS],
      ['GET analytics/usage, 366 days', result.usage366, USAGE_P99_BUDGET_MS],
    ];
    console.error(
      `seeded ${ORDERS} orders over ${applications} applications in ${result.seedMs} ms`,
    );
    for (const [name, { p50, p99 }, budget] of rows) {
      console.error(
        `${name.padEnd(32)} p50 ${p50.toFixed(2)} ms  p99 ${p99.toFixed(2)} ms  (≤ ${budget} ms) ${p99 <= budget ? 'ok' : 'OVER'}`,
      );
    }
    console.info(JSON.stringify(result));
  } finally {
    await database.close();
    if (url && schema) {
      const pool = new Pool({ connectionString: url, max: 1 });
      await pool.query(`drop schema if exists "${schema}" cascade`);
      await pool.end();
    }
    provider.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
