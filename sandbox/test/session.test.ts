import { runInNewContext } from 'node:vm';
import { decodeJwt } from 'jose';
import type { TestSandbox } from './helpers';
import {
  DASHBOARD,
  OTHER_DASHBOARD,
  needAccessUrl,
  postJson,
  signIn,
  startTestSandbox,
} from './helpers';

let sandbox: TestSandbox;

beforeAll(async () => {
  sandbox = await startTestSandbox();
});

afterAll(() => sandbox.close());

interface Posted {
  message: { type: string; token?: string; loggedIn?: boolean };
  targetOrigin: string;
}

/** Runs the sso-frame page's script in a stand-in iframe whose parent records its messages. */
async function loadSsoFrame(origin: string, cookie?: string) {
  const response = await fetch(
    `${sandbox.loginUrl}/sso-frame?origin=${encodeURIComponent(origin)}`,
    { headers: cookie ? { cookie } : {} },
  );
  const html = await response.text();
  const script = /<script nonce="[^"]+">([\s\S]*?)<\/script>/.exec(html)?.[1] ?? '';
  const posted: Posted[] = [];
  const listeners: Array<(event: unknown) => void> = [];
  const parent = {
    postMessage: (message: Posted['message'], targetOrigin: string) =>
      posted.push({ message, targetOrigin }),
  };
  const frameWindow = {
    parent,
    addEventListener: (type: string, listener: (event: unknown) => void) => {
      if (type === 'message') listeners.push(listener);
    },
  };
  runInNewContext(script, { window: frameWindow });
  const answer = (eventOrigin: string, data: unknown, source: unknown = parent) => {
    for (const listener of listeners) listener({ origin: eventOrigin, source, data });
  };
  return { response, posted, answer };
}

describe('GET /sso-frame', () => {
  it('asks the parent dashboard, and only that origin, whether it is signed in', async () => {
    const { response, posted } = await loadSsoFrame(DASHBOARD);

    expect(response.status).toBe(200);
    expect(response.headers.get('content-security-policy')).toContain(
      `frame-ancestors ${DASHBOARD} ${OTHER_DASHBOARD}`,
    );
    expect(posted).toEqual([
      { message: { type: 'CHECK_USER_LOGGED_IN' }, targetOrigin: DASHBOARD },
    ]);
  });

  it('hands a signed-out dashboard a token for the provider session', async () => {
    const { cookie } = await signIn(sandbox, 'cashier@demo.test');
    const { posted, answer } = await loadSsoFrame(DASHBOARD, cookie);

    answer(DASHBOARD, { type: 'USER_LOGGED_IN', loggedIn: false });

    expect(posted).toHaveLength(2);
    const [, reply] = posted;
    expect(reply?.targetOrigin).toBe(DASHBOARD);
    expect(reply?.message.type).toBe('SET_TOKEN');
    expect(decodeJwt(reply?.message.token ?? '')).toMatchObject({ sub: 'usr_demo_cashier' });
  });

  it('closes when the dashboard is already signed in', async () => {
    const { cookie } = await signIn(sandbox);
    const { posted, answer } = await loadSsoFrame(DASHBOARD, cookie);

    answer(DASHBOARD, { type: 'USER_LOGGED_IN', loggedIn: true });

    expect(posted[1]).toEqual({ message: { type: 'CLOSE_IFRAME' }, targetOrigin: DASHBOARD });
  });

  it('closes when the browser has no provider session', async () => {
    const { posted, answer } = await loadSsoFrame(DASHBOARD);

    answer(DASHBOARD, { type: 'USER_LOGGED_IN', loggedIn: false });

    expect(posted[1]).toEqual({ message: { type: 'CLOSE_IFRAME' }, targetOrigin: DASHBOARD });
  });

  it('ignores answers from any other origin or window', async () => {
    const { cookie } = await signIn(sandbox);
    const { posted, answer } = await loadSsoFrame(DASHBOARD, cookie);

    answer('http://evil.test', { type: 'USER_LOGGED_IN', loggedIn: false });
    answer(OTHER_DASHBOARD, { type: 'USER_LOGGED_IN', loggedIn: false });
    answer(DASHBOARD, { type: 'USER_LOGGED_IN', loggedIn: false }, { postMessage() {} });

    expect(posted).toHaveLength(1);
  });

  it('refuses an origin that is not a listed dashboard', async () => {
    const response = await fetch(`${sandbox.loginUrl}/sso-frame?origin=http%3A%2F%2Fevil.test`);
    expect(response.status).toBe(400);
    expect(await response.text()).not.toContain('postMessage');
  });
});

describe('GET /logout', () => {
  it('ends the provider session and returns to the dashboard root', async () => {
    const { cookie } = await signIn(sandbox, 'admin@demo.test');
    const response = await fetch(
      `${sandbox.loginUrl}/logout?origin=${encodeURIComponent(DASHBOARD)}`,
      { headers: { cookie }, redirect: 'manual' },
    );

    expect(response.status).toBe(302);
    expect(response.headers.get('location')).toBe(`${DASHBOARD}/`);
    expect(response.headers.get('set-cookie')).toMatch(/^sandbox_sid=;.*Max-Age=0/);

    // The old cookie no longer counts, even if a browser kept sending it.
    const page = await fetch(needAccessUrl(sandbox.loginUrl, DASHBOARD), { headers: { cookie } });
    expect(await page.text()).not.toContain('Continue as');
    const { posted, answer } = await loadSsoFrame(DASHBOARD, cookie);
    answer(DASHBOARD, { type: 'USER_LOGGED_IN', loggedIn: false });
    expect(posted[1]?.message.type).toBe('CLOSE_IFRAME');
  });

  it("ends the session's tokens too: they no longer refresh", async () => {
    const { cookie, token } = await signIn(sandbox);
    await fetch(`${sandbox.loginUrl}/logout?origin=${encodeURIComponent(DASHBOARD)}`, {
      headers: { cookie },
      redirect: 'manual',
    });

    const refused = await postJson(`${sandbox.loginUrl}/refresh`, { token });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ message: 'Session ended' });
  });

  it('refuses an origin that is not a listed dashboard', async () => {
    const response = await fetch(`${sandbox.loginUrl}/logout?origin=http%3A%2F%2Fevil.test`, {
      redirect: 'manual',
    });
    expect(response.status).toBe(400);
    expect(response.headers.get('location')).toBeNull();
  });
});
