// `npm run bench`'s nginx row (issue 32): the production topology on throw-away data (nginx in
// front of one api instance: POS_NGINX=1, serve-for-tests.mjs), the demo manager signed in at
// the login provider, and the calls the dashboard makes when it opens, each sent straight to
// the api instance and through nginx (TLS, HTTP/1.1 keep-alive, the pool) in turn; p99 of each
// way and their ratio.
import { spawn } from 'node:child_process';
import http from 'node:http';
import https from 'node:https';
import path from 'node:path';

/** The dashboard's api calls on opening (shell/src/firstPaint ACCOUNT_CALLS and the feed). */
const DASHBOARD_CALLS = [
  '/user-data',
  '/user-settings',
  '/check-ban',
  '/subscription-monitor',
  '/activities-list?page=1',
];

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

/** How many rounds: each sends every dashboard call once straight and once through nginx. */
const ROUNDS = 1000;

/** One GET on a kept-alive connection; resolves with its time in ms once the body is read. */
function timedGet(client, agent, url, token) {
  return new Promise((resolve, reject) => {
    const started = performance.now();
    const call = client.get(
      url,
      { agent, headers: { authorization: `Bearer ${token}`, accept: 'application/json' } },
      (response) => {
        response.resume();
        response.on('end', () =>
          response.statusCode === 200
            ? resolve(performance.now() - started)
            : reject(new Error(`${url} answered ${response.statusCode}`)),
        );
      },
    );
    call.on('error', reject);
  });
}

const percentile = (sorted, p) =>
  sorted[Math.min(sorted.length - 1, Math.floor(sorted.length * p))];
const summary = (times) => {
  const sorted = [...times].sort((a, b) => a - b);
  const round = (ms) => Number(ms.toFixed(2));
  return {
    p50: round(percentile(sorted, 0.5)),
    p99: round(percentile(sorted, 0.99)),
    requests: times.length,
  };
};

/**
 * The dashboard's calls, one at a time on one kept-alive connection each way, straight and
 * through nginx in turn (the order flipped every round), so that the machine's other work
 * weighs on both alike: p50 and p99 in ms of each way.
 */
async function latencies(direct, edge, token) {
  const ways = [
    {
      base: direct,
      client: http,
      agent: new http.Agent({ keepAlive: true, maxSockets: 1 }),
      times: [],
    },
    {
      base: edge,
      client: https,
      // The stack's self-signed certificate.
      agent: new https.Agent({ keepAlive: true, maxSockets: 1, rejectUnauthorized: false }),
      times: [],
    },
  ];
  try {
    for (let round = 0; round < ROUNDS + 20; round += 1) {
      for (const call of DASHBOARD_CALLS) {
        for (const way of round % 2 ? ways : [...ways].reverse()) {
          const ms = await timedGet(
            way.client,
            way.agent,
            `${way.base}/api/connect-ui${call}`,
            token,
          );
          // The first rounds warm both ways up (connections, TLS, prepared statements, JIT).
          if (round >= 20) way.times.push(ms);
        }
      }
    }
  } finally {
    for (const way of ways) way.agent.destroy();
  }
  return { direct: summary(ways[0].times), nginx: summary(ways[1].times) };
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
    const { direct, nginx } = await latencies(urls.api, urls.edge, token);
    return { direct, nginx, ratio: nginx.p99 / direct.p99, calls: DASHBOARD_CALLS };
  } finally {
    const exited = new Promise((resolve) => stack.once('exit', resolve));
    stack.kill('SIGTERM');
    await exited;
  }
}
