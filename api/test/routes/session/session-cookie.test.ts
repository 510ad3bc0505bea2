import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

/** The Set-Cookie header of an answer (one cookie). */
const setCookieOf = (headers: Record<string, unknown>): string => {
  const value = headers['set-cookie'];
  return Array.isArray(value) ? String(value[0]) : String(value);
};

describe('POST /session-cookie', () => {
  it("sets the bearer token as an HttpOnly pos_token expiring at the token's exp", async () => {
    const exp = Math.floor(Date.now() / 1000) + 3600;
    const token = await ctx.provider.sign(asUser('usr_cookie', { exp }));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/session-cookie',
      headers: { authorization: `Bearer ${token}` },
    });
    expect(response.statusCode).toBe(204);
    const cookie = setCookieOf(response.headers);
    expect(cookie.startsWith(`pos_token=${encodeURIComponent(token)};`)).toBe(true);
    expect(cookie).toContain(`Expires=${new Date(exp * 1000).toUTCString()}`);
    expect(cookie).toMatch(/; Path=\/(;|$)/);
    expect(cookie).toContain('; HttpOnly');
    expect(cookie).toContain('; SameSite=Lax');
    // The test dashboard is plain http: a Secure cookie would never reach the POS host.
    expect(cookie).not.toContain('Secure');
    expect(cookie).not.toContain('Domain');
  });

  it('needs a valid token, and gives a banned account its cookie too', async () => {
    const none = await ctx.app.inject({ method: 'POST', url: '/api/connect-ui/session-cookie' });
    expect(none.statusCode).toBe(401);
    expect(none.headers['set-cookie']).toBeUndefined();
    const forged = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/session-cookie',
      headers: {
        authorization: `Bearer ${await ctx.provider.signWithForeignKey(asUser('usr_forged'))}`,
      },
    });
    expect(forged.statusCode).toBe(401);
    expect(forged.headers['set-cookie']).toBeUndefined();

    const headers = await ctx.bearer(asUser('usr_banned'));
    await ctx.app.inject({ method: 'GET', url: '/api/connect-ui/check-ban', headers });
    await ctx.database.db
      .updateTable('users')
      .set({ block: 'block' })
      .where('sub', '=', 'usr_banned')
      .execute();
    const banned = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/session-cookie',
      headers,
    });
    expect(banned.statusCode).toBe(204);
    expect(setCookieOf(banned.headers)).toContain('pos_token=');
  });
});

describe('DELETE /session-cookie', () => {
  it('clears the cookie without a token', async () => {
    const response = await ctx.app.inject({
      method: 'DELETE',
      url: '/api/connect-ui/session-cookie',
    });
    expect(response.statusCode).toBe(204);
    const cookie = setCookieOf(response.headers);
    expect(cookie).toMatch(/^pos_token=;/);
    expect(cookie).toContain('Expires=Thu, 01 Jan 1970 00:00:00 GMT');
    expect(cookie).toContain('; HttpOnly');
    expect(cookie).toMatch(/; Path=\/(;|$)/);
  });
});

describe('the session cookie on an https dashboard with a shared domain', () => {
  let secure: TestContext;
  beforeAll(async () => {
    secure = await createTestContext({
      env: { DASHBOARD_ORIGIN: 'https://dashboard.pos.example', COOKIE_DOMAIN: 'pos.example' },
    });
  });
  afterAll(() => secure.close());

  it('is Secure and carries the Domain the cloud POS host shares', async () => {
    const response = await secure.app.inject({
      method: 'POST',
      url: '/api/connect-ui/session-cookie',
      headers: await secure.bearer(asUser('usr_https')),
    });
    expect(response.statusCode).toBe(204);
    const cookie = setCookieOf(response.headers);
    expect(cookie).toContain('; Domain=pos.example');
    expect(cookie).toContain('; Secure');
    const cleared = await secure.app.inject({
      method: 'DELETE',
      url: '/api/connect-ui/session-cookie',
    });
    expect(setCookieOf(cleared.headers)).toContain('; Domain=pos.example');
  });
});
