import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';

// Issue 25: a token no longer works once its session is signed out (OWASP ASVS V7).

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());
afterEach(() => {
  ctx.provider.failLogoutWith = 0;
});

const BASE = '/api/connect-ui';
const now = () => Math.floor(Date.now() / 1000);

const logout = (token?: string) =>
  ctx.app.inject({
    method: 'POST',
    url: `${BASE}/logout`,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });

const get = (url: string, token: string) =>
  ctx.app.inject({
    method: 'GET',
    url: `${BASE}${url}`,
    headers: { authorization: `Bearer ${token}` },
  });

/** The answer to a token past its exp: what a signed-out one must look like too. */
async function expiredAnswer(url: string) {
  const expired = await ctx.provider.sign(asUser('usr_logout_expired', { exp: now() - 60 }));
  const answer = await get(url, expired);
  return { statusCode: answer.statusCode, body: answer.json() as unknown };
}

describe('POST /logout', () => {
  it('ends the session: the same bearer is refused like an expired token on /user-data and /applications', async () => {
    const token = await ctx.provider.sign(asUser('usr_logout_a', { sid: 'sid-logout-a' }));
    expect((await get('/user-data', token)).statusCode).toBe(200);
    expect((await get('/applications', token)).statusCode).toBe(200);

    const response = await logout(token);
    expect(response.statusCode).toBe(204);

    for (const url of ['/user-data', '/applications']) {
      const refused = await get(url, token);
      expect({ statusCode: refused.statusCode, body: refused.json() as unknown }).toEqual(
        await expiredAnswer(url),
      );
      expect(refused.statusCode).toBe(401);
    }
  });

  it('refuses a token refreshed from the ended session, but not another session of the same account', async () => {
    const signedIn = now() - 600;
    const claims = asUser('usr_logout_b', {
      sid: 'sid-logout-b',
      iat: signedIn,
      nra: signedIn + 86400,
    });
    const token = await ctx.provider.sign(claims);
    const otherBrowser = await ctx.provider.sign({ ...claims, sid: 'sid-logout-b-elsewhere' });
    expect((await logout(token)).statusCode).toBe(204);

    // What the provider's refresh gives: the same sid and nra, a later iat and exp.
    const refreshed = await ctx.provider.sign({ ...claims, iat: now(), exp: now() + 3600 });
    expect((await get('/user-data', refreshed)).statusCode).toBe(401);
    expect((await get('/user-data', otherBrowser)).statusCode).toBe(200);
  });

  it('tells the login provider, with the token, so that it stops refreshing the session', async () => {
    const token = await ctx.provider.sign(asUser('usr_logout_c'));
    expect((await logout(token)).statusCode).toBe(204);
    expect(ctx.provider.logoutCalls).toContain(token);
  });

  it('ends the session even when the provider cannot be told', async () => {
    ctx.provider.failLogoutWith = 503;
    const token = await ctx.provider.sign(asUser('usr_logout_d'));
    expect((await logout(token)).statusCode).toBe(204);
    expect((await get('/user-data', token)).statusCode).toBe(401);
  });

  it('accepts a token past its exp (a refresh could still revive it) and ends its session', async () => {
    const claims = asUser('usr_logout_e', { sid: 'sid-logout-e', exp: now() - 600 });
    expect((await logout(await ctx.provider.sign(claims))).statusCode).toBe(204);
    const refreshed = await ctx.provider.sign({ ...claims, exp: now() + 3600 });
    expect((await get('/user-data', refreshed)).statusCode).toBe(401);
  });

  it('ends a session whose provider names no sid by its account and nra', async () => {
    const nra = now() + 7200;
    const claims = asUser('usr_logout_f', { sid: undefined, nra });
    expect((await logout(await ctx.provider.sign(claims))).statusCode).toBe(204);
    const refreshed = await ctx.provider.sign({ ...claims, iat: now(), exp: now() + 3600 });
    expect((await get('/user-data', refreshed)).statusCode).toBe(401);
    const nextSignIn = await ctx.provider.sign({ ...claims, nra: nra + 60 });
    expect((await get('/user-data', nextSignIn)).statusCode).toBe(200);
  });

  it('clears the pos_token cookie, and answers 204 again for a session already ended', async () => {
    const token = await ctx.provider.sign(asUser('usr_logout_g'));
    const first = await logout(token);
    expect(String(first.headers['set-cookie'])).toMatch(/^pos_token=;.*Expires=Thu, 01 Jan 1970/);
    expect(String(first.headers['set-cookie'])).toContain('HttpOnly');
    expect((await logout(token)).statusCode).toBe(204);
  });

  it('lets a banned account sign out', async () => {
    const token = await ctx.provider.sign(asUser('usr_logout_banned'));
    await get('/check-ban', token);
    await ctx.database.db
      .updateTable('users')
      .set({ block: 'block' })
      .where('sub', '=', 'usr_logout_banned')
      .execute();
    expect((await logout(token)).statusCode).toBe(204);
    expect((await get('/check-ban', token)).statusCode).toBe(401);
  });

  it('refuses with 401 and ends nothing without a token of the provider, or past nra', async () => {
    const claims = asUser('usr_logout_h', { sid: 'sid-logout-h' });
    const refusals = [
      await logout(),
      await logout(await ctx.provider.signWithForeignKey(claims)),
      await logout(await ctx.provider.sign({ ...claims, nra: now() - 600, exp: now() - 700 })),
      await logout('not-a-token'),
    ];
    for (const refused of refusals) {
      expect(refused.statusCode).toBe(401);
      expect(refused.json()).toEqual({ message: 'Unauthorized', code: 'ERR_UNAUTHORIZED' });
    }
    expect((await get('/user-data', await ctx.provider.sign(claims))).statusCode).toBe(200);
  });
});

describe('after a logout', () => {
  it("the last-access beacon with the session's token records nothing", async () => {
    const token = await ctx.provider.sign(asUser('usr_logout_beacon'));
    expect((await logout(token)).statusCode).toBe(204);
    const beacon = await ctx.app.inject({
      method: 'POST',
      url: `${BASE}/user-last-access`,
      payload: { token },
    });
    expect(beacon.statusCode).toBe(401);
    const user = await ctx.app.repos.users.findBySub('usr_logout_beacon');
    expect(user?.last_access_at ?? null).toBeNull();
  });
});
