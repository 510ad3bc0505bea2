import { SignJWT, UnsecuredJWT } from 'jose';
import type { TestContext } from '../helpers/app';
import { asUser, createTestContext } from '../helpers/app';

let ctx: TestContext;

beforeAll(async () => {
  ctx = await createTestContext({
    configure: (app) => {
      // A manager-only route such as the later applications and staff routes.
      app.get('/api/connect-ui/test-manager-only', { config: { access: 'manager' } }, async () => ({
        ok: true,
      }));
    },
  });
});
afterAll(() => ctx.close());

const UNAUTHORIZED = { message: 'Unauthorized', code: 'ERR_UNAUTHORIZED' };

async function settingsWith(authorization: string | undefined) {
  return ctx.app.inject({
    method: 'GET',
    url: '/api/connect-ui/user-settings',
    headers: authorization === undefined ? {} : { authorization },
  });
}

describe('bearer authentication', () => {
  it('answers 401 ERR_UNAUTHORIZED without a token', async () => {
    const response = await settingsWith(undefined);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
  });

  it('answers 401 for a header that is not a bearer token', async () => {
    const token = await ctx.provider.sign();
    expect((await settingsWith(`Basic ${token}`)).statusCode).toBe(401);
    expect((await settingsWith('Bearer')).statusCode).toBe(401);
    expect((await settingsWith('Bearer not.a.jwt')).statusCode).toBe(401);
  });

  it('accepts a token signed by the provider', async () => {
    const response = await settingsWith(`Bearer ${await ctx.provider.sign()}`);
    expect(response.statusCode).toBe(200);
  });

  it('answers 401 for a token whose signature does not match the published key', async () => {
    const response = await settingsWith(`Bearer ${await ctx.provider.signWithForeignKey()}`);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual(UNAUTHORIZED);
  });

  it('answers 401 for a token under a kid the provider does not publish', async () => {
    const response = await settingsWith(`Bearer ${await ctx.provider.signWithUnknownKid()}`);
    expect(response.statusCode).toBe(401);
  });

  it('answers 401 for an HS256 token, even one keyed with the public key text', async () => {
    const now = Math.floor(Date.now() / 1000);
    const jwks = (await (await fetch(`${ctx.provider.url}/.well-known/jwks.json`)).json()) as {
      keys: { n: string }[];
    };
    const secret = new TextEncoder().encode(jwks.keys[0]?.n ?? 'secret');
    const token = await new SignJWT({
      sub: 'usr_hs',
      iss: ctx.provider.url,
      exp: now + 600,
      nra: now + 6000,
    })
      .setProtectedHeader({ alg: 'HS256', kid: 'test-key-1' })
      .sign(secret);
    expect((await settingsWith(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it('answers 401 for an unsigned token (alg none)', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = new UnsecuredJWT({ sub: 'usr_none', nra: now + 6000 })
      .setIssuer(ctx.provider.url)
      .setExpirationTime(now + 600)
      .encode();
    expect((await settingsWith(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it('answers 401 for an expired token', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await ctx.provider.sign({ iat: now - 7200, exp: now - 60 });
    expect((await settingsWith(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it('tolerates a few seconds of clock skew on exp', async () => {
    const now = Math.floor(Date.now() / 1000);
    const token = await ctx.provider.sign({ iat: now - 3600, exp: now - 2 });
    expect((await settingsWith(`Bearer ${token}`)).statusCode).toBe(200);
  });

  it('answers 401 for a token without nra, or with a nra that is not a number', async () => {
    expect(
      (await settingsWith(`Bearer ${await ctx.provider.sign({ nra: undefined })}`)).statusCode,
    ).toBe(401);
    expect(
      (await settingsWith(`Bearer ${await ctx.provider.sign({ nra: 'later' })}`)).statusCode,
    ).toBe(401);
  });

  it('answers 401 once the session has ended at nra, even when exp is still ahead', async () => {
    const now = Math.floor(Date.now() / 1000);
    const ended = await ctx.provider.sign({ exp: now + 600, nra: now - 60 });
    expect((await settingsWith(`Bearer ${ended}`)).statusCode).toBe(401);
    const live = await ctx.provider.sign({ exp: now + 600, nra: now + 60 });
    expect((await settingsWith(`Bearer ${live}`)).statusCode).toBe(200);
  });

  it('answers 401 for a token whose sub contains a NUL character', async () => {
    const token = await ctx.provider.sign({ sub: 'usr_\u0000nul' });
    expect((await settingsWith(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it('answers 401 for a token without sub', async () => {
    expect(
      (await settingsWith(`Bearer ${await ctx.provider.sign({ sub: undefined })}`)).statusCode,
    ).toBe(401);
  });

  it('answers 401 for a token whose sid is not a non-empty text, and accepts one without sid', async () => {
    for (const sid of ['', 42, '\ud800']) {
      const token = await ctx.provider.sign({ sid: sid as string });
      expect((await settingsWith(`Bearer ${token}`)).statusCode).toBe(401);
    }
    const withoutSid = await ctx.provider.sign({ sid: undefined });
    expect((await settingsWith(`Bearer ${withoutSid}`)).statusCode).toBe(200);
  });

  it('answers 401 for a token from another issuer', async () => {
    const token = await ctx.provider.sign({ iss: 'http://evil.example' });
    expect((await settingsWith(`Bearer ${token}`)).statusCode).toBe(401);
  });

  it('leaves public routes open', async () => {
    const response = await ctx.app.inject({ method: 'GET', url: '/api/connect-ui/health' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ status: 'ok' });
  });
});

describe('users on first sight', () => {
  it('creates the user with default settings and no plan on the first request (spec 2.2)', async () => {
    const headers = await ctx.bearer(
      asUser('usr_first_sight', { name: 'First Sight', email: 'first@sight.test' }),
    );
    const settings = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/user-settings',
      headers,
    });
    expect(settings.json()).toEqual({
      userRole: 'manager',
      quickLaunchPOSIds: {},
      showAssistantInPOS: true,
      firstTaskCompleted: false,
    });
    const monitor = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/subscription-monitor',
      headers,
    });
    // Without a plan the shell sends the user to /subscription-plans to choose one.
    expect(monitor.json()).toEqual({ plan: null, isHavePaymentMethod: false, usage: null });
  });

  it('creates one user when the first requests race', async () => {
    const headers = await ctx.bearer(asUser('usr_racer'));
    const answers = await Promise.all(
      Array.from({ length: 6 }, () =>
        ctx.app.inject({ method: 'GET', url: '/api/connect-ui/user-data', headers }),
      ),
    );
    expect(answers.map((a) => a.statusCode)).toEqual([200, 200, 200, 200, 200, 200]);
    const rows = await ctx.database.db
      .selectFrom('users')
      .select('id')
      .where('sub', '=', 'usr_racer')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps name, email and verification in step with later tokens', async () => {
    const sub = 'usr_changing';
    await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/user-data',
      headers: await ctx.bearer({
        sub,
        name: 'Old Name',
        email: 'old@test.example',
        isVerified: false,
      }),
    });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/user-data',
      headers: await ctx.bearer({
        sub,
        name: 'New Name',
        email: 'new@test.example',
        isVerified: true,
      }),
    });
    expect(response.json()).toEqual({
      fullName: 'New Name',
      email: 'new@test.example',
      isVerified: true,
      // First seen by the api (the email banner's 14 days count from it), not changed by later tokens.
      registeredAt: expect.any(String),
    });
  });

  it('drops NUL characters from the name and email of the token', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/user-data',
      headers: await ctx.bearer({
        sub: 'usr_nul_profile',
        name: 'Nul\u0000 Person',
        email: 'nul@\u0000test.example',
      }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ fullName: 'Nul Person', email: 'nul@test.example' });
  });

  it('stores an unpaired surrogate of the token’s name as U+FFFD, never as invalid text', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/user-data',
      headers: await ctx.bearer({ sub: 'usr_lone_surrogate', name: 'Ann\ud800 Lee' }),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ fullName: 'Ann\ufffd Lee' });
  });

  it('refuses a token whose sub holds an unpaired surrogate', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/user-data',
      headers: await ctx.bearer({ sub: 'usr_\udc00' }),
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('banned accounts', () => {
  const sub = 'usr_banned';

  beforeAll(async () => {
    const headers = await ctx.bearer(asUser(sub));
    await ctx.app.inject({ method: 'GET', url: '/api/connect-ui/user-data', headers });
    await ctx.database.db
      .updateTable('users')
      .set({ block: 'block' })
      .where('sub', '=', sub)
      .execute();
  });

  it('get 402 ERR_BANNED on ordinary routes', async () => {
    const headers = await ctx.bearer(asUser(sub));
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/connect-ui/user-settings',
      headers,
      payload: { showAssistantInPOS: false },
    });
    expect(response.statusCode).toBe(402);
    expect(response.json()).toEqual({ message: 'The account is not active', code: 'ERR_BANNED' });
    const post = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/activities',
      headers,
      payload: { name: 'x', feedType: 'orderProcessed' },
    });
    expect(post.statusCode).toBe(402);
  });

  it('still get the routes the disabled dashboard needs', async () => {
    const headers = await ctx.bearer(asUser(sub));
    const ban = await ctx.app.inject({ method: 'GET', url: '/api/connect-ui/check-ban', headers });
    expect(ban.json()).toEqual({ isBanned: true });
    for (const url of [
      'user-settings',
      'user-data',
      'subscription-monitor',
      'subscription-plans',
      'activities-list',
    ]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: `/api/connect-ui/${url}`,
        headers,
      });
      expect({ url, status: response.statusCode }).toEqual({ url, status: 200 });
    }
  });
});

describe('admin routes', () => {
  it('answer 403 Forbidden to a signed-in user without isAdmin', async () => {
    const headers = await ctx.bearer(asUser('usr_not_admin'));
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/admin-panel/users',
      headers,
    });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ message: 'Forbidden' });
    const patch = await ctx.app.inject({
      method: 'PATCH',
      url: '/api/connect-ui/admin-panel/users/whoever/status',
      headers,
      payload: { status: 'block' },
    });
    expect(patch.statusCode).toBe(403);
  });

  it('answer 401 without a token', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/admin-panel/users',
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('manager-only routes', () => {
  it('let managers in and answer 403 to other users', async () => {
    const manager = await ctx.bearer(asUser('usr_role_manager'));
    const ok = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/test-manager-only',
      headers: manager,
    });
    expect(ok.json()).toEqual({ ok: true });

    const cashierHeaders = await ctx.bearer(asUser('usr_role_cashier'));
    await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/user-data',
      headers: cashierHeaders,
    });
    await ctx.database.db
      .updateTable('users')
      .set({ user_role: 'other' })
      .where('sub', '=', 'usr_role_cashier')
      .execute();
    const refused = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/test-manager-only',
      headers: cashierHeaders,
    });
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ message: 'Forbidden' });
  });
});
