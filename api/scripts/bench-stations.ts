// Latency of the stations routes and of the cloud POS address, through the real api and POS
// host listening on free ports of 127.0.0.1 and called over HTTP: real JWKS verification (a
// local JWKS server), real signed tokens, and real sandbox WooCommerce stores speaking OAuth
// 1.0a over http. Measured, each as p50/p99 of `BENCH_REQUESTS` calls after a warm-up:
//  - GET /applications/{id}/stations: the store's connection, stations and users (the member
//    sync rewrites application_members) in parallel, then the slugs;
//  - PUT /applications/{id}/stations/update-slug, one station alternating between two slugs:
//    the store's stations, the compare-and-set transaction, the store's PUT and the feed entry;
//  - GET /shared-stations for a member of `BENCH_SHARED_APPLICATIONS` applications of as many
//    owners: one live stations call per application, in parallel;
//  - GET /{appSlug}/pos on the POS host with the dashboard's `pos_token` cookie, up to the
//    200 hand-off page (token check, store connection and stations, feed entry, ES256 token).
//
// The member is the demo cashier (cashier@demo.test), whom only the "Demo Coffee Roasters"
// seed lists, so every application is connected to a copy of that store, and each owner
// invites them from the dashboard (a store only shares what its owner shared, issue 25): `BENCH_STORES`
// sandboxes of one store each, the applications spread over them in turn (the default gives
// each application its own store, the worst case of the shared list's fan-out). The stores run
// in this process on loopback: the figures include the stores' own work on the same event loop
// and no network round trip, so they are a floor for real remote sites.
// Prints a table, then one JSON line {stations, updateSlug, sharedStations, cloudPosLaunch}
// (each {p50, p99} in ms), requests, sharedApplications, stores.
// Run: pnpm --filter @pos/api bench:stations
import fs from 'node:fs';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { RunningSandbox } from '@pos/sandbox';
import { COFFEE_ROASTERS, startSandbox } from '@pos/sandbox';
import type { FastifyInstance } from 'fastify';
import { buildApp, createStoreAccess, openSigningKeys } from '../src/app';
import { openDatabase } from '../src/db';
import { migrateToLatest } from '../src/db/migrations';
import { buildPosHost } from '../src/pos-host';
import {
  benchConfig,
  measure,
  mintKey,
  percentile,
  positiveWhole,
  runBench,
  startBenchProvider,
} from './bench-lib';

const SHARED_APPLICATIONS = Number(process.env.BENCH_SHARED_APPLICATIONS || 20);
// More stores than applications would leave some unused.
const STORES = Math.min(
  Number(process.env.BENCH_STORES || SHARED_APPLICATIONS),
  SHARED_APPLICATIONS,
);
const ROUNDS = Number(process.env.BENCH_REQUESTS || 200);
const WARM_UP = 20;
const BASE = '/api/connect-ui';
const MEMBER_EMAIL = 'cashier@demo.test';
/** The member's WordPress user in the "Demo Coffee Roasters" seed, whom each owner invites. */
const MEMBER_WP_USER_ID = COFFEE_ROASTERS.users.find((user) => user.email === MEMBER_EMAIL)?.id;
/** The two slugs station 2 alternates between. */
const SLUGS = ['bench-espresso', 'bench-bar'] as const;

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

async function listen(app: FastifyInstance): Promise<string> {
  await app.listen({ port: 0, host: '127.0.0.1' });
  return `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`;
}

async function main(): Promise<void> {
  positiveWhole('BENCH_SHARED_APPLICATIONS', SHARED_APPLICATIONS);
  positiveWhole('BENCH_STORES', STORES);
  positiveWhole('BENCH_REQUESTS', ROUNDS);
  if (MEMBER_WP_USER_ID === undefined) throw new Error(`the store seed has no ${MEMBER_EMAIL}`);
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-bench-stations-'));
  const provider = await startBenchProvider();
  const config = benchConfig(dir, provider.providerUrl, { sandboxStores: true });
  const database = openDatabase(config);
  const sandboxes: RunningSandbox[] = [];
  let app: FastifyInstance | undefined;
  let posHost: FastifyInstance | undefined;
  try {
    await migrateToLatest(database.db, database.dialect);
    // One store client, secret box and signing key for the api and the POS host, as server.ts.
    const access = createStoreAccess(config);
    const signingKeys = await openSigningKeys(config, database, access);
    app = await buildApp(config, { database, storeAccess: access, signingKeys });
    const api = await listen(app);
    posHost = await buildPosHost({
      database,
      access,
      repos: app.repos,
      logLevel: 'silent',
      verifier: app.verifyProviderToken,
      signingKeys,
    });
    const cloudPos = await listen(posHost);

    // The stores check hand-off tokens against the POS host's JWKS, as at POS_JWKS_URL.
    for (let i = 0; i < STORES; i += 1) {
      sandboxes.push(
        await startSandbox({
          loginPort: 0,
          paymentsPort: 0,
          mailHttpPort: 0,
          smtpPort: 0,
          storePorts: [0],
          controls: true,
          posJwks: `${cloudPos}/.well-known/jwks.json`,
        }),
      );
    }
    const stores = sandboxes.map((sandbox) => sandbox.stores[0]?.url ?? '');

    const tokenOf = (sub: string, email: string, name: string) =>
      provider.sign(sub, { email, name, isAdmin: false });

    // Each owner connects one application to a store; owner 1's is the one measured alone.
    const ids: string[] = [];
    const ownerTokens: string[] = [];
    for (let i = 0; i < SHARED_APPLICATIONS; i += 1) {
      const sub = `usr_bench_owner_${i + 1}`;
      const token = await tokenOf(sub, `${sub}@bench.example`, `Bench Owner ${i + 1}`);
      const owner = `Bearer ${token}`;
      const store = stores[i % stores.length] ?? '';
      const created = (await request(api, owner, 'POST', '/applications', {
        name: `Bench Roasters ${i + 1}`,
        homeUrl: store,
      })) as { data: { id: string } };
      const key = await mintKey(store);
      const authorized = (await request(api, owner, 'PUT', `/applications/${created.data.id}`, {
        consumerKey: key.consumer_key,
        consumerSecret: key.consumer_secret,
      })) as { data: { isVerifiedAuth: boolean } };
      if (!authorized.data.isVerifiedAuth) throw new Error(`${store} was not authorized`);
      // The invitation shares the application with the member's email.
      await request(api, owner, 'POST', '/send-invite-email', {
        applicationId: created.data.id,
        wpUserId: MEMBER_WP_USER_ID,
      });
      ids.push(created.data.id);
      ownerTokens.push(token);
    }
    const id = ids[0] ?? '';
    const ownerToken = ownerTokens[0] ?? '';
    const owner = `Bearer ${ownerToken}`;
    const appSlug = (
      (await request(api, owner, 'GET', `/applications/${id}`)) as { data: { slug: string } }
    ).data.slug;
    const slug = (stationId: string, stationSlug: string, stationName: string, old: string) =>
      request(api, owner, 'PUT', `/applications/${id}/stations/update-slug`, {
        stationId,
        stationSlug,
        stationName,
        oldStationSlug: old,
      });
    await slug('1', 'pos', 'Front Counter', '1');
    await slug('2', SLUGS[0], 'Espresso Bar', '2');
    const member = `Bearer ${await tokenOf('usr_bench_member', MEMBER_EMAIL, 'Cash Ier')}`;
    const cookie = `pos_token=${encodeURIComponent(ownerToken)}`;

    const stationsCall = async () => {
      const body = (await request(api, owner, 'GET', `/applications/${id}/stations`)) as {
        list: Array<{ posID: string }>;
      };
      if (body.list.length !== 3) throw new Error(`stations listed ${body.list.length}, not 3`);
    };
    let current = 0;
    const updateSlugCall = async () => {
      const next = 1 - current;
      const body = (await slug('2', SLUGS[next] ?? '', 'Espresso Bar', SLUGS[current] ?? '')) as {
        stationSlug: string;
      };
      if (body.stationSlug !== SLUGS[next]) throw new Error(`update-slug kept ${body.stationSlug}`);
      current = next;
    };
    const sharedCall = async () => {
      const body = (await request(api, member, 'GET', '/shared-stations')) as {
        list: Array<{ stations: unknown[] }>;
      };
      // A store left out (it failed) would measure a shorter list.
      if (
        body.list.length !== SHARED_APPLICATIONS ||
        body.list.some((g) => g.stations.length !== 3)
      )
        throw new Error(`shared-stations listed ${body.list.length} of ${SHARED_APPLICATIONS}`);
    };
    const launch = async (): Promise<string> => {
      const response = await fetch(`${cloudPos}/${appSlug}/pos`, {
        headers: { cookie },
        redirect: 'manual',
      });
      const html = await response.text();
      if (response.status !== 200 || !html.includes('<title>Opening Front Counter…</title>'))
        throw new Error(`the cloud POS address answered ${response.status}`);
      return html;
    };
    const launchCall = async () => {
      await launch();
    };

    // Once, unmeasured: the store accepts the hand-off token, so the launch measures a real one.
    const token = /name="token" value="([^"]+)"/.exec(await launch())?.[1] ?? '';
    const handedOver = await fetch(`${stores[0]}/pos/1`, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ token }).toString(),
      redirect: 'manual',
    });
    if (handedOver.status !== 303)
      throw new Error(`the store refused the hand-off token: ${handedOver.status}`);

    const rounds = { rounds: ROUNDS, warmUp: WARM_UP };
    const stations = await measure(stationsCall, rounds);
    const updateSlug = await measure(updateSlugCall, rounds);
    const sharedStations = await measure(sharedCall, rounds);
    const cloudPosLaunch = await measure(launchCall, rounds);

    const rows: Array<[string, number[]]> = [
      [
        'GET applications/{id}/stations (live store; users re-copied at most every 5 min)',
        stations,
      ],
      ['PUT stations/update-slug (transaction + store PUT)', updateSlug],
      [
        `GET shared-stations (member of ${SHARED_APPLICATIONS} apps, ${STORES} stores)`,
        sharedStations,
      ],
      ['cloud POS GET /{app}/pos → hand-off page (200)', cloudPosLaunch],
    ];
    const widths = [Math.max(...rows.map(([label]) => label.length)), 10, 10];
    const line = (cells: string[]) =>
      `| ${cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join(' | ')} |`;
    console.info(`${ROUNDS} requests each after ${WARM_UP} unmeasured`);
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
        stations: summary(stations),
        updateSlug: summary(updateSlug),
        sharedStations: summary(sharedStations),
        cloudPosLaunch: summary(cloudPosLaunch),
        requests: ROUNDS,
        sharedApplications: SHARED_APPLICATIONS,
        stores: STORES,
      }),
    );
  } finally {
    await posHost?.close();
    await app?.close();
    await database.close();
    for (const sandbox of sandboxes) await sandbox.close();
    provider.close();
    fs.rmSync(dir, { recursive: true, force: true });
  }
}

runBench(main);
