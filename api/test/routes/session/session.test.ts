import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const lastAccessOf = async (sub: string) =>
  (
    await ctx.database.db
      .selectFrom('users')
      .select('last_access_at')
      .where('sub', '=', sub)
      .executeTakeFirst()
  )?.last_access_at ?? null;

describe('POST /user-last-access', () => {
  it('records the last access from a JSON body', async () => {
    const token = await ctx.provider.sign(asUser('usr_json'));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/user-last-access',
      payload: { token },
    });
    expect(response.statusCode).toBe(204);
    expect(await lastAccessOf('usr_json')).toMatch(/^\d{4}-\d\d-\d\dT/);
  });

  it('accepts the text/plain body that navigator.sendBeacon sends for a string', async () => {
    const token = await ctx.provider.sign(asUser('usr_beacon'));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/user-last-access',
      headers: { 'content-type': 'text/plain;charset=UTF-8' },
      payload: JSON.stringify({ token }),
    });
    expect(response.statusCode).toBe(204);
    expect(await lastAccessOf('usr_beacon')).not.toBeNull();
  });

  it('answers 401 for a token with a bad signature', async () => {
    const token = await ctx.provider.signWithForeignKey(asUser('usr_forged'));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/user-last-access',
      headers: { 'content-type': 'text/plain' },
      payload: JSON.stringify({ token }),
    });
    expect(response.statusCode).toBe(401);
    expect(await lastAccessOf('usr_forged')).toBeNull();
  });

  it('answers 400 for a text body that is not JSON, or JSON without a token', async () => {
    const notJson = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/user-last-access',
      headers: { 'content-type': 'text/plain' },
      payload: 'hello',
    });
    expect(notJson.statusCode).toBe(400);
    const noToken = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/user-last-access',
      payload: { other: 1 },
    });
    expect(noToken.statusCode).toBe(400);
    expect(noToken.json().message).toContain('body');
  });
});

describe('GET /check-ban', () => {
  it('says false for an active account', async () => {
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/check-ban',
      headers: await ctx.bearer(),
    });
    expect(response.json()).toEqual({ isBanned: false });
  });
});
