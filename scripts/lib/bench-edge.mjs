// `npm run bench`'s nginx row (issue 32): the production topology on throw-away data (nginx in
// front of one api instance: POS_NGINX=1, serve-for-tests.mjs), the demo manager signed in at
// the login provider, and the calls the dashboard makes when it opens (the first paint's) sent
// by autocannon, in turn, straight to the api instance and then through nginx (TLS, HTTP/1.1
// keep-alive, the pool); p99 of each and their ratio.
import { spawn } from 'node:child_process';
import path from 'node:path';
import autocannon from 'autocannon';

/** The dashboard's api calls on opening (shell/src/firstPaint ACCOUNT_CALLS and the feed). */
const DASHBOARD_CALLS = [
  '/user-data',
  '/user-settings',
  '/check-ban',
  '/subscription-monitor',
  '/activities-list?page=1',
];
const SECONDS = 10;
const CONNECTIONS = 4;

/** nginx's ports for this run: beside the shell's, as the e2e-scale step takes them. */
function edgePorts(shellPort) {
  return {
    HTTPS_PORT: process.env.HTTPS_PORT ?? String(shellPort + 443),
    HTTP_PORT: process.env.HTTP_PORT ?? String(shellPort + 80),
    CLOUD_POS_HTTPS_PORT: process.env.CLOUD_POS_HTTPS_PORT ?? String(shellPort + 444),
  };
}

/** A token of `account` from the login provider's own sign-in form, as the browser gets it. */
async function signIn(login, origin, account) {
  const response = await fetch(`${login}/need-access/${encodeURIComponent(origin)}?product=pos`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ email: account.email, password: account.password }),
  });
  const token = /\/login\/([^/?#]+)/.exec(response.headers.get('location') ?? '')?.[1];
  if (!token) throw new Error(`the login provider answered ${response.status} without a token`);
  return decodeURIComponent(token);
}

/** p50 and p99 (ms) of the dashboard's calls against `base`. */
async function latencyOf(base, token) {
  const result = await autocannon({
    url: base,
    connections: CONNECTIONS,
    duration: SECONDS,
    headers: { authorization: `Bearer ${token}`, accept: 'application/json' },
    requests: DASHBOARD_CALLS.map((call) => ({ method: 'GET', path: `/api/connect-ui${call}` })),
    tlsOptions: { rejectUnauthorized: false },
  });
  if (result.non2xx > 0 || result.errors > 0) {
    throw new Error(`${base}: ${result.non2xx} answers not 2xx, ${result.errors} errors`);
  }
  return { p50: result.latency.p50, p99: result.latency.p99, requests: result.requests.total };
}

/**
 * Measures nginx's overhead on the dashboard's api calls.
 * @param {{ repoRoot: string, waitFor: (url: string, ms: number, alive: () => boolean) => Promise<void>, manager: { email: string, password: string } }} options
 */
export async function measureEdge({ repoRoot, waitFor, manager }) {
  const shellPort = Number(process.env.SHELL_PORT ?? 3000);
  const env = {
    ...process.env,
    POS_NGINX: '1',
    E2E_API_INSTANCES: '1',
    DATABASE_URL: '',
    E2E_DATA_DIR: path.join(repoRoot, '.run/bench-edge-data'),
    E2E_LOG_DIR: path.join(repoRoot, '.run/bench-edge-logs'),
    ...edgePorts(shellPort),
  };
  const port = (name, fallback) => Number(env[name] ?? fallback);
  const urls = {
    api: `http://127.0.0.1:${port('API_PORT', 4000)}`,
    edge: `https://127.0.0.1:${port('HTTPS_PORT', 443)}`,
    login: `http://127.0.0.1:${port('LOGIN_PORT', 4100)}`,
  };
  const stack = spawn(process.execPath, [path.join(repoRoot, 'scripts/serve-for-tests.mjs')], {
    cwd: repoRoot,
    stdio: ['ignore', 'ignore', 'inherit'],
    env,
  });
  try {
    const alive = () => stack.exitCode === null;
    await waitFor(`http://127.0.0.1:${port('HTTP_PORT', 80)}/`, 180_000, alive);
    await waitFor(`${urls.api}/health/ready`, 60_000, alive);
    // The dashboard's origin (nginx's https), which the login provider sends tokens to.
    const origin = port('HTTPS_PORT', 443) === 443 ? 'https://127.0.0.1' : urls.edge;
    const token = await signIn(urls.login, origin, manager);
    // A short warm-up of both paths (connections, prepared statements, JIT).
    await latencyOf(urls.api, token);
    const direct = await latencyOf(urls.api, token);
    const nginx = await latencyOf(urls.edge, token);
    return { direct, nginx, ratio: nginx.p99 / Math.max(direct.p99, 1), calls: DASHBOARD_CALLS };
  } finally {
    const exited = new Promise((resolve) => stack.once('exit', resolve));
    stack.kill('SIGTERM');
    await exited;
  }
}
