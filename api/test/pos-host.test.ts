import fs from 'node:fs';
import https from 'node:https';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import type { RunningSandbox } from '@pos/sandbox';
import { startSandbox } from '@pos/sandbox';
import type { FastifyInstance } from 'fastify';
import { buildPosHost } from '../src/pos-host';
import { loadOrCreatePosHostTls } from '../src/services/pos-host-tls';
import type { TestContext } from './helpers/app';
import { createTestContext } from './helpers/app';
import { call, createApplication, rowOf } from './helpers/applications';

// The whole "Authorize with Account" journey over the wire: the sandbox store's real wc-auth
// pages, its JSON callback over HTTPS to the POS host (trusting exactly the generated
// certificate), and the redirect back to the dashboard.
let ctx: TestContext;
let sandbox: RunningSandbox;
let posHost: FastifyInstance;
let store: string;
let dir: string;
let cert: string;

beforeAll(async () => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-host-'));
  const certPath = path.join(dir, 'tls', 'pos-host.crt');
  const tls = await loadOrCreatePosHostTls(certPath, path.join(dir, 'tls', 'pos-host.key'));
  cert = tls.cert;
  ctx = await createTestContext();
  sandbox = await startSandbox({
    loginPort: 0,
    // The payments sandbox's default port (4600) is the running stack's: tests take a free one.
    paymentsPort: 0,
    mailHttpPort: 0,
    smtpPort: 0,
    storePorts: [0],
    controls: true,
    storeCallbackCa: certPath,
  });
  store = sandbox.stores[0]?.url ?? '';
  posHost = await buildPosHost({
    database: ctx.database,
    access: ctx.access,
    repos: ctx.app.repos,
    logLevel: 'silent',
    tls,
    verifier: ctx.app.verifyProviderToken,
    signingKeys: ctx.signingKeys,
  });
  await posHost.listen({ port: 0, host: '127.0.0.1' });
  // The listener's port is known only now: point the callback_url at it.
  ctx.access.posPublicUrl = `https://127.0.0.1:${(posHost.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await posHost.close();
  await sandbox.close();
  await ctx.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const form = (fields: Record<string, string>) => ({
  method: 'POST',
  headers: { 'content-type': 'application/x-www-form-urlencoded' },
  body: new URLSearchParams(fields).toString(),
  redirect: 'manual' as const,
});

/** Signs in as the store admin on the wc-auth login page and approves; the final answer. */
async function approve(authorizeUrl: string): Promise<Response> {
  const toLogin = await fetch(authorizeUrl, { redirect: 'manual' });
  expect(toLogin.status).toBe(302);
  const loginUrl = new URL(toLogin.headers.get('location') ?? '', store).href;
  const signedIn = await fetch(loginUrl, form({ log: 'storeadmin', pwd: 'demo1234' }));
  expect(signedIn.status).toBe(302);
  const cookie = (signedIn.headers.get('set-cookie') ?? '').split(';')[0] ?? '';
  const page = await fetch(new URL(signedIn.headers.get('location') ?? '', store), {
    headers: { cookie },
  });
  const html = await page.text();
  expect(html).toContain('Cloud POS would like to connect to your store');
  const nonce = /name="_wpnonce" value="([^"]+)"/.exec(html)?.[1] ?? '';
  const action = (/<form method="post" action="([^"]+)"/.exec(html)?.[1] ?? '').replace(
    /&amp;/g,
    '&',
  );
  const granted = await fetch(new URL(action, store), {
    ...form({ _wpnonce: nonce }),
    headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
  });
  return granted;
}

describe('the POS host over HTTPS', () => {
  it('answers /health over TLS with the generated certificate for 127.0.0.1', async () => {
    const body = await new Promise<string>((resolve, reject) => {
      https
        .get(`${ctx.access.posPublicUrl}/health`, { ca: cert }, (response) => {
          let text = '';
          response.on('data', (chunk: Buffer) => (text += chunk.toString()));
          response.on('end', () => resolve(text));
        })
        .on('error', reject);
    });
    expect(JSON.parse(body)).toEqual({ status: 'ok' });
  });

  it('connects the store when its admin approves, then sends the browser back', async () => {
    const id = await createApplication(ctx, store, 'Coffee', 'usr_journey');
    const started = await call(
      ctx,
      'PUT',
      `/applications/${id}/auth-status`,
      { authInProgress: true },
      'usr_journey',
    );
    const granted = await approve(started.json().data.authorizeUrl as string);
    expect(granted.status).toBe(302);
    const back = new URL(granted.headers.get('location') ?? '');
    expect(`${back.origin}${back.pathname}`).toBe('http://127.0.0.1:3000/wc-authorization');
    expect(back.searchParams.get('applicationId')).toBe(id);
    expect(back.searchParams.get('success')).toBe('1');
    expect(back.searchParams.get('user_id')).toBe(id);

    const row = await rowOf(ctx, id);
    expect(row).toMatchObject({ is_verified_auth: 1, auth_type: 'account', auth_token_hash: null });
    const detail = (await call(ctx, 'GET', `/applications/${id}`, undefined, 'usr_journey')).json();
    expect(detail.data).toMatchObject({
      isVerifiedAuth: true,
      authInProgress: false,
      stationsCount: 3,
    });
    const state = (await (await fetch(`${store}/_control/state`)).json()) as {
      keys: Array<{ key_id: number; description: string }>;
    };
    expect(state.keys.find((k) => k.key_id === row.key_id)?.description).toMatch(
      /^Cloud POS - API \(/,
    );
  });

  it('refuses a token dropped meanwhile: the store deletes its new key and shows an error', async () => {
    const id = await createApplication(ctx, store, 'Dropped', 'usr_journey_drop');
    const started = await call(
      ctx,
      'PUT',
      `/applications/${id}/auth-status`,
      { authInProgress: true },
      'usr_journey_drop',
    );
    await call(
      ctx,
      'PUT',
      `/applications/${id}/auth-status`,
      { authInProgress: false },
      'usr_journey_drop',
    );
    const before = ((await (await fetch(`${store}/_control/state`)).json()) as { keys: unknown[] })
      .keys.length;
    const storeLog = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const granted = await approve(started.json().data.authorizeUrl as string);
    expect(granted.status).toBe(400);
    expect(String(storeLog.mock.calls[0]?.[0])).toContain('answered 403');
    storeLog.mockRestore();
    const after = ((await (await fetch(`${store}/_control/state`)).json()) as { keys: unknown[] })
      .keys.length;
    expect(after).toBe(before);
    expect((await rowOf(ctx, id)).is_verified_auth).toBe(0);
  });
});
