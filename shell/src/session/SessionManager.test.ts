import { EventBus, SessionStore, type SessionCookieWriter } from '@pos/shared';
import { makeToken, nowInSeconds } from '../testing/tokens';
import { SessionManager } from './SessionManager';

const provider = 'http://login.test';
const origin = 'http://dashboard.test';

type Reply = { status: number; body: unknown };

function setup(
  replies: { verify?: Reply[]; refresh?: Reply[] } = {},
  writeCookie: SessionCookieWriter | null = null,
) {
  const bus = new EventBus();
  const store = new SessionStore(bus, localStorage, writeCookie);
  const tokenEvents: Array<string | null> = [];
  bus.on('token-changed', ({ token }) => tokenEvents.push(token));
  const queues = { verify: [...(replies.verify ?? [])], refresh: [...(replies.refresh ?? [])] };
  const calls: Array<{ url: string; body: unknown }> = [];
  const fetchMock = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, body: JSON.parse(String(init?.body)) });
    const queue = url.endsWith('/verify') ? queues.verify : queues.refresh;
    const reply = queue.shift() ?? { status: 401, body: { message: 'no' } };
    return {
      ok: reply.status >= 200 && reply.status < 300,
      status: reply.status,
      json: async () => reply.body,
    };
  });
  const redirect = jest.fn();
  const sendBeacon = jest.fn(() => true);
  const manager = new SessionManager({
    store,
    loginProviderUrl: provider,
    origin,
    fetch: fetchMock as unknown as typeof fetch,
    now: nowInSeconds,
    redirect,
    sendBeacon,
    pageHideTarget: window,
  });
  return { store, manager, calls, redirect, sendBeacon, tokenEvents };
}

const tokenFor = (expIn: number, nraIn: number) =>
  makeToken({ exp: nowInSeconds() + expIn, nra: nowInSeconds() + nraIn });

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2030-01-01T00:00:00Z') });
  localStorage.clear();
});

afterEach(() => {
  jest.useRealTimers();
});

describe('SessionManager start-up check', () => {
  it('is signed out without calling the provider when no token is stored', async () => {
    const { manager, calls } = setup();
    await expect(manager.start()).resolves.toBe('signed-out');
    expect(calls).toEqual([]);
    manager.stop();
  });

  it('keeps a stored token the provider verifies', async () => {
    const token = tokenFor(3600, 86400);
    localStorage.setItem('pos.token', token);
    const { manager, calls, store } = setup({ verify: [{ status: 200, body: { success: true } }] });
    await expect(manager.start()).resolves.toBe('signed-in');
    expect(calls).toEqual([{ url: `${provider}/verify`, body: { token } }]);
    expect(store.token).toBe(token);
    manager.stop();
  });

  it('refreshes when verification fails and stores the new token', async () => {
    const stale = tokenFor(-10, 86400);
    const fresh = tokenFor(3600, 86400);
    localStorage.setItem('pos.token', stale);
    const { manager, calls, store, tokenEvents, redirect } = setup({
      verify: [{ status: 401, body: { success: false } }],
      refresh: [{ status: 200, body: { token: fresh } }],
    });
    await expect(manager.start()).resolves.toBe('signed-in');
    expect(calls.map((call) => call.url)).toEqual([`${provider}/verify`, `${provider}/refresh`]);
    expect(store.token).toBe(fresh);
    expect(localStorage.getItem('pos.token')).toBe(fresh);
    expect(tokenEvents).toEqual([fresh]);
    expect(redirect).not.toHaveBeenCalled();
    manager.stop();
  });

  it('answers signed-in after a refresh only once the new token is in the session cookie', async () => {
    localStorage.setItem('pos.token', tokenFor(-10, 86400));
    const fresh = tokenFor(3600, 86400);
    const written: Array<string | null> = [];
    let cookieSet: () => void = () => undefined;
    const { manager } = setup(
      {
        verify: [{ status: 401, body: { success: false } }],
        refresh: [{ status: 200, body: { token: fresh } }],
      },
      (token) => {
        written.push(token);
        return new Promise<void>((resolve) => (cookieSet = resolve));
      },
    );
    let result: string | null = null;
    void manager.start().then((value) => (result = value));
    await jest.advanceTimersByTimeAsync(0);
    expect(written).toEqual([fresh]);
    expect(result).toBeNull();
    cookieSet();
    await jest.advanceTimersByTimeAsync(0);
    expect(result).toBe('signed-in');
    manager.stop();
  });

  it('clears the token and sends the browser to need-access when refresh fails too', async () => {
    localStorage.setItem('pos.token', tokenFor(3600, 86400));
    const { manager, store, redirect, tokenEvents } = setup();
    await expect(manager.start()).resolves.toBe('redirected');
    expect(store.token).toBeNull();
    expect(tokenEvents).toEqual([null]);
    expect(redirect).toHaveBeenCalledWith(
      `${provider}/need-access/${encodeURIComponent(origin)}?product=pos`,
    );
    manager.stop();
  });

  it('drops a token past exp and nra without asking the provider', async () => {
    localStorage.setItem('pos.token', tokenFor(-100, -10));
    const { manager, store, calls, redirect } = setup();
    await expect(manager.start()).resolves.toBe('signed-out');
    expect(store.token).toBeNull();
    expect(calls).toEqual([]);
    expect(redirect).not.toHaveBeenCalled();
    manager.stop();
  });

  it('lets a sign-in that happens during the check win over a failed verification', async () => {
    localStorage.setItem('pos.token', tokenFor(3600, 86400));
    const { manager, store, redirect } = setup();
    const started = manager.start();
    const signedIn = makeToken({
      sub: 'usr_other',
      exp: nowInSeconds() + 60,
      nra: nowInSeconds() + 600,
    });
    store.setToken(signedIn);
    await expect(started).resolves.toBe('signed-in');
    expect(store.token).toBe(signedIn);
    expect(redirect).not.toHaveBeenCalled();
    manager.stop();
  });
});

describe('SessionManager periodic check', () => {
  const verified: Reply = { status: 200, body: { success: true } };

  it('checks every 60 s and refreshes once exp is under 300 s away', async () => {
    localStorage.setItem('pos.token', tokenFor(320, 86400));
    const fresh = tokenFor(3600, 86400);
    const { manager, calls, store } = setup({
      verify: [verified],
      refresh: [{ status: 200, body: { token: fresh } }],
    });
    await manager.start();
    await jest.advanceTimersByTimeAsync(59_000);
    expect(calls.filter((call) => call.url.endsWith('/refresh'))).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(calls.filter((call) => call.url.endsWith('/refresh'))).toHaveLength(1);
    expect(store.token).toBe(fresh);
    manager.stop();
  });

  it('keeps a token far from exp without calling the provider', async () => {
    localStorage.setItem('pos.token', tokenFor(3600, 86400));
    const { manager, calls } = setup({ verify: [verified] });
    await manager.start();
    await jest.advanceTimersByTimeAsync(10 * 60_000);
    expect(calls).toHaveLength(1);
    manager.stop();
  });

  it('checks every (nra - now) / 20 s when nra is close', async () => {
    localStorage.setItem('pos.token', tokenFor(100, 200));
    const { manager, calls } = setup({
      verify: [verified],
      refresh: [{ status: 200, body: { token: tokenFor(100, 200) } }],
    });
    await manager.start();
    await jest.advanceTimersByTimeAsync(9_000);
    expect(calls.filter((call) => call.url.endsWith('/refresh'))).toHaveLength(0);
    await jest.advanceTimersByTimeAsync(1_000);
    expect(calls.filter((call) => call.url.endsWith('/refresh'))).toHaveLength(1);
    manager.stop();
  });

  it('clears the token when a periodic refresh fails, without leaving the page', async () => {
    localStorage.setItem('pos.token', tokenFor(200, 86400));
    const { manager, store, redirect } = setup({ verify: [verified] });
    await manager.start();
    await jest.advanceTimersByTimeAsync(60_000);
    expect(store.token).toBeNull();
    expect(redirect).not.toHaveBeenCalled();
    manager.stop();
  });

  it('clears a token near exp once nra has passed, without a refresh', async () => {
    localStorage.setItem('pos.token', tokenFor(250, 0.5));
    const { manager, store, calls } = setup({ verify: [verified] });
    await manager.start();
    await jest.advanceTimersByTimeAsync(1_000);
    expect(store.token).toBeNull();
    expect(calls.filter((call) => call.url.endsWith('/refresh'))).toHaveLength(0);
    manager.stop();
  });

  it('starts checking a token that arrives after start-up', async () => {
    const { manager, store, calls } = setup({
      refresh: [{ status: 200, body: { token: tokenFor(3600, 86400) } }],
    });
    await manager.start();
    store.setToken(tokenFor(100, 86400));
    await jest.advanceTimersByTimeAsync(60_000);
    expect(calls.map((call) => call.url)).toEqual([`${provider}/refresh`]);
    manager.stop();
  });
});

describe('SessionManager page-hide beacon', () => {
  it('reports the last access with the token when the page is hidden', async () => {
    const token = tokenFor(3600, 86400);
    localStorage.setItem('pos.token', token);
    const { manager, sendBeacon } = setup({ verify: [{ status: 200, body: { success: true } }] });
    await manager.start();
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).toHaveBeenCalledWith(
      '/api/connect-ui/user-last-access',
      JSON.stringify({ token }),
    );
    manager.stop();
  });

  it('sends nothing when signed out or after stop', async () => {
    const { manager, sendBeacon, store } = setup();
    await manager.start();
    window.dispatchEvent(new Event('pagehide'));
    store.setToken(tokenFor(3600, 86400));
    manager.stop();
    window.dispatchEvent(new Event('pagehide'));
    expect(sendBeacon).not.toHaveBeenCalled();
  });
});
