import type { TestContext } from '../../helpers/app';
import { createTestContext } from '../../helpers/app';

let ctx: TestContext;
beforeAll(async () => {
  ctx = await createTestContext();
});
afterAll(() => ctx.close());

const put = async (payload: unknown) =>
  ctx.app.inject({
    method: 'PUT',
    url: '/api/connect-ui/user-settings',
    headers: await ctx.bearer(),
    payload: payload as object,
  });

describe('PUT /user-settings', () => {
  it('toggles a quick-launch station on and off again', async () => {
    const on = await put({ quickLaunchPOSId: 'app_1/pos-7' });
    expect(on.statusCode).toBe(200);
    expect(on.json().quickLaunchPOSIds).toEqual({ 'app_1/pos-7': true });
    await put({ quickLaunchPOSId: 'app_2/9' });
    const off = await put({ quickLaunchPOSId: 'app_1/pos-7' });
    expect(off.json().quickLaunchPOSIds).toEqual({ 'app_2/9': true });
  });

  it('sets the assistant flags and returns every setting', async () => {
    const response = await put({ showAssistantInPOS: false, firstTaskCompleted: true });
    expect(response.json()).toEqual({
      userRole: 'manager',
      quickLaunchPOSIds: { 'app_2/9': true },
      showAssistantInPOS: false,
      firstTaskCompleted: true,
    });
    const read = await ctx.app.inject({
      method: 'GET',
      url: '/api/connect-ui/user-settings',
      headers: await ctx.bearer(),
    });
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
      headers: { ...(await ctx.bearer()), 'content-type': 'application/json' },
      payload: '{"showAssistantInPOS":',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().message).toEqual(expect.any(String));
  });
});
