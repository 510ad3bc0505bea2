// Webhook ingest throughput (issue 12 §7: ≥ 500 orders/s sustained on this 2-core machine, on
// SQLite and on PostgreSQL). The real api and the real POS host listen on free ports of
// 127.0.0.1; `BENCH_SENDERS` concurrent senders post signed order.created deliveries (base64
// HMAC-SHA256 of the body with the application's secret, as WooCommerce signs them) over
// keep-alive HTTP to POST /wc-webhooks/{applicationId} for `BENCH_SECONDS` seconds, spread over
// `BENCH_APPLICATIONS` applications of as many owners. Each delivery takes the whole path: the
// signature check, the order upsert, the orderProcessed entry appended to the owner's hash
// chain, and the live events, read by one open live stream per owner, which must receive every
// entry. At the end every owner's chain must verify.
// SQLite in a temp folder, or PostgreSQL when DATABASE_URL is set (a fresh schema, dropped).
// Prints a table, then one JSON line {engine, orders, seconds, ordersPerSecond, senders,
// applications, streamed, chainsOk}.
// Run: pnpm --filter @pos/api exec tsx scripts/bench-webhooks.ts
import { randomBytes } from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { Worker } from 'node:worker_threads';
import { Pool } from 'pg';
import { buildApp, createStoreAccess, openSigningKeys } from '../src/app';
import { openDatabase } from '../src/db';
import { nowIso } from '../src/db/ids';
import { migrateToLatest } from '../src/db/migrations';
import { webhookSecretContext } from '../src/domain/orders/sync';
import { buildPosHost } from '../src/pos-host';
import { benchConfig, positiveWhole, runBench, startBenchProvider } from './bench-lib';

const SECONDS = Number(process.env.BENCH_SECONDS || 12);
const SENDERS = Number(process.env.BENCH_SENDERS || 8);
const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS || 8);
/** The budget of issue 12 §7. */
export const INGEST_BUDGET_PER_S = 500;
const WEBHOOK_ID = 9001;

interface Target {
  applicationId: string;
  secret: string;
  userId: string;
}

/**
 * The senders, in a worker thread (plain JavaScript: no TypeScript loader there) so that they
 * run beside the api on the second core, as a store's server would: `senders` loops that each
 * sign and post order.created deliveries over keep-alive HTTP until `deadline` (performance
 * time origin of the worker: an epoch ms), then report how many the POS host stored.
 */
const SENDER_WORKER = `
const { parentPort, workerData } = require('node:worker_threads');
const { createHmac } = require('node:crypto');
const http = require('node:http');
const { hooks, targets, senders, deadline, webhookId } = workerData;
const agent = new http.Agent({ keepAlive: true, maxSockets: senders });
let next = 1;
let done = 0;
function post(url, body, headers) {
  return new Promise((resolve, reject) => {
    const request = http.request(url, {
      method: 'POST', agent,
      headers: { ...headers, 'content-length': Buffer.byteLength(body) },
    }, (response) => {
      let text = '';
      response.setEncoding('utf8');
      response.on('data', (chunk) => (text += chunk));
      response.on('end', () => resolve({ status: response.statusCode, body: text }));
    });
    request.on('error', reject);
    request.end(body);
  });
}
async function sender() {
  while (Date.now() < deadline) {
    const storeOrderId = next++;
    const target = targets[storeOrderId % targets.length];
    const at = new Date().toISOString().slice(0, 19);
    const body = JSON.stringify({
      id: storeOrderId, status: 'completed', total: '24.90', currency: 'EUR',
      date_created_gmt: at, date_modified_gmt: at, created_via: 'checkout', customer_id: 0,
      line_items: [{ id: 1, name: 'Flat white', quantity: 2, total: '24.90' }], meta_data: [],
    });
    const answer = await post(hooks + '/wc-webhooks/' + target.applicationId, body, {
      'content-type': 'application/json',
      'x-wc-webhook-source': 'https://hook.bench.test/',
      'x-wc-webhook-topic': 'order.created',
      'x-wc-webhook-resource': 'order',
      'x-wc-webhook-event': 'created',
      'x-wc-webhook-id': String(webhookId),
      'x-wc-webhook-delivery-id': String(storeOrderId),
      'x-wc-webhook-signature': createHmac('sha256', target.secret).update(body).digest('base64'),
    });
    if (answer.status !== 200 || !answer.body.includes('Order inserted')) {
      throw new Error('delivery answered ' + answer.status + ': ' + answer.body);
    }
    done += 1;
  }
}
Promise.all(Array.from({ length: senders }, sender)).then(
  () => { agent.destroy(); parentPort.postMessage({ done }); },
  (error) => { agent.destroy(); parentPort.postMessage({ done, error: String(error) }); },
);
`;

/** Opens the owner's live stream and counts the activity events it receives. */
function countActivityEvents(url: string): { count: () => number; close: () => void } {
  let count = 0;
  let tail = '';
  const request = http.get(url, (response) => {
    if (response.statusCode !== 200) throw new Error(`live stream answered ${response.statusCode}`);
    response.setEncoding('utf8');
    response.on('data', (chunk: string) => {
      const text = tail + chunk;
      const parts = text.split('event: activity\n');
      count += parts.length - 1;
      tail = parts[parts.length - 1]!.slice(-20);
    });
  });
  request.on('error', () => undefined);
  return { count: () => count, close: () => request.destroy() };
}

async function main(): Promise<void> {
  positiveWhole('BENCH_SECONDS', SECONDS);
  positiveWhole('BENCH_SENDERS', SENDERS);
  positiveWhole('BENCH_APPLICATIONS', APPLICATIONS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bench-webhooks-'));
  const provider = await startBenchProvider();
  const databaseUrl = process.env.DATABASE_URL || null;
  const schema = databaseUrl ? `bench_${randomBytes(6).toString('hex')}` : null;
  const config = {
    ...benchConfig(dir, provider.providerUrl, { sandboxStores: true }),
    databaseUrl,
    databaseSchema: schema,
  };
  const database = openDatabase(config);
  const engine = database.dialect === 'postgres' ? 'PostgreSQL' : 'SQLite';
  const closers: Array<() => Promise<unknown> | void> = [];
  try {
    await migrateToLatest(database.db, database.dialect, schema);
    const access = createStoreAccess(config);
    const signingKeys = await openSigningKeys(config, database, access);
    const app = await buildApp(config, { database, storeAccess: access, signingKeys });
    await app.listen({ port: 0, host: '127.0.0.1' });
    closers.push(() => app.close());
    const posHost = await buildPosHost({
      database,
      access,
      repos: app.repos,
      logLevel: 'silent',
      verifier: app.verifyProviderToken,
      signingKeys,
    });
    await posHost.listen({ port: 0, host: '127.0.0.1' });
    closers.unshift(() => posHost.close());
    const api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}/api/connect-ui`;
    const hooks = `http://127.0.0.1:${(posHost.server.address() as AddressInfo).port}`;

    // The owners (signed in once), their connected applications and open live streams.
    const targets: Target[] = [];
    const streams: Array<ReturnType<typeof countActivityEvents>> = [];
    for (let i = 0; i < APPLICATIONS; i += 1) {
      const sub = `usr_bench_hook_${i}`;
      const token = await provider.sign(sub, {
        email: `hook${i}@bench.test`,
        name: `Hook Owner ${i}`,
        isAdmin: false,
      });
      const first = await fetch(`${api}/user-data`, {
        headers: { authorization: `Bearer ${token}` },
      });
      if (!first.ok) throw new Error(`user-data answered ${first.status}`);
      const { id: userId } = await database.db
        .selectFrom('users')
        .select('id')
        .where('sub', '=', sub)
        .executeTakeFirstOrThrow();
      const applicationId = `app_bench_hook_${i}`;
      await database.db
        .insertInto('applications')
        .values({
          id: applicationId,
          user_id: userId,
          name: `Hook Store ${i}`,
          home_url: `https://hook${i}.bench.test`,
          home_url_key: `hook${i}.bench.test`,
          slug: `hook-store-${i}`,
          auth_type: 'keys',
          is_verified_auth: 1,
          key_id: null,
          consumer_key_enc: null,
          consumer_secret_enc: null,
          wp_user: null,
          auth_token_hash: null,
          auth_token_expires_at: null,
          auth_return_path: null,
          created_at: nowIso(),
          updated_at: nowIso(),
        })
        .execute();
      const secret = randomBytes(24).toString('base64url');
      await database.db
        .insertInto('order_sync')
        .values({
          application_id: applicationId,
          webhook_secret_enc: access.secrets.seal(secret, webhookSecretContext(applicationId)),
          webhook_ids: JSON.stringify([WEBHOOK_ID]),
          registered_at: nowIso(),
        })
        .execute();
      targets.push({ applicationId, secret, userId });
      const ticket = await fetch(`${api}/live/ticket`, {
        method: 'POST',
        headers: { authorization: `Bearer ${token}` },
      });
      const { ticket: value } = (await ticket.json()) as { ticket: string };
      streams.push(countActivityEvents(`${api}/live/stream?ticket=${encodeURIComponent(value)}`));
    }
    closers.unshift(() => streams.forEach((s) => s.close()));
    await new Promise((resolve) => setTimeout(resolve, 300));

    const started = performance.now();
    const loopBefore = performance.eventLoopUtilization();
    const cpuBefore = process.cpuUsage();
    const deadline = Date.now() + SECONDS * 1000;
    const { done, error } = await new Promise<{ done: number; error?: string }>(
      (resolve, reject) => {
        const worker = new Worker(SENDER_WORKER, {
          eval: true,
          workerData: {
            hooks,
            targets: targets.map(({ applicationId, secret }) => ({ applicationId, secret })),
            senders: SENDERS,
            deadline,
            webhookId: WEBHOOK_ID,
          },
        });
        worker.once('message', resolve);
        worker.once('error', reject);
      },
    );
    if (error) throw new Error(error);
    const seconds = (performance.now() - started) / 1000;
    // How busy the api's thread was, and the CPU the process (api and senders) used.
    const busy = performance.eventLoopUtilization(loopBefore).utilization;
    const cpu = process.cpuUsage(cpuBefore);
    const cpuSeconds = (cpu.user + cpu.system) / 1e6;
    const ordersPerSecond = Math.round(done / seconds);

    // Every entry reaches its owner's stream.
    const streamedBy = Date.now() + 15_000;
    const streamed = () => streams.reduce((sum, s) => sum + s.count(), 0);
    while (streamed() < done && Date.now() < streamedBy) {
      await new Promise((resolve) => setTimeout(resolve, 100));
    }
    const stored = await database.db
      .selectFrom('orders')
      .select((eb) => eb.fn.countAll<number | string>().as('n'))
      .executeTakeFirstOrThrow();
    if (Number(stored.n) !== done) throw new Error(`${done} orders sent, ${stored.n} stored`);
    const verified = await Promise.all(targets.map((t) => app.repos.activities.verify(t.userId)));
    const chainsOk =
      verified.every((v) => v.ok) && verified.reduce((n, v) => n + v.checked, 0) === done;

    const result = {
      engine,
      orders: done,
      seconds: Math.round(seconds * 10) / 10,
      ordersPerSecond,
      senders: SENDERS,
      applications: APPLICATIONS,
      streamed: streamed(),
      chainsOk,
      apiThreadBusy: Math.round(busy * 100) / 100,
      cpuSeconds: Math.round(cpuSeconds * 10) / 10,
    };
    console.info(
      `webhook ingest on ${engine}: ${done} order.created deliveries in ${result.seconds} s`,
    );
    console.info(
      `  ${ordersPerSecond} orders/s (budget ≥ ${INGEST_BUDGET_PER_S}), ${SENDERS} senders, ${APPLICATIONS} applications`,
    );
    console.info(
      `  live activity events received: ${result.streamed}; chains verified: ${chainsOk}`,
    );
    console.info(JSON.stringify(result));
  } finally {
    for (const close of closers) await close();
    await database.close();
    if (databaseUrl && schema) {
      const pool = new Pool({ connectionString: databaseUrl, max: 1 });
      await pool.query(`drop schema if exists "${schema}" cascade`);
      await pool.end();
    }
    provider.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
