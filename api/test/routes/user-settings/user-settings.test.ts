import { MAX_QUICK_LAUNCH } from '../../../src/repositories/settings';
import type { TestContext } from '../../helpers/app';
import { asUser, createTestContext } from '../../helpers/app';
import { call, changeUser, connectApplication } from '../../helpers/applications';
import type { TestSandbox } from '../../helpers/sandbox';
import { startTestSandbox } from '../../helpers/sandbox';

// A store connection, and the store asked on every pin: more than 5 s on a busy machine.
jest.setTimeout(30_000);

const OWNER = 'usr_settings_owner';
const CASHIER = 'usr_settings_cashier';
// Store user 2 of the sandbox store: stations 1 and 3 are shared with them, 2 is not.
const CASHIER_CLAIMS = { email: 'cashier@demo.test', name: 'Cash Ier' };

let ctx: TestContext;
let sandbox: TestSandbox;
let appId: string;
beforeAll(async () => {
  ctx = await createTestContext();
  sandbox = await startTestSandbox();
  ({ id: appId } = await connectApplication(ctx, sandbox, sandbox.stores[0], OWNER, 'Roasters', {
    shareWith: ['cashier@demo.test'],
  }));
  await changeUser(ctx, CASHIER, { user_role: 'other' }, CASHIER_CLAIMS);
});
afterAll(async () => {
  await ctx?.close();
  await sandbox?.close();
});

const put = async (payload: unknown, sub = OWNER, extra: Record<string, unknown> = {}) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/connect-ui/user-settings',
    headers: await ctx.bearer(asUser(sub, extra)),
    payload: payload as object,
  });

async function userIdOf(sub: string): Promise<string> {
  const row = await ctx.database.db
    .selectFrom('users')
    .select('id')
    .where('sub', '=', sub)
    .executeTakeFirstOrThrow();
  return row.id;
}

/** Stores `keys` as the Quick Launch of `sub`, as an older version of the api could have. */
async function storeQuickLaunch(sub: string, keys: string[]) {
  await call(ctx, 'GET', '/user-settings', undefined, sub);
  const userId = await userIdOf(sub);
  const json = JSON.stringify(Object.fromEntries(keys.map((key) => [key, true])));
  await ctx.database.db
    .insertInto('user_settings')
    .values({
      user_id: userId,
      quick_launch_pos_ids: json,
      show_assistant_in_pos: 1,
      first_task_completed: 0,
    })
    .onConflict((oc) => oc.column('user_id').doUpdateSet({ quick_launch_pos_ids: json }))
    .execute();
}

const pinTaskOf = async (sub: string) =>
  ctx.database.db
    .selectFrom('user_tasks')
    .selectAll()
    .where('user_id', '=', await userIdOf(sub))
    .where('assistant_task_id', '=', 'pin-station')
    .executeTakeFirst();

describe('PUT /user-settings', () => {
  it('toggles a station of the caller’s own application on and off again', async () => {
    const on = await put({ quickLaunchPOSId: `${appId}/1` });
    expect(on.statusCode).toBe(200);
    expect(on.json().quickLaunchPOSIds).toEqual({ [`${appId}/1`]: true });
    expect(await pinTaskOf(OWNER)).toMatchObject({ application_id: appId });
    const off = await put({ quickLaunchPOSId: `${appId}/1` });
    expect(off.json().quickLaunchPOSIds).toEqual({});
  });

  it('pins a station shared with the caller that their store account may open', async () => {
    const response = await put({ quickLaunchPOSId: `${appId}/3` }, CASHIER, CASHIER_CLAIMS);
    expect(response.statusCode).toBe(200);
    expect(response.json().quickLaunchPOSIds).toEqual({ [`${appId}/3`]: true });
  });

  it.each([
    [
      'a station the store does not let the caller open',
      CASHIER,
      '2',
      'Quick launch takes only stations you may open: You do not have access to the Espresso Bar station of Roasters.',
    ],
    [
      'a station the store does not list',
      OWNER,
      '9',
      'Quick launch takes only stations you may open: There is no station at this address, or it is not shared with you.',
    ],
    [
      'a station of another manager’s application',
      'usr_settings_stranger',
      '1',
      'Quick launch takes only stations you may open: this one is not yours or shared with you.',
    ],
  ])('refuses %s with 403 and completes no task', async (_case, sub, posId, message) => {
    const extra = sub === CASHIER ? CASHIER_CLAIMS : {};
    const before = (await call(ctx, 'GET', '/user-settings', undefined, sub)).json();
    const response = await put({ quickLaunchPOSId: `${appId}/${posId}` }, sub, extra);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message, code: 'ERR_QUICK_LAUNCH_REFUSED' });
    const after = (await call(ctx, 'GET', '/user-settings', undefined, sub)).json();
    expect(after.quickLaunchPOSIds).toEqual(before.quickLaunchPOSIds);
    if (sub !== OWNER) expect(await pinTaskOf(sub)).toBeUndefined();
  });

  it('refuses an application that does not exist', async () => {
    const response = await put({ quickLaunchPOSId: 'app_1/pos-7' }, 'usr_settings_nobody');
    expect(response.statusCode).toBe(403);
    expect(response.json().code).toBe('ERR_QUICK_LAUNCH_REFUSED');
    expect(await pinTaskOf('usr_settings_nobody')).toBeUndefined();
  });

  it('always lets a pinned station off, whatever became of it', async () => {
    await storeQuickLaunch('usr_settings_stale', ['app_gone/1', `${appId}/1`]);
    const response = await put({ quickLaunchPOSId: 'app_gone/1' }, 'usr_settings_stale');
    expect(response.statusCode).toBe(200);
    expect(response.json().quickLaunchPOSIds).toEqual({ [`${appId}/1`]: true });
  });

  it(`holds at most ${MAX_QUICK_LAUNCH} stations: the next pin is refused with 400`, async () => {
    expect(MAX_QUICK_LAUNCH).toBe(200);
    const full = Array.from({ length: MAX_QUICK_LAUNCH }, (_, i) => `app_old${i}/1`);
    await storeQuickLaunch(OWNER, full);
    const refused = await put({ quickLaunchPOSId: `${appId}/1` });
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toEqual({
      message: 'Quick launch holds at most 200 stations.',
      code: 'ERR_QUICK_LAUNCH_FULL',
    });
    const kept = (await call(ctx, 'GET', '/user-settings', undefined, OWNER)).json();
    expect(Object.keys(kept.quickLaunchPOSIds)).toHaveLength(MAX_QUICK_LAUNCH);
    // One off makes room for one more.
    expect((await put({ quickLaunchPOSId: 'app_old0/1' })).statusCode).toBe(200);
    const pinned = await put({ quickLaunchPOSId: `${appId}/1` });
    expect(pinned.statusCode).toBe(200);
    expect(Object.keys(pinned.json().quickLaunchPOSIds)).toHaveLength(MAX_QUICK_LAUNCH);
    expect(pinned.json().quickLaunchPOSIds[`${appId}/1`]).toBe(true);
    await storeQuickLaunch(OWNER, []);
  });

  it('sets the assistant flags and returns every setting', async () => {
    const response = await put({ showAssistantInPOS: false, firstTaskCompleted: true });
    expect(response.json()).toEqual({
      userRole: 'manager',
      quickLaunchPOSIds: {},
      showAssistantInPOS: false,
      firstTaskCompleted: true,
    });
    const read = await call(ctx, 'GET', '/user-settings', undefined, OWNER);
    expect(read.json()).toEqual(response.json());
  });

  it.each([
    [{}, 'body must have at least 1 property'],
    [{ quickLaunchPOSId: 'no-slash' }, 'body/quickLaunchPOSId must match pattern'],
    [{ quickLaunchPOSId: 'a/b/c' }, 'body/quickLaunchPOSId must match pattern'],
    [{ quickLaunchPOSId: '../x/y' }, 'body/quickLaunchPOSId must match pattern'],
    [{ showAssistantInPOS: 'true' }, 'body/showAssistantInPOS must be boolean'],
    [{ firstTaskCompleted: 1 }, 'body/firstTaskCompleted must be boolean'],
    [{ userRole: 'manager' }, "body must NOT have additional property 'userRole'"],
  ])('refuses %j with 400 and a message', async (payload, message) => {
    const response = await put(payload);
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('ERR_VALIDATION');
    expect(response.json().message).toContain(message);
  });

  it('refuses a body that is not JSON', async () => {
    const response = await ctx.app.inject({
      method: 'PUT',
      url: '/api/connect-ui/user-settings',
      headers: { ...(await ctx.bearer(asUser(OWNER))), 'content-type': 'application/json' },
      payload: '{"showAssistantInPOS":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });
});
