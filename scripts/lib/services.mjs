// The processes of the product and where they listen. One table, used by `npm start`,
// the end-to-end tests and the benchmark.
import crypto from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import {
  NGINX_BINARY,
  brotliInstalled,
  ensureCertificate,
  nginxArgs,
  writeNginxConfig,
} from './nginx.mjs';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');

const host = '127.0.0.1';
const port = (name, fallback) => Number(process.env[name] ?? fallback);

/** Each service's port: the environment variable that sets it, and its default. */
const portTable = {
  shell: ['SHELL_PORT', 3000],
  api: ['API_PORT', 4000],
  login: ['LOGIN_PORT', 4100],
  mailHttp: ['MAIL_HTTP_PORT', 4101],
  smtp: ['SMTP_PORT', 2525],
  control: ['CONTROL_PORT', 3099],
  posHost: ['POS_HOST_PORT', 4443],
  cloudPos: ['CLOUD_POS_PORT', 4300],
  payments: ['PAYMENTS_PORT', 4600],
  // nginx's, in the production topology (POS_NGINX=1): the dashboard's https entry, the plain
  // http one that redirects, and the cloud POS addresses' https entry.
  https: ['HTTPS_PORT', 443],
  http: ['HTTP_PORT', 80],
  cloudPosHttps: ['CLOUD_POS_HTTPS_PORT', 8443],
};

export const ports = Object.fromEntries(
  Object.entries(portTable).map(([key, [name, fallback]]) => [key, port(name, fallback)]),
);

/**
 * The production topology (`npm run start:prod`, the e2e-scale step): nginx is the one entry
 * point, with TLS; it serves the built files and spreads the api and the POS host over the
 * instances. Otherwise the shell's server proxies the api, as `npm start` does.
 */
export const behindNginx = process.env.POS_NGINX === '1';

/**
 * The api's instances (API_INSTANCES or E2E_API_INSTANCES, 1 by default): several share one
 * PostgreSQL (DATABASE_URL) behind nginx or the shell's proxy, which takes them in turn. Their
 * ports are API_PORTS (comma-separated) or API_PORT, API_PORT + 1, …; the first is `ports.api`.
 * Behind nginx each one's plain-http POS host listens on CLOUD_POS_PORT + its index.
 */
export const apiInstances = (() => {
  const count = Number(process.env.API_INSTANCES || process.env.E2E_API_INSTANCES || 1);
  if (!Number.isInteger(count) || count < 1) {
    throw new Error(`API_INSTANCES must be a whole number ≥ 1, got ${count}`);
  }
  if (count > 1 && !process.env.DATABASE_URL) {
    throw new Error('API_INSTANCES > 1 needs DATABASE_URL: a SQLite file is one process’s');
  }
  const given = (process.env.API_PORTS ?? '').split(',').filter(Boolean).map(Number);
  return Array.from({ length: count }, (_, i) => given[i] ?? ports.api + i);
})();

/** The sandbox's demo WooCommerce sites, one origin each (STORE_PORTS overrides them). */
export const storePorts = (process.env.STORE_PORTS ?? '4201,4202,4203')
  .split(',')
  .map((value) => Number(value.trim()));

/** An https origin of this host, without the port when it is https's own. */
const httpsOrigin = (httpsPort) => `https://${host}${httpsPort === 443 ? '' : `:${httpsPort}`}`;

export const urls = {
  shell: behindNginx ? httpsOrigin(ports.https) : `http://${host}:${ports.shell}`,
  api: `http://${host}:${ports.api}`,
  login: `http://${host}:${ports.login}`,
  mail: `http://${host}:${ports.mailHttp}`,
  control: `http://${host}:${ports.control}`,
  /** The api's HTTPS listener that WooCommerce calls back (the public POS host in production). */
  posHost: behindNginx ? httpsOrigin(ports.https) : `https://${host}:${ports.posHost}`,
  /**
   * The cloud POS addresses `/{appSlug}/{stationSlug}`: the same POS host app over plain http,
   * so a browser opens them without a certificate warning (production serves both over https).
   */
  cloudPos: behindNginx ? httpsOrigin(ports.cloudPosHttps) : `http://${host}:${ports.cloudPos}`,
  stores: storePorts.map((storePort) => `http://${host}:${storePort}`),
  /** The sandbox's Stripe-compatible payments API (`stripe` SDK host) and Stripe.js (`/v3/`). */
  payments: `http://${host}:${ports.payments}`,
};

/**
 * Where the payments sandbox sends its signed events: the api's Stripe webhook endpoint
 * (`stripe.webhooks.constructEvent` with {@link paymentsKeys}' webhookSecret).
 */
export const paymentsWebhookUrl = `${behindNginx ? urls.shell : urls.api}/api/connect-ui/stripe/webhook`;

/** Stripe's test cards the payments sandbox knows, for the banner and the journeys. */
export const testCards = [
  { number: '4242 4242 4242 4242', outcome: 'succeeds' },
  { number: '4000 0000 0000 0002', outcome: "declined: 'Your card was declined.'" },
  { number: '4000 0000 0000 9995', outcome: "declined: 'Your card has insufficient funds.'" },
  { number: '4000 0000 0000 0341', outcome: 'saved, but every charge is declined' },
];

/** The payments sandbox's demo promotion codes. */
export const demoPromotionCodes = [
  { code: 'WELCOME10', what: '10% off for 3 months' },
  { code: 'FIVEOFF', what: '$5 off once' },
];

/**
 * The Cloud POS WordPress plugin's download: built by `npm start` and the test build
 * (plugin-zip.mjs), offered by the shell's server at this dashboard path.
 */
export const pluginDownload = {
  path: '/downloads/cloud-pos.zip',
  file: path.join(repoRoot, 'wordpress-plugin/dist/cloud-pos.zip'),
};

/** The multiple-user (Staff) add-on's download, built and offered beside the plugin's. */
export const staffPluginDownload = {
  path: '/downloads/cloud-pos-staff.zip',
  file: path.join(repoRoot, 'wordpress-plugin/dist/cloud-pos-staff.zip'),
};

/**
 * The onboarding popup's pages (shell/src/popup/paths.ts): the shell's server answers them with
 * the popup's own page (shell/dist/popup/popup.html, relative to the shell's root), not the app.
 */
export const popupPages = {
  paths: ['/service-onboarding', '/service-launch-confirm'],
  file: 'popup/popup.html',
};

/** The store administrator's login on every sandbox store. */
export const storeAdmin = { username: 'storeadmin', password: 'demo1234' };

/** A navigation item a remote's contract has, declared in remotes.json (`slots`). */
const navItem = (id, label, path, access, order, disabledWhenBanned, icon) => ({
  id,
  label,
  path,
  access,
  order,
  disabledWhenBanned,
  icon,
});

/** A dashboard tile a remote's contract has, and the rows of the tile grid it takes. */
const tile = (id, title, access, order, rows) => ({ id, title, access, order, rows });

/**
 * The remotes, each built and served on its own. `routes` are the path prefixes the remote
 * serves, published in remotes.json so the shell can name a slot even when the remote is down.
 * `slots` are the navigation items, dashboard tiles and navigation widgets of its contract (the
 * same ids, texts and order; shell/src/config/remoteSlots.ts), with the height each takes:
 * the first paint and the shell lay them out before any remote has loaded, so a remote arriving
 * moves nothing (issue 30). They must follow the contract: a test compares them.
 */
export const remotes = [
  {
    pkg: 'mf-admin',
    name: 'mf_admin',
    title: 'Admin Panel',
    access: 'admin',
    port: port('MF_ADMIN_PORT', 3006),
    routes: ['/admin-panel'],
    slots: {
      navItems: [
        navItem('admin-panel', 'Admin Panel', '/admin-panel', 'admin', 70, true, 'shield'),
      ],
      tiles: [tile('admin-users', 'Users', 'admin', 90, 1)],
    },
  },
  {
    pkg: 'mf-applications',
    name: 'mf_applications',
    title: 'Applications',
    access: 'manager',
    port: port('MF_APPLICATIONS_PORT', 3001),
    routes: ['/applications', '/wc-authorization'],
    slots: {
      navItems: [
        navItem(
          'applications',
          'Applications',
          '/applications',
          'manager',
          20,
          true,
          'applications',
        ),
      ],
      tiles: [tile('applications', 'Applications', 'manager', 20, 1)],
    },
  },
  {
    pkg: 'mf-stations',
    name: 'mf_stations',
    title: 'Stations',
    access: 'all',
    port: port('MF_STATIONS_PORT', 3002),
    routes: ['/stations', '/applications/:id/stations', '/applications/:id/shared-stations'],
    slots: {
      navItems: [navItem('stations', 'Stations', '/stations', 'all', 60, true, 'stations')],
      tiles: [tile('pos', 'POS', 'all', 30, 2)],
    },
  },
  {
    pkg: 'mf-billing',
    name: 'mf_billing',
    title: 'My Plan',
    access: 'all',
    port: port('MF_BILLING_PORT', 3003),
    routes: ['/subscription-plans'],
    slots: { tiles: [tile('my-plan', 'My Plan', 'all', 40, 2)] },
  },
  {
    pkg: 'mf-analytics',
    name: 'mf_analytics',
    // The remote serves /activity too: its failure names the remote, not one of its pages.
    title: 'Analytics',
    access: 'manager',
    port: port('MF_ANALYTICS_PORT', 3004),
    routes: ['/analytics', '/print-analytics', '/activity'],
    slots: {
      navItems: [
        navItem(
          'order-analytics',
          'Order Analytics',
          '/analytics',
          'manager',
          10,
          false,
          'analytics',
        ),
        navItem('activity', 'Activity', '/activity', 'manager', 50, false, 'activity'),
      ],
      tiles: [
        tile('order-analytics', 'Order Analytics', 'manager', 10, 1),
        tile('activity-feed', 'Recent Activity', 'manager', 50, 3),
      ],
    },
  },
  {
    pkg: 'mf-staff',
    name: 'mf_staff',
    title: 'Staff',
    access: 'manager',
    port: port('MF_STAFF_PORT', 3007),
    routes: ['/staff'],
    slots: {
      navItems: [navItem('staff', 'Staff', '/staff', 'manager', 30, false, 'staff')],
      tiles: [tile('staff', 'Staff', 'manager', 25, 1)],
    },
  },
  {
    pkg: 'mf-assistant',
    name: 'mf_assistant',
    title: 'Assistant',
    access: 'manager',
    port: port('MF_ASSISTANT_PORT', 3008),
    // No page of its own: the side navigation's progress widget and the panel it opens.
    routes: [],
    slots: {
      navWidgets: [
        {
          id: 'assistant',
          title: 'Assistant',
          access: 'manager',
          order: 10,
          height: 106,
          collapsedHeight: 56,
        },
      ],
    },
  },
];

/**
 * The environment of a second stack beside this one: every port of this table (the stack's
 * services, api instances, demo stores and remotes) moved by `offset`, so two test stacks run
 * side by side (keep the result below 32768: higher ports collide with outgoing connections).
 * @param {number} offset
 * @returns {Record<string, string>}
 */
export function shiftedPortEnv(offset) {
  const shift = (value) => {
    const moved = value + offset;
    if (moved >= 32768) throw new Error(`port ${value} + ${offset} is above 32767`);
    return String(moved);
  };
  const env = Object.fromEntries(
    Object.entries(portTable).map(([key, [name]]) => [name, shift(ports[key])]),
  );
  for (const remote of remotes) {
    env[`${remote.pkg.replace(/-/g, '_').toUpperCase()}_PORT`] = shift(remote.port);
  }
  env.STORE_PORTS = storePorts.map(shift).join(',');
  if (process.env.API_PORTS) env.API_PORTS = apiInstances.map(shift).join(',');
  return env;
}

/**
 * nginx's ports for a test stack behind it (the e2e-scale and rolling-restart steps, the
 * real-store journeys): HTTPS_PORT, HTTP_PORT and CLOUD_POS_HTTPS_PORT when set, else beside
 * the shell's (a machine's other stacks keep 443 and 80).
 * @returns {{ HTTPS_PORT: string, HTTP_PORT: string, CLOUD_POS_HTTPS_PORT: string }}
 */
export function edgePortEnv() {
  const shell = Number(process.env.SHELL_PORT ?? 3000);
  return {
    HTTPS_PORT: process.env.HTTPS_PORT ?? String(shell + 443),
    HTTP_PORT: process.env.HTTP_PORT ?? String(shell + 80),
    CLOUD_POS_HTTPS_PORT: process.env.CLOUD_POS_HTTPS_PORT ?? String(shell + 444),
  };
}

/** The slug of the demo manager's connected application (the api's demo seed). */
export const demoApplicationSlug = 'demo-coffee-roasters';

export const demoAccounts = [
  { email: 'manager@demo.test', password: 'demo1234', role: 'manager' },
  { email: 'cashier@demo.test', password: 'demo1234', role: 'cashier' },
  { email: 'admin@demo.test', password: 'demo1234', role: 'admin (also a manager)' },
];

/**
 * Runtime configuration the shell reads from /config.json. Stripe.js comes from the payments
 * sandbox (`/v3/`) with the data folder's publishable key; production names
 * https://js.stripe.com/v3 and a live key instead.
 * @param {string} dataDir
 */
export function shellConfig(dataDir) {
  const docs = 'https://docs.cloudpos.example';
  return {
    loginProviderUrl: urls.login,
    cloudPosUrl: urls.cloudPos,
    stripe: { publishableKey: paymentsKeys(dataDir).publishableKey, jsUrl: `${urls.payments}/v3/` },
    supportEmail: 'support@cloudpos.example',
    salesEmail: 'sales@cloudpos.example',
    accountSettingsUrl: `${urls.login}/account`,
    appsDashboardUrl: `${urls.login}/apps`,
    links: {
      quickStart: `${docs}/quick-start`,
      support: 'https://support.cloudpos.example',
      documentation: docs,
      paymentGuide: `${docs}/payments`,
      integrations: `${docs}/integrations`,
      hardware: `${docs}/hardware`,
      privacy: 'https://cloudpos.example/privacy',
      terms: 'https://cloudpos.example/terms',
      learnMore: 'https://cloudpos.example/features',
    },
  };
}

/** The remotes.json document: each remote's manifest URL. */
export function remotesDocument() {
  return {
    remotes: remotes.map((remote) => ({
      name: remote.name,
      entry: behindNginx
        ? `${urls.shell}/remotes/${remote.pkg}/mf-manifest.json`
        : `http://${host}:${remote.port}/mf-manifest.json`,
      routes: remote.routes,
      title: remote.title,
      access: remote.access,
      slots: remote.slots,
    })),
  };
}

/**
 * The REST key the first demo store has pre-approved and the api's demo application uses, so
 * the demo manager starts with a connected store. Made once per data folder (mode 0600).
 * @param {string} dataDir
 * @returns {{ consumerKey: string, consumerSecret: string }}
 */
export function demoStoreKey(dataDir) {
  const file = path.join(dataDir, 'demo-store-key.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  const key = {
    consumerKey: `ck_${crypto.randomBytes(20).toString('hex')}`,
    consumerSecret: `cs_${crypto.randomBytes(20).toString('hex')}`,
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(key), { mode: 0o600 });
  return key;
}

/**
 * The payments sandbox's keys, made once per data folder (mode 0600): the secret key the api
 * uses with the `stripe` SDK, the publishable key Stripe.js gets, and the webhook signing secret.
 * @param {string} dataDir
 * @returns {{ secretKey: string, publishableKey: string, webhookSecret: string }}
 */
export function paymentsKeys(dataDir) {
  const file = path.join(dataDir, 'payments-keys.json');
  if (fs.existsSync(file)) return JSON.parse(fs.readFileSync(file, 'utf8'));
  const random = () => crypto.randomBytes(16).toString('hex');
  const keys = {
    secretKey: `sk_test_${random()}`,
    publishableKey: `pk_test_${random()}`,
    webhookSecret: `whsec_${random()}`,
  };
  fs.mkdirSync(dataDir, { recursive: true });
  fs.writeFileSync(file, JSON.stringify(keys), { mode: 0o600 });
  return keys;
}

/**
 * The TLS certificate and key of the POS host and of nginx: TLS_CERT_PATH and TLS_KEY_PATH
 * (production's), or a self-signed pair in the data folder, made when missing.
 * @param {string} dataDir
 */
export function tlsFiles(dataDir) {
  return {
    cert: path.resolve(process.env.TLS_CERT_PATH ?? path.join(dataDir, 'tls', 'pos-host.crt')),
    key: path.resolve(process.env.TLS_KEY_PATH ?? path.join(dataDir, 'tls', 'pos-host.key')),
  };
}

/**
 * nginx's site of this stack (scripts/lib/nginx.mjs): its folder in the data folder, the api
 * instances' pools, the shell's server and every built remote.
 * @param {{ dataDir: string, logDir: string, down?: number[] }} options
 */
export function nginxSite({ dataDir, logDir, down = [] }) {
  return {
    prefix: path.join(dataDir, 'nginx'),
    logDir,
    ports: { https: ports.https, http: ports.http, cloudPosHttps: ports.cloudPosHttps },
    serverName: process.env.SERVER_NAME || '_',
    tls: tlsFiles(dataDir),
    instances: apiInstances.map((apiPort, i) => ({ api: apiPort, posHost: ports.cloudPos + i })),
    down,
    shell: { port: ports.shell, root: path.join(repoRoot, 'shell/dist') },
    remotes: remotes.map((remote) => ({
      pkg: remote.pkg,
      root: path.join(repoRoot, remote.pkg, 'dist'),
    })),
    brotli: brotliInstalled(),
  };
}

/**
 * Every service: how to run it and how to know it is up. A service's `prepare`, when it has
 * one, runs before each start (nginx's writes its configuration).
 * @param {{ dataDir: string, test: boolean, logDir?: string }} options
 */
export function services({ dataDir, test, logDir = path.join(dataDir, 'logs') }) {
  const node = process.execPath;
  const staticServer = path.join(repoRoot, 'scripts/static-server.mjs');
  // BENCH_DASHBOARD_ORIGINS: the bench's monolith of the shell, which signs in like the shell.
  const origins = [
    urls.shell,
    `http://localhost:${ports.shell}`,
    ...(process.env.BENCH_DASHBOARD_ORIGINS ?? '').split(',').filter(Boolean),
  ].join(',');
  // The api generates the POS host's certificate here (behind nginx, this does: nginx serves
  // it too); the stores trust exactly it.
  const tls = tlsFiles(dataDir);
  if (behindNginx) ensureCertificate(tls.cert, tls.key);
  const posHostCert = tls.cert;
  const demoKey = demoStoreKey(dataDir);
  const payments = paymentsKeys(dataDir);
  const jwksUrl = `${urls.cloudPos}/.well-known/jwks.json`;
  return [
    {
      name: 'sandbox',
      command: node,
      args: [path.join(repoRoot, 'sandbox/dist/index.js')],
      env: {
        LOGIN_PORT: String(ports.login),
        MAIL_HTTP_PORT: String(ports.mailHttp),
        SMTP_PORT: String(ports.smtp),
        DASHBOARD_ORIGINS: origins,
        // The stores' "Connect to Cloud POS" screen opens the onboarding popup from here.
        DASHBOARD_URL: urls.shell,
        SANDBOX_DATA_DIR: path.join(dataDir, 'sandbox'),
        STORE_PORTS: storePorts.join(','),
        STORE_CALLBACK_CA: posHostCert,
        POS_JWKS_URL: jwksUrl,
        DEMO_STORE_CONSUMER_KEY: demoKey.consumerKey,
        DEMO_STORE_CONSUMER_SECRET: demoKey.consumerSecret,
        PAYMENTS_PORT: String(ports.payments),
        PAYMENTS_SECRET_KEY: payments.secretKey,
        PAYMENTS_PUBLISHABLE_KEY: payments.publishableKey,
        PAYMENTS_WEBHOOK_URL: paymentsWebhookUrl,
        PAYMENTS_WEBHOOK_SECRET: payments.webhookSecret,
        ...(test ? { SANDBOX_CONTROLS: '1' } : {}),
        // Behind nginx the stores and the payments sandbox call the POS host and the api on
        // https with the stack's certificate.
        ...(behindNginx ? { NODE_EXTRA_CA_CERTS: posHostCert } : {}),
      },
      // The payments sandbox starts last: when Stripe.js answers, every listener is up.
      health: `${urls.payments}/v3/`,
    },
    // The first instance seeds the demo data. Behind nginx every instance's plain-http POS host
    // is in nginx's pool (CLOUD_POS_PORT + index); otherwise the first holds the POS host (the
    // stores' callbacks, webhooks and the cloud POS addresses come to it directly) and the
    // others serve only /api/connect-ui, their POS-host listeners on free ports nobody is told of.
    ...apiInstances.map((apiPort, i) => ({
      name: i === 0 ? 'api' : `api-${i + 1}`,
      command: node,
      args: [path.join(repoRoot, 'api/dist/server.js')],
      env: {
        PORT: String(apiPort),
        HOST: host,
        SQLITE_PATH: path.join(dataDir, 'pos.sqlite'),
        API_DATA_DIR: dataDir,
        LOGIN_PROVIDER_URL: urls.login,
        SMTP_HOST: host,
        SMTP_PORT: String(ports.smtp),
        DASHBOARD_ORIGIN: urls.shell,
        POS_HOST_PORT: i === 0 && !behindNginx ? String(ports.posHost) : '0',
        POS_PUBLIC_URL: urls.posHost,
        CLOUD_POS_PORT: behindNginx
          ? String(ports.cloudPos + i)
          : i === 0
            ? String(ports.cloudPos)
            : '0',
        CLOUD_POS_URL: urls.cloudPos,
        DEMO_STORE_URL: urls.stores[0],
        DEMO_STORE_CONSUMER_KEY: demoKey.consumerKey,
        DEMO_STORE_CONSUMER_SECRET: demoKey.consumerSecret,
        POS_TLS_CERT_PATH: posHostCert,
        POS_TLS_KEY_PATH: tls.key,
        // The demo stores run on this machine; production refuses private addresses.
        STORE_ALLOW_PRIVATE_HOSTS: '1',
        SEED_DEMO: i === 0 ? '1' : '0',
        // The demo store has 120 days of orders (sandbox DEMO_ORDER_DAYS): the first backfill
        // reads them all, so the dashboard shows months of history.
        ORDERS_BACKFILL_DAYS: '120',
        // Billing through the stripe SDK, pointed at the payments sandbox (the real Stripe by
        // configuration only), with the keys and webhook secret the sandbox was given.
        STRIPE_SECRET_KEY: payments.secretKey,
        STRIPE_WEBHOOK_SECRET: payments.webhookSecret,
        STRIPE_API_URL: urls.payments,
        // The shell's server proxies /api/connect-ui from the same machine.
        TRUST_PROXY: host,
        // The journeys withdraw a failing canary after a few loads, not the production five.
        ...(test ? { CANARY_MIN_REPORTS: '2' } : {}),
      },
      // Ready: its database answers and has every migration (api/README.md, Operations).
      health: `http://${host}:${apiPort}/health/ready`,
    })),
    // Behind nginx, nginx serves the remotes' built files itself.
    ...(behindNginx ? [] : remotes).map((remote) => ({
      name: remote.pkg,
      command: node,
      args: [
        staticServer,
        '--root',
        path.join(repoRoot, remote.pkg, 'dist'),
        '--port',
        String(remote.port),
        '--cors',
        '--csp',
        'standalone',
        // The standalone page's harness loads Stripe.js (mf-billing's card forms).
        '--csp-stripe-js',
        `${urls.payments}/v3/`,
        // Its published releases (scripts/release.mjs), each at /releases/<hash>/.
        '--releases',
        path.join(dataDir, 'releases', remote.name),
      ],
      env: {},
      health: `http://${host}:${remote.port}/mf-manifest.json`,
    })),
    {
      name: 'shell',
      command: node,
      args: [
        staticServer,
        '--root',
        path.join(repoRoot, 'shell/dist'),
        '--port',
        String(ports.shell),
        '--spa',
        // The page's Content-Security-Policy, from the remotes.json and config.json below.
        '--csp',
        'shell',
        // A signed-in dashboard's frame and greeting in its HTML (shell/src/firstPaint).
        '--first-paint',
        path.join(repoRoot, 'shell/dist-server/first-paint.cjs'),
        '--proxy',
        `/api/connect-ui=${apiInstances.map((apiPort) => `http://${host}:${apiPort}`).join(',')}`,
        '--json',
        `/remotes.json=${path.join(dataDir, 'remotes.json')}`,
        // …with each remote's live release and canary from the api's registry (issue 31).
        '--live-releases',
        `${urls.api}/api/connect-ui/releases/live`,
        '--json',
        `/config.json=${path.join(dataDir, 'config.json')}`,
        '--download',
        `${pluginDownload.path}=${pluginDownload.file}`,
        '--download',
        `${staffPluginDownload.path}=${staffPluginDownload.file}`,
        ...popupPages.paths.flatMap((page) => ['--html', `${page}=${popupPages.file}`]),
      ],
      env: {},
      health: `http://${host}:${ports.shell}/`,
    },
    ...(behindNginx ? [nginxService({ dataDir, logDir })] : []),
  ];
}

/**
 * nginx in the foreground, a child of the stack like the others; its configuration is written
 * (and checked) before each start. Up when its plain-http port answers (the redirect).
 */
function nginxService({ dataDir, logDir }) {
  const site = nginxSite({ dataDir, logDir });
  const configFile = path.join(site.prefix, 'nginx.conf');
  return {
    name: 'nginx',
    command: NGINX_BINARY,
    args: nginxArgs(site.prefix, configFile),
    env: {},
    // `down`: the instances a rolling restart has taken out of the pools.
    prepare: (down = []) => writeNginxConfig({ ...site, down }),
    health: `http://${host}:${ports.http}/`,
  };
}
