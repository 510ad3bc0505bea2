import { createLocalJWKSet } from 'jose';
import { OWNER_BANNED } from '../../../src/domain/stations/owner-hold';
import { publicJwks } from '../../../src/services/signing-key';
import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';
import { BASE, call, changeUser, connectApplication } from '../../helpers/applications';
import type { TestSandbox } from '../../helpers/sandbox';
import { startTestSandbox } from '../../helpers/sandbox';

// A store connection and the store's stations per case: more than 5 s on a busy machine.
jest.setTimeout(30_000);

let ctx: TestContext;
let sandbox: TestSandbox;
let appId: string;
let appSlug: string;
let coffee: string;
beforeAll(async () => {
  ctx = await createTestContext();
  sandbox = await startTestSandbox({ posJwks: createLocalJWKSet(publicJwks(ctx.signingKey)) });
  [coffee] = sandbox.stores;
  ({ id: appId } = await connectApplication(ctx, sandbox, coffee, OWNER_SUB, 'Roasters', {
    shareWith: ['cashier@demo.test'],
  }));
  appSlug = (await call(ctx, 'GET', `/applications/${appId}`, undefined, OWNER_SUB)).json().data
    .slug as string;
  await changeUser(ctx, CASHIER_SUB, { user_role: 'other' }, CASHIER);
});
afterAll(async () => {
  await ctx?.close();
  await sandbox?.close();
});

const OWNER_SUB = 'usr_hold_owner';
const CASHIER_SUB = 'usr_hold_cashier';
// Store user 2 of the sandbox store: stations 1 and 3 are shared with them.
const CASHIER = asUser(CASHIER_SUB, { email: 'cashier@demo.test', name: 'Cash Ier' });

/** Opens `/{appSlug}/{station}` on the POS host as the cashier: status, redirect, access error. */
async function openAsCashier(station: string) {
  const response = await ctx.posHost.inject({
    method: 'GET',
    url: `/${appSlug}/${station}`,
    headers: { cookie: `pos_token=${encodeURIComponent(await ctx.provider.sign(CASHIER))}` },
  });
  const value = /^pos_access_error=([^;]+)/.exec(String(response.headers['set-cookie'] ?? ''))?.[1];
  return {
    status: response.statusCode,
    location: response.headers.location,
    error: value
      ? (JSON.parse(Buffer.from(value, 'base64url').toString('utf8')) as Record<string, string>)
      : null,
  };
}

const asCashier = async (url: string) =>
  ctx.app.inject({ method: 'GET', url: `${BASE}${url}`, headers: await ctx.bearer(CASHIER) });

async function sharedGroup() {
  const response = await asCashier('/shared-stations');
  expect(response.statusCode).toBe(200);
  const list = response.json().list as Array<{
    application: { id: string };
    stations: Array<{ posID: string; access: boolean }>;
    unavailable: unknown;
  }>;
  return list.find((group) => group.application.id === appId);
}

describe('the stations of a banned owner', () => {
  it('open for the staff while the owner is not banned', async () => {
    expect((await openAsCashier('1')).status).toBe(200);
    expect(await sharedGroup()).toMatchObject({ unavailable: null });
  });

  it('stop opening for everyone once the owner is banned, with the reason', async () => {
    await changeUser(ctx, OWNER_SUB, { block: 'block' });

    const opened = await openAsCashier('1');
    expect(opened.status).toBe(302);
    expect(opened.location).toBe('http://127.0.0.1:3000/access-denied');
    expect(opened.error).toEqual({
      appId,
      wpHome: coffee,
      posId: '1',
      name: 'Service is Paused',
      text: 'The account that owns this store is paused, so its stations cannot be opened.',
    });

    // Still listed, so that the staff see why their stations no longer open.
    const group = await sharedGroup();
    expect(group?.unavailable).toEqual({ reason: 'banned', ...OWNER_BANNED });
    expect(group?.stations.map((station) => station.posID)).toEqual(['1', '2', '3']);
  });

  it('open again once the owner is unblocked', async () => {
    await changeUser(ctx, OWNER_SUB, { block: 'unblock' });
    expect((await openAsCashier('1')).status).toBe(200);
    expect(await sharedGroup()).toMatchObject({ unavailable: null });
  });
});
