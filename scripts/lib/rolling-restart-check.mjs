#!/usr/bin/env node
// The rolling restart under load (npm test's `rolling-restart` step): the production topology
// (nginx in front of two api instances on PostgreSQL: POS_NGINX=1, E2E_API_INSTANCES=2,
// DATABASE_URL, set by the step) on fresh data; then, while autocannon sends a steady load
// through nginx for at most LOAD_SECONDS — reads of the api, and WooCommerce deliveries of new
// orders signed as the demo store signs them — the api instances are restarted one at a time.
// Passes when no request failed (every answer 2xx, no error, no timeout) and every delivered
// order is stored. Writes a jest-shaped report (--report FILE) for the summary's counts.
import { createHmac, randomUUID } from 'node:crypto';
import { rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import autocannon from 'autocannon';
import { demoApplicationSlug, demoStoreKey, repoRoot, urls } from './services.mjs';
import { startStack } from './stack.mjs';

/** The longest the load runs: the restart of two instances takes seconds. */
const LOAD_SECONDS = 90;
/** Steady, not a flood: under nginx's per-address limits, as real traffic from one address. */
const READS_PER_SECOND = 100;
const DELIVERIES_PER_SECOND = 20;

const requireApi = createRequire(path.join(repoRoot, 'api/package.json'));
const OAuth = requireApi('oauth-1.0a');
const pg = requireApi('pg');

/** GET of the demo store's REST API with the demo key, signed with OAuth 1.0a as the api does. */
async function storeGet(storeUrl, key, pathname) {
  const oauth = new OAuth({
    consumer: { key: key.consumerKey, secret: key.consumerSecret },
    signature_method: 'HMAC-SHA256',
    hash_function: (base, secret) => createHmac('sha256', secret).update(base).digest('base64'),
  });
  const url = new URL(`${storeUrl}/wp-json/wc/v3/${pathname}`);
  for (const [name, value] of Object.entries(oauth.authorize({ url: url.href, method: 'GET' }))) {
    url.searchParams.set(name, String(value));
  }
  const response = await fetch(url);
  if (!response.ok) throw new Error(`${pathname}: ${response.status} ${await response.text()}`);
  return response.json();
}

/** The demo application's order.created webhook on the demo store, once the api made it. */
async function orderWebhook(storeUrl, key) {
  const deadline = Date.now() + 60_000;
  while (Date.now() < deadline) {
    const hooks = await storeGet(storeUrl, key, 'webhooks');
    const hook = hooks.find((h) => h.topic === 'order.created' && h.status === 'active');
    if (hook) return storeGet(storeUrl, key, `webhooks/${hook.id}`);
    await new Promise((resolve) => setTimeout(resolve, 500));
  }
  throw new Error("the demo application's order.created webhook never appeared");
}

/** An autocannon run through nginx (the stack's certificate is self-signed). */
function load(options) {
  return autocannon({
    connections: 4,
    duration: LOAD_SECONDS,
    timeout: 10,
    ...options,
    // The stack's self-signed certificate.
    tlsOptions: { rejectUnauthorized: false },
  });
}

const failuresOf = (result) => ({
  requests: result.requests.total,
  non2xx: result.non2xx,
  errors: result.errors,
  timeouts: result.timeouts,
});

async function main() {
  const reportAt = process.argv.indexOf('--report');
  const report = reportAt > 0 ? process.argv[reportAt + 1] : null;
  const dataDir = path.join(repoRoot, '.run/rolling-restart-data');
  rmSync(dataDir, { recursive: true, force: true });
  process.env.DATABASE_SCHEMA ??= `rolling_${Date.now().toString(36)}`;
  const stack = await startStack({
    dataDir,
    logDir: path.join(repoRoot, '.run/rolling-restart-logs'),
    test: true,
  });
  const checks = [];
  try {
    const store = urls.stores[0];
    const hook = await orderWebhook(store, demoStoreKey(dataDir));
    let nextOrder = 900_000;
    const delivered = [];
    const deliveries = load({
      url: hook.delivery_url,
      overallRate: DELIVERIES_PER_SECOND,
      requests: [
        {
          method: 'POST',
          setupRequest(request) {
            const id = (nextOrder += 1);
            const body = JSON.stringify({
              id,
              status: 'processing',
              currency: 'USD',
              total: '4.50',
              date_created_gmt: new Date().toISOString().slice(0, 19),
              date_modified_gmt: new Date().toISOString().slice(0, 19),
              created_via: 'checkout',
              meta_data: [],
            });
            delivered.push(id);
            return {
              ...request,
              body,
              headers: {
                'content-type': 'application/json',
                'x-wc-webhook-source': `${store}/`,
                'x-wc-webhook-topic': 'order.created',
                'x-wc-webhook-resource': 'order',
                'x-wc-webhook-event': 'created',
                'x-wc-webhook-id': String(hook.id),
                'x-wc-webhook-delivery-id': randomUUID().replace(/-/g, ''),
                'x-wc-webhook-signature': createHmac('sha256', hook.secret)
                  .update(body)
                  .digest('base64'),
              },
            };
          },
        },
      ],
    });
    const reads = load({
      url: `${urls.shell}/api/connect-ui/health`,
      overallRate: READS_PER_SECOND,
    });
    // A second of steady load first, then the instances one at a time, then a second more.
    await new Promise((resolve) => setTimeout(resolve, 1000));
    const started = Date.now();
    await stack.rollingRestart((line) => console.info(`rolling restart: ${line}`));
    console.info(`rolling restart: done in ${((Date.now() - started) / 1000).toFixed(1)} s`);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    deliveries.stop();
    reads.stop();
    const [deliveryResult, readResult] = await Promise.all([deliveries, reads]);

    const read = failuresOf(readResult);
    checks.push({
      title: `reads through nginx during the restart: ${read.requests} requests, none failed`,
      ok: read.requests > 0 && read.non2xx === 0 && read.errors === 0 && read.timeouts === 0,
      detail: read,
    });
    const sent = failuresOf(deliveryResult);
    checks.push({
      title: `webhook deliveries during the restart: ${sent.requests} sent, none refused`,
      ok: sent.requests > 0 && sent.non2xx === 0 && sent.errors === 0 && sent.timeouts === 0,
      detail: sent,
    });
    const db = new pg.Client({
      connectionString: process.env.DATABASE_URL,
      options: `-c search_path=${process.env.DATABASE_SCHEMA}`,
    });
    await db.connect();
    const stored = (
      await db.query(
        `select count(*)::int as n from orders o join applications a on a.id = o.application_id
          where a.slug = $1 and o.store_order_id > 900000`,
        [demoApplicationSlug],
      )
    ).rows[0].n;
    await db.end();
    // Stopping the load may leave a delivery sent but not yet answered: it may be stored too.
    checks.push({
      title: `every delivered order is stored: ${stored} stored, ${sent.requests} answered`,
      ok: sent.requests > 0 && stored >= sent.requests && stored <= delivered.length,
      detail: { stored, answered: sent.requests, prepared: delivered.length },
    });
  } finally {
    await stack.stop();
  }
  for (const check of checks) {
    console.info(
      `${check.ok ? '✓' : '✗'} ${check.title}${check.ok ? '' : ` ${JSON.stringify(check.detail)}`}`,
    );
  }
  const failed = checks.filter((check) => !check.ok).length;
  if (report) {
    writeFileSync(
      report,
      JSON.stringify({
        numPassedTests: checks.length - failed,
        numFailedTests: failed,
        numRuntimeErrorTestSuites: 0,
      }),
    );
  }
  process.exit(failed === 0 ? 0 : 1);
}

main().catch((error) => {
  console.error(error);
  process.exit(1);
});
