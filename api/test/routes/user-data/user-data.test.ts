import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

describe('GET /user-data', () => {
  it("returns the caller's name, email and verification", async () => {
    const headers = await ctx.bearer({
      sub: 'usr_a',
      name: 'Alma Alder',
      email: 'alma@test.example',
      isVerified: false,
    });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/user-data',
      headers,
    });
    expect(response.json()).toEqual({
      fullName: 'Alma Alder',
      email: 'alma@test.example',
      isVerified: false,
      registeredAt: expect.any(String),
    });
  });

  it('says when the account registered, for the 14 days to confirm its email', async () => {
    const before = new Date().toISOString();
    const headers = await ctx.bearer({ sub: 'usr_new', isVerified: false });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/user-data',
      headers,
    });
    const { registeredAt } = response.json() as { registeredAt: string };
    const row = await ctx.database.db
      .selectFrom('users')
      .select('created_at')
      .where('sub', '=', 'usr_new')
      .executeTakeFirstOrThrow();
    expect(registeredAt).toBe(row.created_at);
    expect(registeredAt >= before).toBe(true);
  });

  it('returns null for a name or email the token does not carry', async () => {
    const headers = await ctx.bearer({ sub: 'usr_anon', name: undefined, email: undefined });
    const response = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/user-data',
      headers,
    });
    expect(response.json()).toEqual({
      fullName: null,
      email: null,
      isVerified: true,
      registeredAt: expect.any(String),
    });
  });
});

describe('POST /resend-activation-email', () => {
  it("asks the provider with the caller's own token and answers 204", async () => {
    const headers = await ctx.bearer(asUser('usr_resend'));
    const response = await ctx.app.inject({
      method: 'POST',
      url: '/api/connect-ui/resend-activation-email',
      headers,
    });
    expect(response.statusCode).toBe(204);
    expect(response.body).toBe('');
    expect(ctx.provider.resendCalls.at(-1)).toBe(headers.authorization);
  });

  it('answers 502 with a message when the provider fails', async () => {
    ctx.provider.failResendWith = 500;
    try {
      const headers = await ctx.bearer(asUser('usr_resend'));
      const response = await ctx.app.inject({
        method: 'POST',
        url: '/api/connect-ui/resend-activation-email',
        headers,
      });
      expect(response.statusCode).toBe(502);
      expect(response.json().message).toMatch(/activation email could not be sent/);
    } finally {
      ctx.provider.failResendWith = 0;
    }
  });
});
