import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { EVENT_STREAM_HEADERS } from '../../src/live/stream';
import { STRICT_TRANSPORT_SECURITY } from '../../src/plugins/security-headers';
import { buildPosHost } from '../../src/pos-host';
import { loadOrCreatePosHostTls } from '../../src/services/pos-host-tls';
import type { TestContext } from '../helpers/app';
import { asUser, createTestContext } from '../helpers/app';
import { BASE, changeUser } from '../helpers/applications';

// Key generation and a migrated database: more than the default 5 s on a busy 2-core machine.
jest.setTimeout(30_000);

let ctx: TestContext;
let tlsHost: FastifyInstance;
let dir: string;
beforeAll(async () => {
  ctx = await createTestContext();
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'pos-hsts-'));
  const tls = await loadOrCreatePosHostTls(path.join(dir, 'c.crt'), path.join(dir, 'c.key'));
  tlsHost = await buildPosHost({
    database: ctx.database,
    access: ctx.access,
    repos: ctx.app.repos,
    logLevel: 'silent',
    tls,
    verifier: ctx.app.verifyProviderToken,
    signingKeys: ctx.signingKeys,
  });
  await tlsHost.ready();
  await changeUser(ctx, 'usr_headers_banned', { block: 'block' });
});
afterAll(async () => {
  await tlsHost?.close();
  await ctx?.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

const signedIn = async (sub = 'usr_headers') => ctx.bearer(asUser(sub));

function expectPrivate(response: LightMyRequestResponse) {
  expect(response.headers['cache-control']).toBe('no-store');
  expect(response.headers['x-content-type-options']).toBe('nosniff');
  expect(response.headers['strict-transport-security']).toBeUndefined();
}

describe('the api’s headers', () => {
  it('marks the token endpoint’s answer no-store and nosniff', async () => {
    const response = await ctx.app.inject({
      method: 'POST',
      url: `${BASE}/live/ticket`,
      headers: await signedIn(),
    });
    expect(response.statusCode).toBe(200);
    expectPrivate(response);
  });

  it.each([
    ['GET', '/user-data', 200],
    ['GET', '/user-settings', 200],
    ['GET', '/applications', 200],
    ['GET', '/check-ban', 200],
  ] as const)('marks %s %s no-store and nosniff', async (method, url, status) => {
    const response = await ctx.app.inject({
      method,
      url: `${BASE}${url}`,
      headers: await signedIn(),
    });
    expect(response.statusCode).toBe(status);
    expectPrivate(response);
  });

  it('marks error answers too: 401, 402, 400 and 404', async () => {
    const unsigned = await ctx.app.inject({ method: 'GET', url: `${BASE}/user-settings` });
    expect(unsigned.statusCode).toBe(401);
    expectPrivate(unsigned);

    const banned = await ctx.app.inject({
      method: 'GET',
      url: `${BASE}/applications`,
      headers: await signedIn('usr_headers_banned'),
    });
    expect(banned.statusCode).toBe(402);
    expectPrivate(banned);

    const invalid = await ctx.app.inject({
      method: 'PUT',
      url: `${BASE}/user-settings`,
      headers: await signedIn(),
      payload: {},
    });
    expect(invalid.statusCode).toBe(400);
    expectPrivate(invalid);

    const unknown = await ctx.app.inject({
      method: 'GET',
      url: `${BASE}/no-such-route`,
      headers: await signedIn(),
    });
    expect(unknown.statusCode).toBe(404);
    expectPrivate(unknown);
  });

  it('sends nosniff on public answers as well', async () => {
    for (const url of ['/health', '/openapi.json']) {
      const response = await ctx.app.inject({ method: 'GET', url: `${BASE}${url}` });
      expect(response.statusCode).toBe(200);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
      expect(response.headers['cache-control']).toBe('no-store');
    }
    const beacon = await ctx.app.inject({
      method: 'POST',
      url: `${BASE}/user-last-access`,
      payload: { token: 'not-a-token' },
    });
    expect(beacon.statusCode).toBe(401);
    expectPrivate(beacon);
  });

  it('sends nosniff and no-store on the live event stream, which bypasses the hooks', () => {
    expect(EVENT_STREAM_HEADERS['x-content-type-options']).toBe('nosniff');
    expect(EVENT_STREAM_HEADERS['cache-control']).toContain('no-store');
  });
});

describe('the POS host’s headers', () => {
  it('sends HSTS on the https listener, on every answer', async () => {
    for (const url of ['/health', '/.well-known/jwks.json', '/no-such-app/pos', '/nothing']) {
      const response = await tlsHost.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
    expect(STRICT_TRANSPORT_SECURITY).toBe('max-age=31536000; includeSubDomains');
    const refused = await tlsHost.inject({
      method: 'POST',
      url: '/wc-authorize?token=nope',
      payload: { key_id: 1 },
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.headers['strict-transport-security']).toBe(STRICT_TRANSPORT_SECURITY);
  });

  it('sends no HSTS on the plain-http listener', async () => {
    for (const url of ['/health', '/.well-known/jwks.json', '/no-such-app/pos']) {
      const response = await ctx.posHost.inject({ method: 'GET', url });
      expect(response.headers['strict-transport-security']).toBeUndefined();
      expect(response.headers['x-content-type-options']).toBe('nosniff');
    }
  });

  it('keeps the JWKS cacheable', async () => {
    const response = await tlsHost.inject({ method: 'GET', url: '/.well-known/jwks.json' });
    expect(response.headers['cache-control']).toBe('public, max-age=300');
  });
});
