import path from 'node:path';
import type { SandboxOptions } from './config';
import { DEFAULT_DASHBOARD_ORIGINS, DEFAULT_PAYMENTS_KEYS } from './config';
import { startLoginProvider } from './login/provider';
import { createOutboxApp } from './mail/http';
import { Outbox } from './mail/outbox';
import { startSmtpServer } from './mail/smtp';
import { startPayments } from './payments/server';
import { DEFAULT_POS_JWKS_URL } from './store/handoff';
import { storeSeed, withDemoSlugs } from './store/seed';
import { startStore } from './store/server';

/** One sandbox WooCommerce store, as listed in {@link RunningSandbox.stores}. */
export interface SandboxStore {
  /** Site name ("Demo Coffee Roasters", "Demo Book Nook"). */
  name: string;
  /** Home URL, `http://{host}:{port}`. */
  url: string;
  /** Store admin login for /wp-login.php and the wc-auth approve page. */
  adminUsername: string;
  adminPassword: string;
}

/** The payments sandbox, as listed in {@link RunningSandbox.payments}. */
export interface SandboxPayments {
  /** Base URL: the `stripe` SDK's host/port/protocol, and Stripe.js at `{url}/v3/`. */
  url: string;
  secretKey: string;
  publishableKey: string;
  webhookSecret: string;
  /** Resolves when every queued webhook delivery (retries included) has finished. */
  webhooksIdle(): Promise<void>;
}

/** The running sandbox, as returned by {@link startSandbox}. */
export interface RunningSandbox {
  /** Login provider base URL, which is also the `iss` of its tokens. */
  loginUrl: string;
  /** Mail outbox HTTP base URL (`/messages`, `/`). */
  mailHttpUrl: string;
  /** Port of the SMTP listener on the sandbox host. */
  smtpPort: number;
  /** The received mail, for in-process tests. */
  outbox: Outbox;
  /** The sandbox WooCommerce stores, in the order of `storePorts`. */
  stores: SandboxStore[];
  /** The Stripe-compatible payments sandbox. */
  payments: SandboxPayments;
  /** Stops every listener. */
  close(): Promise<void>;
}

const DEFAULTS = {
  host: '127.0.0.1',
  loginPort: 4100,
  mailHttpPort: 4101,
  smtpPort: 2525,
  storePorts: [4201, 4202, 4203],
  paymentsPort: 4600,
  paymentsWebhookRetryDelays: [1000, 5000, 25000],
  accessTokenTtl: 3600,
  refreshWindowTtl: 86400,
};

function positive(name: string, value: number): number {
  if (!Number.isInteger(value) || value <= 0) throw new Error(`${name} must be a positive integer`);
  return value;
}

/**
 * Each entry must be a bare origin (`scheme://host[:port]`): tokens are sent to
 * `{origin}/login/{token}` and CORS compares the browser's Origin header exactly, so a
 * trailing slash, a path or user info (`http://app.test@evil.test` is evil.test) would
 * send tokens somewhere else than it reads or never match.
 */
function checkedOrigins(origins: string[]): string[] {
  for (const origin of origins) {
    let parsed: URL | undefined;
    try {
      parsed = new URL(origin);
    } catch {
      parsed = undefined;
    }
    if (!parsed || parsed.origin !== origin || !/^https?:$/.test(parsed.protocol)) {
      throw new Error(
        `DASHBOARD_ORIGINS entries must be origins like http://127.0.0.1:3000, got "${origin}"`,
      );
    }
  }
  return origins;
}

/** An http(s) dashboard address without a trailing slash (the popup's paths are appended). */
function checkedDashboardUrl(url: string): string {
  let parsed: URL | undefined;
  try {
    parsed = new URL(url);
  } catch {
    parsed = undefined;
  }
  if (!parsed || !/^https?:$/.test(parsed.protocol) || parsed.username || parsed.password) {
    throw new Error(
      `DASHBOARD_URL must be an http(s) address like http://127.0.0.1:3000, got "${url}"`,
    );
  }
  return `${parsed.origin}${parsed.pathname}`.replace(/\/+$/, '');
}

/**
 * Starts the mail outbox (SMTP + HTTP), the login provider, the WooCommerce stores and the
 * payments sandbox. Ports default to 4100, 4101, 2525, 4201/4202/4203 and 4600; pass 0 for free ports. The data dir defaults to memory here (tests); the command line
 * (`node dist/index.js`) defaults it to `<repo>/.data/sandbox`.
 */
/** How far back the demo store's generated orders go. */
export const DEMO_ORDER_DAYS = 120;

export async function startSandbox(options: SandboxOptions = {}): Promise<RunningSandbox> {
  const host = options.host ?? DEFAULTS.host;
  const now = options.now ?? Date.now;
  const dashboardOrigins = options.dashboardOrigins?.length
    ? checkedOrigins(options.dashboardOrigins)
    : DEFAULT_DASHBOARD_ORIGINS;
  const dashboardUrl = checkedDashboardUrl(options.dashboardUrl ?? dashboardOrigins[0] ?? '');
  const outbox = new Outbox();
  const closers: Array<() => Promise<void>> = [];
  const closeAll = async () => {
    for (const close of closers.reverse()) await close().catch(() => undefined);
  };
  try {
    const smtp = await startSmtpServer(outbox, host, options.smtpPort ?? DEFAULTS.smtpPort, now);
    closers.push(smtp.close);

    const mailApp = createOutboxApp(outbox);
    await mailApp.listen({ host, port: options.mailHttpPort ?? DEFAULTS.mailHttpPort });
    closers.push(() => mailApp.close());
    const mailAddress = mailApp.server.address();
    const mailPort = typeof mailAddress === 'object' && mailAddress ? mailAddress.port : 0;

    const provider = await startLoginProvider({
      host,
      port: options.loginPort ?? DEFAULTS.loginPort,
      publicUrl: options.loginPublicUrl,
      dashboardOrigins,
      accessTokenTtl: positive('accessTokenTtl', options.accessTokenTtl ?? DEFAULTS.accessTokenTtl),
      refreshWindowTtl: positive(
        'refreshWindowTtl',
        options.refreshWindowTtl ?? DEFAULTS.refreshWindowTtl,
      ),
      dataDir: options.dataDir ?? null,
      controls: options.controls ?? false,
      smtpRelay: options.smtpRelay ?? { host, port: smtp.port },
      supportUrl: options.supportUrl,
      now,
      limits: options.loginRateLimits,
    });
    closers.push(provider.close);

    const stores: SandboxStore[] = [];
    const storePorts = options.storePorts ?? DEFAULTS.storePorts;
    const demoKey = options.demoStoreKey;
    for (const [index, port] of storePorts.entries()) {
      // The demo key belongs to the first store, which then starts as the demo seed left it.
      const withDemo = index === 0 && demoKey !== undefined;
      const store = await startStore({
        host,
        port,
        seed: withDemo ? withDemoSlugs(storeSeed(index)) : storeSeed(index),
        demoKey: withDemo
          ? { consumer_key: demoKey.consumerKey, consumer_secret: demoKey.consumerSecret }
          : undefined,
        posJwks: options.posJwks ?? DEFAULT_POS_JWKS_URL,
        // Keyed by position, not port: moving a store to another port keeps its keys.
        stateFile: options.dataDir
          ? path.join(options.dataDir, 'stores', `${index + 1}.json`)
          : null,
        smtpRelay: options.smtpRelay ?? { host, port: smtp.port },
        callbackCa: options.storeCallbackCa,
        webhookTiming: options.webhookTiming,
        // The demo store has a few months of orders (both channels, every station).
        demoOrderDays: withDemo ? DEMO_ORDER_DAYS : 0,
        controls: options.controls ?? false,
        dashboardUrl,
        now,
      });
      closers.push(store.close);
      const { name, url, adminUsername, adminPassword } = store;
      stores.push({ name, url, adminUsername, adminPassword });
    }

    const paymentKeys = {
      secretKey: options.paymentsSecretKey ?? DEFAULT_PAYMENTS_KEYS.secretKey,
      publishableKey: options.paymentsPublishableKey ?? DEFAULT_PAYMENTS_KEYS.publishableKey,
      webhookSecret: options.paymentsWebhookSecret ?? DEFAULT_PAYMENTS_KEYS.webhookSecret,
    };
    const payments = await startPayments({
      host,
      port: options.paymentsPort ?? DEFAULTS.paymentsPort,
      publicUrl: options.paymentsPublicUrl,
      stateFile: options.dataDir ? path.join(options.dataDir, 'payments.json') : null,
      ...paymentKeys,
      webhookUrl: options.paymentsWebhookUrl ?? null,
      webhookRetryDelays: options.paymentsWebhookRetryDelays ?? DEFAULTS.paymentsWebhookRetryDelays,
      controls: options.controls ?? false,
      now,
    });
    closers.push(payments.close);

    return {
      loginUrl: provider.url,
      mailHttpUrl: `http://${host}:${mailPort}`,
      smtpPort: smtp.port,
      outbox,
      stores,
      payments: { url: payments.url, ...paymentKeys, webhooksIdle: payments.webhooksIdle },
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
