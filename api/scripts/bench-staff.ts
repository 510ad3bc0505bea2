// Latency of the staff list (issue 13 §5) for a store with `BENCH_STAFF_USERS` POS users,
// through the real api listening on a free port of 127.0.0.1 and called over HTTP: real JWKS
// verification (a local JWKS server), real signed tokens, and a real sandbox WooCommerce store
// speaking OAuth 1.0a over http. The store is a copy of "Demo Coffee Roasters" (the
// multiple-user add-on active) grown to that many POS users through the Cloud POS plugin's own
// `POST users`; one in ten of them has a verified dashboard account (with a last access) and
// one in five has had invitations, so every page merges accounts and counts for real.
// Measured, each as p50/p99 of `BENCH_REQUESTS` calls after a warm-up:
//  - GET /staff/users?page=…&limit=25 on a random page: the store's connection and one page
//    of its users in parallel, then the accounts and the invitation counts of that page;
//  - the same with limit=100;
//  - GET /staff/summary (the dashboard's tile: the store's connection and a one-user page of
//    its users, as the Staff page counts them).
// The store runs in this process on loopback: the figures include its own work on the same
// event loop and no network round trip, so they are a floor for a real remote site.
// Prints a table, then one JSON line {staffList, staffList100, staffSummary} (each {p50, p99}
// in ms), users, requests.
// Run: pnpm --filter @pos/api bench:staff
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { RunningSandbox } from '@pos/sandbox';
import { startSandbox } from '@pos/sandbox';
import type { FastifyInstance } from 'fastify';
import { STAFF_ROLES } from '@pos/shared/rules';
import { buildApp, createStoreAccess } from '../src/app';
import { openDatabase } from '../src/db';
import { migrateToLatest } from '../src/db/migrations';
import { createStoreClient } from '../src/services/store-client';
import {
  benchConfig,
  measure,
  mintKey,
  percentile,
  positiveWhole,
  runBench,
  startBenchProvider,
} from './bench-lib';

const USERS = Number(process.env.BENCH_STAFF_USERS || 2000);
const ROUNDS = Number(process.env.BENCH_REQUESTS || 200);
const WARM_UP = 20;
const BASE = '/api/connect-ui';
/** Store users created at once while the store grows. */
const CREATE_CONCURRENCY = 8;

/** Calls the api over HTTP; throws unless it answers 2xx, resolves with the JSON body. */
async function request(
  api: string,
  authorization: string,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
): Promise<unknown> {
  const response = await fetch(`${api}${BASE}${url}`, {
    method,
    headers: {
      authorization,
      ...(payload ? { 'content-type': 'application/json' } : {}),
    },
    ...(payload ? { body: JSON.stringify(payload) } : {}),
  });
  const body = await response.text();
  if (!response.ok) throw new Error(`${method} ${url} answered ${response.status}: ${body}`);
  return JSON.parse(body) as unknown;
}

async function main(): Promise<void> {
  positiveWhole('BENCH_STAFF_USERS', USERS);
  positiveWhole('BENCH_REQUESTS', ROUNDS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bench-staff-'));
  const provider = await startBenchProvider();
  const config = benchConfig(dir, provider.providerUrl, { sandboxStores: true });
  const database = openDatabase(config);
  let sandbox: RunningSandbox | undefined;
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(database.db, database.dialect);
    app = await buildApp(config, { database, storeAccess: createStoreAccess(config) });
    await app.listen({ port: 0, host: '127.0.0.1' });
    const api = `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
    sandbox = await startSandbox({
      loginPort: 0,
      paymentsPort: 0,
      mailHttpPort: 0,
      smtpPort: 0,
      storePorts: [0],
      controls: true,
    });
    const store = sandbox.stores[0]?.url ?? '';

    const owner = `Bearer ${await provider.sign('usr_bench_staff_owner', {
      email: 'owner@bench.example',
      name: 'Bench Owner',
      isAdmin: false,
    })}`;
    const created = (await request(api, owner, 'POST', '/applications', {
      name: 'Bench Roasters',
      homeUrl: store,
    })) as { data: { id: string } };
    const id = created.data.id;
    const key = await mintKey(store);
    const authorized = (await request(api, owner, 'PUT', `/applications/${id}`, {
      consumerKey: key.consumer_key,
      consumerSecret: key.consumer_secret,
    })) as { data: { isVerifiedAuth: boolean } };
    if (!authorized.data.isVerifiedAuth) throw new Error(`${store} was not authorized`);

    // Grow the store to USERS POS users through the plugin's POST users (as the api does).
    const client = createStoreClient({ timeoutMs: 10_000, allowPrivateHosts: true });
    const credentials = { consumerKey: key.consumer_key, consumerSecret: key.consumer_secret };
    const seeded = (await client.users(store, credentials, 1, 1)).total;
    const toCreate = Math.max(0, USERS - seeded);
    const started = Date.now();
    let next = 0;
    const emails: string[] = [];
    const worker = async () => {
      while (next < toCreate) {
        const n = (next += 1);
        const email = `staff.${n}@bench.example`;
        emails.push(email);
        await client.createUser(store, credentials, {
          name: `Staff Member ${n}`,
          email,
          role: STAFF_ROLES[n % STAFF_ROLES.length] ?? 'cashier',
        });
      }
    };
    await Promise.all(Array.from({ length: CREATE_CONCURRENCY }, worker));
    const growMs = Date.now() - started;
    const total = (await client.users(store, credentials, 1, 1)).total;
    if (total !== Math.max(USERS, seeded)) throw new Error(`the store lists ${total} POS users`);

    // One in ten has a verified dashboard account that was used; one in five was invited.
    const users = await client.allUsers(store, credentials, total);
    for (const [index, email] of emails.entries()) {
      if (index % 10 !== 0) continue;
      const account = await app.repos.users.ensureFromClaims({
        sub: `usr_bench_staff_${index}`,
        email,
        name: `Staff Member ${index}`,
        isAdmin: false,
        isVerified: true,
      });
      await app.repos.users.touchLastAccess(account.id);
    }
    for (const [index, user] of users.entries()) {
      if (index % 5 === 0) await app.repos.applications.reserveInvitation(id, user.id);
    }

    const pages25 = Math.ceil(total / 25);
    const pages100 = Math.ceil(total / 100);
    let round = 0;
    /** A page spread over the whole list (a fixed walk, so runs compare). */
    const pageOf = (pages: number) => ((round += 7919) % pages) + 1;
    const listCall = (limit: number, pages: number) => async () => {
      const page = pageOf(pages);
      const body = (await request(
        api,
        owner,
        'GET',
        `/staff/users?applicationId=${id}&page=${page}&limit=${limit}`,
      )) as { data: unknown[]; totalAll: number; isMultiplePluginActive: boolean };
      const expected = Math.min(limit, total - (page - 1) * limit);
      if (!body.isMultiplePluginActive || body.totalAll !== total || body.data.length !== expected)
        throw new Error(`page ${page} listed ${body.data.length} of ${body.totalAll}`);
    };
    const summaryCall = async () => {
      const body = (await request(api, owner, 'GET', '/staff/summary')) as {
        total: number;
        applications: number;
      };
      if (body.applications !== 1 || body.total !== total)
        throw new Error(`the summary counted ${body.total} in ${body.applications}`);
    };

    const rounds = { rounds: ROUNDS, warmUp: WARM_UP };
    const staffList = await measure(listCall(25, pages25), rounds);
    const staffList100 = await measure(listCall(100, pages100), rounds);
    const staffSummary = await measure(summaryCall, rounds);

    const rows: Array<[string, number[]]> = [
      [`GET staff/users, 25 a page (${total} POS users, live store, random page)`, staffList],
      [`GET staff/users, 100 a page (${total} POS users)`, staffList100],
      ['GET staff/summary (live store, one-user page)', staffSummary],
    ];
    const widths = [Math.max(...rows.map(([label]) => label.length)), 10, 10];
    const line = (cells: string[]) =>
      `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
    console.info(
      `${ROUNDS} requests each after ${WARM_UP} unmeasured; the store grew by ${toCreate} users in ${growMs} ms`,
    );
    console.info(line(['measure', 'p50', 'p99']));
    console.info(line(widths.map((w) => '-'.repeat(w))));
    const ms = (times: number[], p: number) => `${percentile(times, p).toFixed(2)} ms`;
    for (const [label, times] of rows) console.info(line([label, ms(times, 50), ms(times, 99)]));
    const summary = (times: number[]) => ({
      p50: percentile(times, 50),
      p99: percentile(times, 99),
    });
    console.info(
      JSON.stringify({
        staffList: summary(staffList),
        staffList100: summary(staffList100),
        staffSummary: summary(staffSummary),
        users: total,
        requests: ROUNDS,
      }),
    );
  } finally {
    await app?.close();
    await database.close();
    await sandbox?.close();
    provider.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
