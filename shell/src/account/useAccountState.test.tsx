import { act, renderHook, waitFor } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import type { ReactNode } from 'react';
import { ShellServicesProvider } from '../app/ShellContext';
import { storageKeys } from '../app/storageKeys';
import { fakeApi, testServices, TEST_ORIGIN, TEST_PROVIDER } from '../testing/shellHarness';
import { ApiProvider } from './ApiContext';
import { useAccountState } from './useAccountState';

const settings = {
  userRole: 'manager',
  quickLaunchPOSIds: {},
  showAssistantInPOS: true,
  firstTaskCompleted: true,
};
const user = { fullName: 'Maya Manager', email: 'manager@demo.test', isVerified: true };

function httpError(status: number, data: unknown) {
  const config = { headers: new AxiosHeaders() };
  return new AxiosError('failed', String(status), config, null, {
    status,
    statusText: '',
    data,
    headers: {},
    config,
  });
}

function setup(answers: Record<string, () => Promise<unknown>> = {}) {
  const services = testServices();
  const api = fakeApi();
  const defaults: Record<string, () => Promise<unknown>> = {
    '/user-settings': async () => settings,
    '/user-data': async () => user,
    '/check-ban': async () => ({ isBanned: false }),
    '/subscription-monitor': async () => ({ plan: null, isHavePaymentMethod: false }),
  };
  api.get.mockImplementation((url: string) => {
    const path = url.split('?')[0] as string;
    const answer = answers[path] ?? defaults[path];
    return answer ? answer().then((data) => ({ data })) : Promise.reject(new Error(`no ${url}`));
  });
  const bans: boolean[] = [];
  services.bus.on('ban-changed', ({ isBanned }) => bans.push(isBanned));
  const wrapper = ({ children }: { children: ReactNode }) => (
    <ShellServicesProvider value={services}>
      <ApiProvider value={api}>{children}</ApiProvider>
    </ShellServicesProvider>
  );
  const hook = renderHook(() => useAccountState(), { wrapper });
  return { ...hook, services, api, bans };
}

beforeEach(() => localStorage.clear());

describe('useAccountState', () => {
  it('loads settings, profile, ban and plan, and announces the ban state', async () => {
    const { result, bans } = setup();
    expect(result.current.load.status).toBe('loading');
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    const load = result.current.load;
    expect(load.status === 'ready' && load.account).toEqual({
      settings,
      user,
      isBanned: false,
      planState: { plan: null, isHavePaymentMethod: false, usage: null },
    });
    expect(bans).toEqual([false]);
  });

  it('asks for the free plan when the user joined from the iframe', async () => {
    localStorage.setItem(storageKeys.iframeJoin, 'true');
    const { api, result } = setup();
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    expect(api.get).toHaveBeenCalledWith('/subscription-monitor?freeSubAutoCreate=true');
  });

  it('re-reads the plan on plan-changed, still asking for the free plan after an iframe join', async () => {
    localStorage.setItem(storageKeys.iframeJoin, 'true');
    let plan: unknown = null;
    const { api, services, result } = setup({
      '/subscription-monitor': async () => ({ plan, isHavePaymentMethod: plan != null }),
    });
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    plan = { id: 'trial', name: 'Trial' };
    await act(async () => services.bus.emit('plan-changed'));
    await waitFor(() => {
      const load = result.current.load;
      expect(load.status === 'ready' && load.account.planState).toEqual({
        plan: { id: 'trial', name: 'Trial' },
        isHavePaymentMethod: true,
        usage: null,
      });
    });
    const monitorCalls = api.get.mock.calls.filter(([url]) =>
      String(url).startsWith('/subscription-monitor'),
    );
    expect(monitorCalls).toEqual([
      ['/subscription-monitor?freeSubAutoCreate=true'],
      ['/subscription-monitor?freeSubAutoCreate=true'],
    ]);
  });

  // A free trial has no excess orders: it pauses at its limit instead.
  const FREE_EXCESS = { included: 50, excess: 0, excessAmount: 0 };

  it('re-reads the plan usage on orders-changed, so the limit banner appears live', async () => {
    const trial = { id: 'plan_trial', name: 'Trial', isFree: true, upTo: 50 };
    let orders = 49;
    const { services, result } = setup({
      '/subscription-monitor': async () => ({
        plan: trial,
        isHavePaymentMethod: false,
        usage: {
          orders,
          limit: 50,
          period: 'total',
          reached: orders >= 50,
          ...FREE_EXCESS,
        },
      }),
    });
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    const usage = () => {
      const load = result.current.load;
      return load.status === 'ready' ? load.account.planState?.usage : undefined;
    };
    expect(usage()).toEqual({
      orders: 49,
      limit: 50,
      period: 'total',
      reached: false,
      ...FREE_EXCESS,
    });
    orders = 50;
    await act(async () => services.bus.emit('orders-changed', { applicationId: 'app_1' }));
    await waitFor(() =>
      expect(usage()).toEqual({
        orders: 50,
        limit: 50,
        period: 'total',
        reached: true,
        ...FREE_EXCESS,
      }),
    );
  });

  it('marks the plan as being re-read until plan-changed is answered, and keeps it on a failure', async () => {
    const answers: Array<{ resolve: (value: unknown) => void; reject: (error: unknown) => void }> =
      [];
    let loaded = false;
    const { services, result } = setup({
      '/subscription-monitor': () =>
        loaded
          ? new Promise((resolve, reject) => answers.push({ resolve, reject }))
          : Promise.resolve({ plan: null, isHavePaymentMethod: false }),
    });
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    loaded = true;
    const account = () => {
      const load = result.current.load;
      return load.status === 'ready' ? load.account : null;
    };

    act(() => services.bus.emit('plan-changed'));
    expect(account()?.planRefreshing).toBe(true);
    await waitFor(() => expect(answers).toHaveLength(1));
    await act(async () =>
      answers[0]!.resolve({ plan: { id: 'trial' }, isHavePaymentMethod: false }),
    );
    expect(account()).toMatchObject({
      planRefreshing: false,
      planState: { plan: { id: 'trial' } },
    });

    act(() => services.bus.emit('plan-changed'));
    expect(account()?.planRefreshing).toBe(true);
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers[1]!.reject(httpError(500, {})));
    expect(account()).toMatchObject({
      planRefreshing: false,
      planState: { plan: { id: 'trial' } },
    });
  });

  it('sends the browser to need-access on ERR_UNAUTHORIZED from /user-settings', async () => {
    const { services } = setup({
      '/user-settings': () => Promise.reject(httpError(401, { code: 'ERR_UNAUTHORIZED' })),
    });
    await waitFor(() =>
      expect(services.browser.assign).toHaveBeenCalledWith(
        `${TEST_PROVIDER}/need-access/${encodeURIComponent(TEST_ORIGIN)}?product=pos`,
      ),
    );
  });

  it('re-checks the ban on each check-ban event and announces the change', async () => {
    let banned = false;
    const { services, result, bans } = setup({ '/check-ban': async () => ({ isBanned: banned }) });
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    banned = true;
    await act(async () => services.bus.emit('check-ban'));
    await waitFor(() => expect(bans).toEqual([false, true]));
    const load = result.current.load;
    expect(load.status === 'ready' && load.account.isBanned).toBe(true);
  });

  it('keeps the newest ban answer when an older check-ban request comes back last', async () => {
    const answers: Array<(value: { isBanned: boolean }) => void> = [];
    let loaded = false;
    const { services, result, bans } = setup({
      '/check-ban': () =>
        loaded
          ? new Promise((resolve) => answers.push(resolve))
          : Promise.resolve({ isBanned: false }),
    });
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    loaded = true;
    act(() => services.bus.emit('check-ban'));
    act(() => services.bus.emit('check-ban'));
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () => answers[1]!({ isBanned: true }));
    await act(async () => answers[0]!({ isBanned: false }));
    const load = result.current.load;
    expect(load.status === 'ready' && load.account.isBanned).toBe(true);
    expect(bans).toEqual([false, true]);
  });

  it('keeps the newest plan when an older plan-changed request comes back last', async () => {
    const answers: Array<(value: unknown) => void> = [];
    let loaded = false;
    const { services, result } = setup({
      '/subscription-monitor': () =>
        loaded
          ? new Promise((resolve) => answers.push(resolve))
          : Promise.resolve({ plan: null, isHavePaymentMethod: false }),
    });
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    loaded = true;
    act(() => services.bus.emit('plan-changed'));
    act(() => services.bus.emit('plan-changed'));
    await waitFor(() => expect(answers).toHaveLength(2));
    await act(async () =>
      answers[1]!({ plan: { id: 'pro', name: 'Pro' }, isHavePaymentMethod: true }),
    );
    await act(async () => answers[0]!({ plan: null, isHavePaymentMethod: false }));
    const load = result.current.load;
    expect(load.status === 'ready' && load.account.planState).toEqual({
      plan: { id: 'pro', name: 'Pro' },
      isHavePaymentMethod: true,
      usage: null,
    });
  });

  it('falls back to the profile fallbacks and no plan redirect when those calls fail', async () => {
    const { result } = setup({
      '/user-data': () => Promise.reject(httpError(500, {})),
      '/subscription-monitor': () => Promise.reject(httpError(500, {})),
    });
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    const load = result.current.load;
    expect(load.status === 'ready' && load.account.user).toBeNull();
    expect(load.status === 'ready' && load.account.planState).toBeNull();
  });

  it('reports a settings failure with a retry', async () => {
    let fail = true;
    const { result } = setup({
      '/user-settings': () =>
        fail
          ? Promise.reject(httpError(500, { message: 'Database is down' }))
          : Promise.resolve(settings),
    });
    await waitFor(() => expect(result.current.load.status).toBe('failed'));
    const load = result.current.load;
    expect(load.status === 'failed' && load.message).toBe('Database is down');
    fail = false;
    act(() => result.current.retry());
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
  });
});
