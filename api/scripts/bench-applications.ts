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
import crypto from 'node:crypto';
import fs from 'node:fs';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { startSandbox } from '@pos/sandbox';
import type { FastifyInstance } from 'fastify';
import { exportJWK, generateKeyPair, SignJWT } from 'jose';
import { buildApp } from '../src/app';
import { loadConfig } from '../src/config';
import { openDatabase } from '../src/db';
import { migrateToLatest } from '../src/db/migrations';

const APPLICATIONS = Number(process.env.BENCH_APPLICATIONS || 20);
const ROUNDS = Number(process.env.BENCH_REQUESTS || 300);
const WARM_UP = 20;
const BASE = '/api/connect-ui';

function percentile(sorted: number[], p: number): number {
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return Math.round((sorted[Math.max(0, index)] ?? 0) * 100) / 100;
}

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

/** Mints a read_write key of the store admin through the store's test control. */
async function mintKey(store: string): Promise<{ consumer_key: string; consumer_secret: string }> {
  const response = await fetch(`${store}/_control/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: '{}',
  });
  if (response.status !== 201) throw new Error(`${store} minted no key: ${response.status}`);
  return (await response.json()) as { consumer_key: string; consumer_secret: string };
}

/** Latencies in ms of `ROUNDS` calls after `WARM_UP` unmeasured ones, sorted. */
async function measure(call: () => Promise<void>): Promise<number[]> {
  for (let i = 0; i < WARM_UP; i += 1) await call();
  const times: number[] = [];
  for (let i = 0; i < ROUNDS; i += 1) {
    const started = performance.now();
    await call();
    times.push(performance.now() - started);
  }
  return times.sort((a, b) => a - b);
}

async function main(): Promise<void> {
  if (!Number.isInteger(APPLICATIONS) || APPLICATIONS < 1) {
    throw new Error('BENCH_APPLICATIONS must be a positive whole number');
  }
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bench-apps-'));
  const { privateKey, publicKey } = await generateKeyPair('RS256');
  const jwks = JSON.stringify({
    keys: [{ ...(await exportJWK(publicKey)), kid: 'bench', alg: 'RS256', use: 'sig' }],
  });
  const jwksServer = http.createServer((_request, response) => {
    response.writeHead(200, { 'content-type': 'application/json' }).end(jwks);
  });
  await new Promise<void>((resolve) => jwksServer.listen(0, '127.0.0.1', resolve));
  const providerUrl = `http://127.0.0.1:${(jwksServer.address() as AddressInfo).port}`;

  const sandbox = await startSandbox({
    loginPort: 0,
    mailHttpPort: 0,
    smtpPort: 0,
    storePorts: Array.from({ length: APPLICATIONS }, () => 0),
    controls: true,
  });
  const config = {
    ...loadConfig({
      LOGIN_PROVIDER_URL: providerUrl,
      LOG_LEVEL: 'silent',
      // The sandbox stores run on 127.0.0.1.
      STORE_ALLOW_PRIVATE_HOSTS: '1',
      STORE_SECRET_KEY: crypto.randomBytes(32).toString('base64'),
    }),
    databaseUrl: null,
    sqlitePath: path.join(dir, 'bench.sqlite'),
    signingKeyPath: path.join(dir, 'key.json'),
  };
  const database = openDatabase(config);
  let app: FastifyInstance | undefined;
  try {
    await migrateToLatest(database.db, database.dialect);
    app = await buildApp(config, { database });
    await app.ready();
    const ready = app;

    const now = Math.floor(Date.now() / 1000);
    const bearer = async (sub: string): Promise<Headers> => {
      const token = await new SignJWT({
        email: `${sub}@bench.example`,
        name: 'Bench Manager',
        isAdmin: false,
        isVerified: true,
        nra: now + 86_400,
      })
        .setProtectedHeader({ alg: 'RS256', kid: 'bench' })
        .setIssuer(providerUrl)
        .setSubject(sub)
        .setIssuedAt(now)
        .setExpirationTime(now + 3600)
        .sign(privateKey);
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

    const list = await measure(listOf(manager, true));
    const details = await measure(detail);
    const listUnverified = await measure(listOf(unverified, false));
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
    jwksServer.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
