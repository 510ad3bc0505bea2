import { execFileSync } from 'node:child_process';
import { createHmac } from 'node:crypto';
import { existsSync, readFileSync, readdirSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import OAuth from 'oauth-1.0a';

/** A WooCommerce REST key of the real store's administrator. */
export interface StoreKey {
  consumer_key: string;
  consumer_secret: string;
}

/**
 * The real store of the `real-store` step (scripts/lib/real-store.mjs): WordPress with
 * WooCommerce and the Cloud POS plugin, described by the file REAL_STORE_SITE names.
 */
interface RealStoreSite {
  wordpress: string;
  woocommerce: string;
  home: string;
  siteName: string;
  /** REST keys made for the journeys, one per connection (Delete and Disconnect revoke them). */
  journeyKeys: StoreKey[];
  /** Where the store's mail lands: one file a message (the step's sendmail stand-in). */
  mailDir: string;
  /** wp-login.php logins; the administrator's approves on WooCommerce's wc-auth pages. */
  logins: { administrator: { username: string; password: string } };
  /** The store's WordPress folder, and the site script that changes it from PHP's command line. */
  docroot: string;
  siteScript: string;
  /** The register's catalogue (site.php's shop): product and variation ids by name, a coupon. */
  shop: { products: Record<string, number>; coupon: string };
}

/** The real store, or null outside the real-store step. */
export const realStore: RealStoreSite | null = process.env.REAL_STORE_SITE
  ? (JSON.parse(readFileSync(process.env.REAL_STORE_SITE, 'utf8')) as RealStoreSite)
  : null;

/**
 * A REST key no journey has used yet. How many are used is kept beside the site's description,
 * not in this module: Playwright starts a new worker to try a failed journey again, and a
 * counter of the worker's own would hand the retry a key an earlier journey revoked.
 */
export function journeyKey(): StoreKey {
  const used = `${process.env.REAL_STORE_SITE}.keys-used`;
  const next = existsSync(used) ? Number(readFileSync(used, 'utf8')) : 0;
  writeFileSync(used, String(next + 1));
  const key = realStore?.journeyKeys[next];
  if (!key) throw new Error('the real store was set up with too few journey keys');
  return key;
}

/**
 * Sends `{method} /wp-json/{path}` to the real store signed with `key` by OAuth 1.0a
 * (HMAC-SHA256, as the api signs over http) and returns the status and JSON body: a revoked key
 * is refused.
 */
export async function signedStoreRequest(
  key: StoreKey,
  method: 'GET' | 'POST',
  path: string,
  body?: unknown,
): Promise<{ status: number; body: unknown }> {
  if (!realStore) throw new Error('REAL_STORE_SITE is not set');
  const url = `${realStore.home}/wp-json/${path}`;
  const oauth = new OAuth({
    consumer: { key: key.consumer_key, secret: key.consumer_secret },
    signature_method: 'HMAC-SHA256',
    hash_function: (base, secret) => createHmac('sha256', secret).update(base).digest('base64'),
  });
  const target = new URL(url);
  for (const [name, value] of Object.entries(oauth.authorize({ url, method }))) {
    target.searchParams.set(name, String(value));
  }
  const response = await fetch(target, {
    method,
    headers: body === undefined ? {} : { 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  return { status: response.status, body: await response.json() };
}

/** `GET /wp-json/{path}` signed with `key` (see {@link signedStoreRequest}). */
export const signedStoreGet = (key: StoreKey, path: string) => signedStoreRequest(key, 'GET', path);

/** The raw messages the real store has mailed to `email` (WordPress's wp_mail, as sent). */
export function storeMailTo(email: string): string[] {
  if (!realStore) throw new Error('REAL_STORE_SITE is not set');
  const mailDir = realStore.mailDir;
  return readdirSync(mailDir)
    .map((name) => readFileSync(path.join(mailDir, name), 'utf8'))
    .filter((message) =>
      message.split(/\r?\n/).some((line) => /^To:/i.test(line) && line.includes(email)),
    );
}

/** Runs a phase of the step's site script (wordpress-plugin/tests/wordpress/site.php) on the store. */
function siteScript(phase: string): unknown {
  if (!realStore) throw new Error('REAL_STORE_SITE is not set');
  try {
    const out = execFileSync('php', [realStore.siteScript, phase, realStore.docroot], {
      encoding: 'utf8',
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    return JSON.parse(out);
  } catch (error) {
    // PHP prints its fatal errors on standard output: both say what went wrong.
    const { stdout = '', stderr = '' } = error as { stdout?: string; stderr?: string };
    throw new Error(`site.php ${phase} failed: ${stderr}${stdout}`.trim());
  }
}

/** One webhook delivery the store made, and what its receiver answered (or the error). */
export interface StoreDelivery {
  webhook: number;
  topic: string | null;
  arg: unknown;
  status: number | string;
}

/**
 * Delivers the webhooks waiting in the store's Action Scheduler queue now, as its queue runner
 * would on WP-Cron's next `action_scheduler_run_queue` (site.php deliver-webhooks). WP-Cron
 * itself runs that event at most once a minute, whatever asks it: a journey that requests
 * wp-cron.php waits up to a minute for a delivery the previous run missed. Returns each delivery
 * with the receiver's answer; the step's store runs no other runner (real-store.mjs).
 */
export function deliverStoreWebhooks(): { deliveries: StoreDelivery[]; pending: number } {
  return siteScript('deliver-webhooks') as { deliveries: StoreDelivery[]; pending: number };
}

/**
 * Makes the store one that never had the Cloud POS plugin active (site.php plugin-off): the
 * plugin deactivated, its stations in the trash.
 */
export function storeWithoutPlugin(): void {
  siteScript('plugin-off');
}

/** Undoes {@link storeWithoutPlugin}: the plugin active, the trashed stations back. */
export function restoreStorePlugin(): void {
  siteScript('plugin-on');
}
