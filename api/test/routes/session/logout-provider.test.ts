import type { RunningSandbox } from '@pos/sandbox';
import { startSandbox } from '@pos/sandbox';
import type { FastifyInstance } from 'fastify';
import { buildApp } from '../../../src/app';
import type { TestContext } from '../../helpers/app';
import { createTestContext } from '../../helpers/app';

// The logout against the real sandbox login provider: its tokens carry the session (sid), the
// api's logout tells it over the back channel, and it refuses to refresh them from then on.

let ctx: TestContext;
let sandbox: RunningSandbox;
let app: FastifyInstance;

beforeAll(async () => {
  ctx = await createTestContext();
  sandbox = await startSandbox({
    loginPort: 0,
    paymentsPort: 0,
    mailHttpPort: 0,
    smtpPort: 0,
    storePorts: [0],
    controls: true,
  });
  app = await buildApp(
    { ...ctx.config, loginProviderUrl: sandbox.loginUrl, loginProviderIssuer: sandbox.loginUrl },
    { database: ctx.database, signingKeys: ctx.signingKeys, storeAccess: ctx.access },
  );
  await app.ready();
});
afterAll(async () => {
  await app.close();
  await sandbox.close();
  await ctx.close();
});

const DASHBOARD = 'http://127.0.0.1:3000';

/** Signs in on the provider's own form and returns the token it sends the dashboard. */
async function signIn(): Promise<string> {
  const response = await fetch(
    `${sandbox.loginUrl}/need-access/${encodeURIComponent(DASHBOARD)}?product=pos`,
    {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded' },
      body: new URLSearchParams({ email: 'manager@demo.test', password: 'demo1234' }).toString(),
      redirect: 'manual',
    },
  );
  expect(response.status).toBe(302);
  const location = new URL(response.headers.get('location') ?? '');
  return decodeURIComponent(location.pathname.replace(/^\/login\//, ''));
}

const provider = (path: string, token: string) =>
  fetch(`${sandbox.loginUrl}${path}`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ token }),
  });

const userData = (token: string) =>
  app.inject({
    method: 'GET',
    url: '/api/connect-ui/user-data',
    headers: { authorization: `Bearer ${token}` },
  });

describe("the api's logout with the sandbox provider", () => {
  it('ends the session at the provider too: the token no longer refreshes or verifies there', async () => {
    const token = await signIn();
    expect((await userData(token)).statusCode).toBe(200);
    const refreshed = ((await (await provider('/refresh', token)).json()) as { token: string })
      .token;

    const loggedOut = await app.inject({
      method: 'POST',
      url: '/api/connect-ui/logout',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(loggedOut.statusCode).toBe(204);

    for (const signedOut of [token, refreshed]) {
      const refused = await provider('/refresh', signedOut);
      expect(refused.status).toBe(401);
      expect(await refused.json()).toEqual({ message: 'Session ended' });
      expect((await provider('/verify', signedOut)).status).toBe(401);
      expect((await userData(signedOut)).statusCode).toBe(401);
    }
    // Another sign-in is another session.
    expect((await userData(await signIn())).statusCode).toBe(200);
  });
});
