// Latency of GET /applications (every authorized application's store asked live, in parallel)
// and GET /applications/{id} (connection + stations of one store), through the real app:
// real JWKS verification (a local JWKS server), a real signed manager token, fastify.inject,
// and the real sandbox WooCommerce stores speaking OAuth 1.0a over http.
//
// One manager owns N authorized applications, each on its own sandbox store: the api refuses the
// same site twice for one user and a store signs only its own home URL, so N distinct live
// checks need N stores. This is the worst case the list route has (one user, many connected
// sites), rather than many users with two sites each, which would hide the fan-out.
// The stores run in this process on loopback: the figures include the stores' own work on the
// same event loop and no network round trip, so they are a floor for real remote sites, and
// the `listUnverified*` figures (the same N applications, never authorized, so no store call)
// show how much of the list's time is the live checks.
// Prints {p50Ms, p99Ms, applications, requests, detailP50Ms, detailP99Ms, listUnverifiedP50Ms,
// listUnverifiedP99Ms}.  Run: pnpm --filter @pos/api bench:applications
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { startSandbox } from '@pos/sandbox';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../src/app';
import { openDatabase } from '../src/db';
import { migrateToLatest } from '../src/db/migrations';
import {
  benchConfig,
  measure,
  activatePosPlugin,
  mintKey,
  percentile,
  positiveWhole,
  runBench,
  startBenchProvider,
} from './bench-lib';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS || 20);
const ROUNDS = Number(process.env.BENCH_REQUESTS || 300);
const WARM_UP = 20;
const BASE = '/api/connect-ui';

type Headers = { authorization: string };

async function request(
  app: FastifyInstance,
  headers: Headers,
  method: 'GET' | 'POST' | 'PUT',
  url: string,
  payload?: object,
): Promise<unknown> {
  const response = await app.inject({
    method,
    url: `${BASE}${url}`,
    headers,
    ...(payload ? { payload } : {}),
  });
  if (response.statusCode < 200 || response.statusCode >= 300) {
    throw new Error(`${method} ${url} answered ${response.statusCode}: ${response.body}`);
  }
  return response.json();
}

async function main(): Promise<void> {
  positiveWhole('BENCH_APPLICATIONS', APPLICATIONS);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bench-apps-'));
  const provider = await startBenchProvider();

  const sandbox = await startSandbox({
    loginPort: 0,
    paymentsPort: 0,
    mailHttpPort: 0,
    smtpPort: 0,
    storePorts: Array.from({ length: APPLICATIONS }, () => 0),
    controls: true,
  });
  const config = benchConfig(dir, provider.providerUrl, { sandboxStores: true });
  const database = openDatabase(config);
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(database.db, database.dialect);
    app = await buildApp(config, { database });
    await app.ready();
    const ready = app;

    const bearer = async (sub: string): Promise<Headers> => {
      const token = await provider.sign(sub, {
        email: `${sub}@bench.example`,
        name: 'Bench Manager',
        isAdmin: false,
      });
      return { authorization: `Bearer ${token}` };
    };
    const manager = await bearer('usr_bench_manager');
    const unverified = await bearer('usr_bench_unverified');

    const ids: string[] = [];
    for (const [index, store] of sandbox.stores.entries()) {
      const name = `Bench store ${index + 1}`;
      const created = (await request(ready, manager, 'POST', '/applications', {
        name,
        homeUrl: store.url,
      })) as { data: { id: string } };
      await activatePosPlugin(store.url);
      const key = await mintKey(store.url);
      const authorized = (await request(ready, manager, 'PUT', `/applications/${created.data.id}`, {
        consumerKey: key.consumer_key,
        consumerSecret: key.consumer_secret,
      })) as { data: { isVerifiedAuth: boolean } };
      if (!authorized.data.isVerifiedAuth) throw new Error(`${store.url} was not authorized`);
      ids.push(created.data.id);
      await request(ready, unverified, 'POST', '/applications', { name, homeUrl: store.url });
    }

    const listOf = (headers: Headers, verified: boolean) => async () => {
      const body = (await request(ready, headers, 'GET', '/applications')) as {
        list: Array<{ isVerifiedAuth: boolean }>;
      };
      // A store that failed its check reads as unverified: that would measure an error path.
      if (body.list.length !== APPLICATIONS || body.list.some((a) => a.isVerifiedAuth !== verified))
        throw new Error(`the list is not ${APPLICATIONS} applications with verified ${verified}`);
    };
    let next = 0;
    const detail = async () => {
      const id = ids[next % ids.length] ?? '';
      next += 1;
      const body = (await request(ready, manager, 'GET', `/applications/${id}`)) as {
        data: { isVerifiedAuth: boolean; stationsCount: number | null };
      };
      if (!body.data.isVerifiedAuth || body.data.stationsCount === null)
        throw new Error(`application ${id} lost its live check`);
    };

    const rounds = { rounds: ROUNDS, warmUp: WARM_UP };
    const list = await measure(listOf(manager, true), rounds);
    const details = await measure(detail, rounds);
    const listUnverified = await measure(listOf(unverified, false), rounds);
    console.info(
      JSON.stringify({
        p50Ms: percentile(list, 50),
        p99Ms: percentile(list, 99),
        applications: APPLICATIONS,
        requests: ROUNDS,
        detailP50Ms: percentile(details, 50),
        detailP99Ms: percentile(details, 99),
        listUnverifiedP50Ms: percentile(listUnverified, 50),
        listUnverifiedP99Ms: percentile(listUnverified, 99),
      }),
    );
  } finally {
    await app?.close();
    await database.close();
    await sandbox.close();
    provider.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
