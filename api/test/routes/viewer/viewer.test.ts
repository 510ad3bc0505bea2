import { PLAN_IDS } from '../../../src/db/plans';
import { freePlanIdFor } from '../../../src/repositories/plans';
import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const get = async (path: string, sub: string, extra: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'GET',
    url: `/api/connect-ui${path}`,
    headers: await ctx.bearer(asUser(sub, extra)),
  });

/** The user's id, made by their first call. */
async function userId(sub: string): Promise<string> {
  await get('/check-ban', sub);
  const { id } = await ctx.database.db
    .selectFrom('users')
    .select('id')
    .where('sub', '=', sub)
    .executeTakeFirstOrThrow();
  return id;
}

describe('GET /viewer', () => {
  it('answers what the four sign-in calls answer, in one', async () => {
    const id = await userId('usr_viewer_a');
    await ctx.app.repos.plans.subscribeIfNone(id, freePlanIdFor('manager'));
    const claims = { name: 'Vera Vine', email: 'vera@test.example', isVerified: false };
    const viewer = await get('/viewer', 'usr_viewer_a', claims);
    expect(viewer.statusCode).toBe(200);
    const answerOf = async (path: string) => (await get(path, 'usr_viewer_a', claims)).json();
    const settings = await answerOf('/user-settings');
    const user = await answerOf('/user-data');
    const ban = (await answerOf('/check-ban')) as { isBanned: boolean };
    const monitor = await answerOf('/subscription-monitor');
    expect(viewer.json()).toEqual({
      settings,
      user,
      isBanned: ban.isBanned,
      subscription: monitor,
    });
    expect(viewer.json()).toMatchObject({
      user: { fullName: 'Vera Vine', email: 'vera@test.example', isVerified: false },
      isBanned: false,
      subscription: { plan: { id: PLAN_IDS.trial }, isHavePaymentMethod: false },
    });
  });

  it('answers each caller with their own account only', async () => {
    const a = await userId('usr_viewer_own_a');
    await ctx.app.repos.plans.subscribeIfNone(a, freePlanIdFor('manager'));
    await userId('usr_viewer_own_b');
    const answerA = (await get('/viewer', 'usr_viewer_own_a', { email: 'a@test.example' })).json();
    const answerB = (await get('/viewer', 'usr_viewer_own_b', { email: 'b@test.example' })).json();
    expect(answerA).toMatchObject({ user: { email: 'a@test.example' } });
    expect(answerA.subscription.plan).not.toBeNull();
    expect(answerB).toMatchObject({ user: { email: 'b@test.example' } });
    expect(answerB.subscription).toEqual({ plan: null, isHavePaymentMethod: false, usage: null });
  });

  it('answers a banned account too, saying it is banned', async () => {
    await userId('usr_viewer_banned');
    await ctx.database.db
      .updateTable('users')
      .set({ block: 'block' })
      .where('sub', '=', 'usr_viewer_banned')
      .execute();
    const response = await get('/viewer', 'usr_viewer_banned');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ isBanned: true });
  });

  it("gives a user without a plan their role's free plan with freeSubAutoCreate", async () => {
    await userId('usr_viewer_join');
    const response = await get('/viewer?freeSubAutoCreate=true', 'usr_viewer_join');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toMatchObject({ subscription: { plan: { id: PLAN_IDS.trial } } });
  });

  it('refuses an unknown or malformed query with 400', async () => {
    for (const query of ['?freeSubAutoCreate=maybe', '?other=1']) {
      const response = await get(`/viewer${query}`, 'usr_viewer_query');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ message: expect.any(String) });
    }
  });

  it('refuses a call without a valid token with 401', async () => {
    for (const headers of [{}, { authorization: 'Bearer not-a-token' }]) {
      const response = await ctx.app.inject({
        method: 'GET',
        url: '/api/connect-ui/viewer',
        headers,
      });
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Unauthorized', code: 'ERR_UNAUTHORIZED' });
    }
  });
});
