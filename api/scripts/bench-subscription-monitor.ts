// Latency of GET /subscription-monitor (issue 11, §7: p99 ≤ 20 ms), through the real api
// listening on a free port of 127.0.0.1 and called over HTTP: real JWKS verification (a local
// JWKS server) and real signed tokens. The database holds `BENCH_USERS` bulk users (each with a
// plan) and `BENCH_BILLED` billed users, each with a Stripe customer, a default card, a paid
// plan set to cancel and two past-due invoices, and `BENCH_ORDERS_PER_USER` orders over two
// applications and 90 days (the answer's usage counts this month's); the calls cycle through
// the billed users.
// The api is configured with Stripe pointed at a local listener that counts requests: the read
// path must make none (the run fails otherwise).
// Prints a table, then one JSON line {p50Ms, p99Ms, users, billed, requests, stripeCalls}.
// Run: pnpm --filter @pos/api bench:subscription-monitor
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { sql } from 'kysely';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { nowIso } from '../src/db/ids';
import { migrateToLatest } from '../src/db/migrations';
import { PLAN_IDS } from '../src/db/plans';
import { seedBulkUsers } from '../src/seed/bulk';
import {
  benchConfig,
  measure,
  percentile,
  positiveWhole,
  runBench,
  startBenchProvider,
} from './bench-lib';

const USERS = Number(process.env.BENCH_USERS || 20_000);
const BILLED = Number(process.env.BENCH_BILLED || 50);
const ROUNDS = Number(process.env.BENCH_REQUESTS || 1000);
/** Orders of each billed user, over two applications and 90 days (1 in 50 deleted). */
const ORDERS = Number(process.env.BENCH_ORDERS_PER_USER || 2000);
const WARM_UP = 50;
/** The budget of issue 11 §7. */
export const MONITOR_P99_BUDGET_MS = 20;

/** A stand-in for Stripe that answers nothing useful and counts what reaches it. */
async function startStripeCounter(): Promise<{ url: string; calls: () => number; close(): void }> {
  let calls = 0;
  const server = http.createServer((_request, response) => {
    calls += 1;
    response.writeHead(500, { 'content-type': 'application/json' }).end('{"error":{}}');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  return {
    url: `http://127.0.0.1:${(server.address() as AddressInfo).port}`,
    calls: () => calls,
    close: () => server.close(),
  };
}

async function main(): Promise<void> {
  positiveWhole('BENCH_USERS', USERS);
  positiveWhole('BENCH_BILLED', BILLED);
  positiveWhole('BENCH_REQUESTS', ROUNDS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bench-monitor-'));
  const provider = await startBenchProvider();
  const stripe = await startStripeCounter();
  const config = {
    ...benchConfig(dir, provider.providerUrl),
    payments: loadConfig({
      STRIPE_SECRET_KEY: 'sk_test_bench',
      STRIPE_WEBHOOK_SECRET: 'whsec_bench',
      STRIPE_API_URL: stripe.url,
    }).payments,
  };
  const database = openDatabase(config);
  try {
    await migrateToLatest(database.db, database.dialect);
    await seedBulkUsers(database.db, USERS);
    const app = await buildApp(config, { database });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;

    // The billed users: signed in once (created without a plan), then given what the subscribe
    // and card routes and the webhooks would have stored.
    const tokens: string[] = [];
    for (let i = 0; i < BILLED; i += 1) {
      const sub = `usr_bench_billed_${i}`;
      const token = await provider.sign(sub, {
        email: `billed${i}@bench.test`,
        name: `Billed User ${i}`,
        isAdmin: false,
      });
      const first = await fetch(`${api}/api/connect-ui/user-data`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!first.ok) throw new Error(`user-data answered ${first.status}`);
      tokens.push(token);
      const { id } = await database.db
        .selectFrom('users')
        .select('id')
        .where('sub', '=', sub)
        .executeTakeFirstOrThrow();
      await database.db
        .insertInto('billing_customers')
        .values({
          user_id: id,
          stripe_customer_id: `cus_bench_${i}`,
          default_payment_method: `pm_bench_${i}`,
          created_at: nowIso(),
        })
        .execute();
      const invoices = [1, 2].map((n) => ({
        id: `in_bench_${i}_${n}`,
        number: `BENCH-${i}-000${n}`,
        invoice_pdf: `https://pay.example/invoices/in_bench_${i}_${n}/pdf`,
        hosted_invoice_url: `https://pay.example/invoices/in_bench_${i}_${n}`,
      }));
      const periodEnd = new Date(Date.now() + 86_400_000).toISOString();
      await database.db
        .insertInto('subscriptions')
        .values({
          user_id: id,
          plan_id: PLAN_IDS.pro,
          stripe_subscription_id: `sub_bench_${i}`,
          stripe_status: 'past_due',
          current_period_end: periodEnd,
          cancel_date: periodEnd,
          past_due_invoices: JSON.stringify(invoices),
          created_at: nowIso(),
          updated_at: nowIso(),
        })
        .execute();
    }
    // Their stores' orders, which the answer's usage counts (this month's, on Pro).
    const users = await database.db
      .selectFrom('users')
      .select('id')
      .where('sub', 'like', 'usr_bench_billed_%')
      .execute();
    const now = Date.now();
    for (const [u, { id: userId }] of users.entries()) {
      const appIds = [0, 1].map((n) => `app_bench_${u}_${n}`);
      await database.db
        .insertInto('applications')
        .values(
          appIds.map((appId) => ({
            id: appId,
            user_id: userId,
            name: appId,
            home_url: `https://${appId}.bench.test`,
            home_url_key: `${appId}.bench.test`,
            slug: appId.replaceAll('_', '-'),
            auth_type: 'keys' as const,
            is_verified_auth: 0 as const,
            key_id: null,
            consumer_key_enc: null,
            consumer_secret_enc: null,
            wp_user: null,
            auth_token_hash: null,
            auth_token_expires_at: null,
            auth_return_path: null,
            created_at: nowIso(),
            updated_at: nowIso(),
          })),
        )
        .execute();
      const orders = Array.from({ length: ORDERS }, (_, n) => {
        const created = new Date(now - Math.floor((n / ORDERS) * 90 * 86_400_000)).toISOString();
        return {
          id: `ord_bench_${u}_${n}`,
          application_id: appIds[n % 2] ?? '',
          store_order_id: n + 1,
          status: 'completed',
          total_cents: 1000 + n,
          currency: 'USD',
          created_at: created,
          modified_at: created,
          channel: n % 3 === 0 ? 'web' : 'pos',
          station_pos_id: 1,
          cashier_wp_user_id: 1,
          cashier_name: 'Bench',
          deleted: n % 50 === 0 ? 1 : 0,
        };
      });
      for (let start = 0; start < orders.length; start += 500) {
        await database.db
          .insertInto('orders')
          .values(orders.slice(start, start + 500))
          .execute();
      }
      // The usage ledger lines the order upsert writes beside each order: what usage counts.
      await sql`
        insert into usage_ledger (user_id, store_key, store_order_id, created_at, deleted)
        select a.user_id, a.home_url_key, o.store_order_id, o.created_at, o.deleted
        from orders o join applications a on a.id = o.application_id
        where a.user_id = ${userId}
      `.execute(database.db);
    }
    // Measure a settled database, as a server that has been running has.
    await sql`pragma wal_checkpoint(truncate)`.execute(database.db);

    let turn = 0;
    const call = async () => {
      const token = tokens[turn % tokens.length] ?? '';
      turn += 1;
      const response = await fetch(`${api}/api/connect-ui/subscription-monitor`, {
        headers: { authorization: `Bearer ${token}` },
      });
      const body = (await response.json()) as {
        plan: { name: string; pastDueInvoices: unknown[] } | null;
        isHavePaymentMethod: boolean;
        usage: { orders: number; period: string } | null;
      };
      if (
        !response.ok ||
        body.usage?.period !== 'month' ||
        !(body.usage.orders > 0) ||
        body.plan?.name !== 'Pro' ||
        body.plan.pastDueInvoices.length !== 2 ||
        !body.isHavePaymentMethod
      ) {
        throw new Error(
          `subscription-monitor answered ${response.status}: ${JSON.stringify(body)}`,
        );
      }
    };
    const times = await measure(call, { rounds: ROUNDS, warmUp: WARM_UP });
    await app.close();
    if (stripe.calls() !== 0) {
      throw new Error(`GET /subscription-monitor called Stripe ${stripe.calls()} times`);
    }
    const p50Ms = percentile(times, 50);
    const p99Ms = percentile(times, 99);
    console.info(
      `| GET /subscription-monitor | p50 ${p50Ms} ms | p99 ${p99Ms} ms | budget p99 ≤ ${MONITOR_P99_BUDGET_MS} ms |`,
    );
    console.info(
      JSON.stringify({
        p50Ms,
        p99Ms,
        users: USERS + BILLED,
        billed: BILLED,
        ordersPerBilledUser: ORDERS,
        requests: ROUNDS,
        stripeCalls: stripe.calls(),
      }),
    );
  } finally {
    await database.close();
    provider.close();
    stripe.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
