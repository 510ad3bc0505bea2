const port = (name: string, fallback: number) => Number(process.env[name] ?? fallback);

/**
 * The production topology (POS_NGINX=1, the e2e-scale step): nginx in front with TLS, the
 * dashboard on HTTPS_PORT and the cloud POS addresses on CLOUD_POS_HTTPS_PORT.
 */
export const behindNginx = process.env.POS_NGINX === '1';

/** An https origin of this host, without the port when it is https's own. */
const httpsOrigin = (httpsPort: number) =>
  `https://127.0.0.1${httpsPort === 443 ? '' : `:${httpsPort}`}`;

/** Addresses of the stack the tests run against (the same env as scripts/lib/services.mjs). */
export const stack = {
  shell: behindNginx
    ? httpsOrigin(port('HTTPS_PORT', 443))
    : `http://127.0.0.1:${port('SHELL_PORT', 3000)}`,
  /** nginx's plain-http port, which sends every address to https (behind nginx only). */
  plainHttp: `http://127.0.0.1:${port('HTTP_PORT', 80)}`,
  api: `http://127.0.0.1:${port('API_PORT', 4000)}/api/connect-ui`,
  login: `http://127.0.0.1:${port('LOGIN_PORT', 4100)}`,
  mail: `http://127.0.0.1:${port('MAIL_HTTP_PORT', 4101)}`,
  control: `http://127.0.0.1:${port('CONTROL_PORT', 3099)}`,
  /** The POS host's plain-http listener, where the cloud POS addresses live (nginx's https). */
  cloudPos: behindNginx
    ? httpsOrigin(port('CLOUD_POS_HTTPS_PORT', 8443))
    : `http://127.0.0.1:${port('CLOUD_POS_PORT', 4300)}`,
  /** The sandbox's Stripe-compatible payments API and Stripe.js (`/v3/`). */
  payments: `http://127.0.0.1:${port('PAYMENTS_PORT', 4600)}`,
  /** The sandbox's demo WooCommerce sites (the same STORE_PORTS as the stack). */
  stores: (process.env.STORE_PORTS ?? '4201,4202,4203')
    .split(',')
    .map((storePort) => `http://127.0.0.1:${Number(storePort.trim())}`),
};

/** The administrator's login on every sandbox store. */
export const storeAdmin = { username: 'storeadmin', password: 'demo1234' } as const;

/** Demo accounts seeded by the sandbox and the api. */
export const accounts = {
  manager: { email: 'manager@demo.test', password: 'demo1234', name: 'Maya Manager' },
  cashier: { email: 'cashier@demo.test', password: 'demo1234', name: 'Cash Ier' },
  admin: { email: 'admin@demo.test', password: 'demo1234', name: 'Ada Admin' },
} as const;

export type AccountName = keyof typeof accounts;

/** Stops or starts one service of the test stack (e.g. a remote's static server). */
export async function controlService(name: string, action: 'stop' | 'start'): Promise<void> {
  const response = await fetch(`${stack.control}/services/${name}/${action}`, { method: 'POST' });
  if (!response.ok)
    throw new Error(`${action} ${name}: ${response.status} ${await response.text()}`);
}

/**
 * The demo manager's connected application (the api's demo seed): Demo Coffee Roasters, with
 * Front Counter as the default station and Espresso Bar at a slug of its own.
 */
export const demoApplication = {
  name: 'Demo Coffee Roasters',
  slug: 'demo-coffee-roasters',
  defaultStation: 'Front Counter',
  espressoBarSlug: 'espresso-bar',
} as const;

/** A cloud POS address, `/{appSlug}/{stationSlug}` on the POS host. */
export const cloudPosAddress = (appSlug: string, stationSlug: string): string =>
  `${stack.cloudPos}/${appSlug}/${stationSlug}`;
