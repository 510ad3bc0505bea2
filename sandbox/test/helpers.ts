import { createServer } from 'node:net';
import type { RunningSandbox, SandboxOptions } from '../src';
import { startSandbox } from '../src';

export const DASHBOARD = 'http://127.0.0.1:3000';
export const OTHER_DASHBOARD = 'http://localhost:3000';

/** A sandbox on free ports, in memory, with a clock the test can move. */
export interface TestSandbox extends RunningSandbox {
  advance(seconds: number): void;
}

export async function startTestSandbox(options: SandboxOptions = {}): Promise<TestSandbox> {
  let now = Date.now();
  const sandbox = await startSandbox({
    loginPort: 0,
    mailHttpPort: 0,
    smtpPort: 0,
    dataDir: null,
    dashboardOrigins: [DASHBOARD, OTHER_DASHBOARD],
    // Stores only where a test asks for them (storePorts: [0, 0]): never the fixed 4201/4202.
    storePorts: [],
    // A free port, never the fixed 4600 of a running stack.
    paymentsPort: 0,
    now: () => now,
    ...options,
  });
  return {
    ...sandbox,
    advance(seconds) {
      now += seconds * 1000;
    },
  };
}

export function needAccessUrl(loginUrl: string, origin: string, query = 'product=pos'): string {
  return `${loginUrl}/need-access/${encodeURIComponent(origin)}?${query}`;
}

export function postForm(url: string, fields: Record<string, string>, cookie?: string) {
  return fetch(url, {
    method: 'POST',
    redirect: 'manual',
    headers: {
      'content-type': 'application/x-www-form-urlencoded',
      ...(cookie ? { cookie } : {}),
    },
    body: new URLSearchParams(fields).toString(),
  });
}

export function postJson(url: string, body: unknown, headers: Record<string, string> = {}) {
  return fetch(url, {
    method: 'POST',
    headers: { 'content-type': 'application/json', ...headers },
    body: JSON.stringify(body),
  });
}

/** The `name=value` part of the provider's session cookie from a response. */
export function sessionCookie(response: Response): string | undefined {
  const header = response.headers.get('set-cookie') ?? '';
  const match = /(sandbox_sid=[^;]*)/.exec(header);
  return match?.[1];
}

export interface SignedIn {
  token: string;
  location: URL;
  cookie: string;
}

/** Signs in through the real form and returns the token from the redirect. */
export async function signIn(
  sandbox: RunningSandbox,
  email = 'manager@demo.test',
  password = 'demo1234',
  query = 'product=pos',
): Promise<SignedIn> {
  const response = await postForm(needAccessUrl(sandbox.loginUrl, DASHBOARD, query), {
    email,
    password,
  });
  if (response.status !== 302) throw new Error(`sign-in answered ${response.status}`);
  const location = new URL(response.headers.get('location') ?? '');
  const token = decodeURIComponent(location.pathname.replace(/^\/login\//, ''));
  return { token, location, cookie: sessionCookie(response) ?? '' };
}

/** A port that was free a moment ago, for tests that must restart on the same address. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      const port = typeof address === 'object' && address ? address.port : 0;
      server.close(() => resolve(port));
    });
  });
}
