// The account's first load in one call (GET /viewer), or none at all when the first paint
// embedded it in the page (firstPaint/viewerData.ts).
import { act, renderHook, waitFor } from '@testing-library/react';
import { AxiosError, AxiosHeaders } from 'axios';
import type { ReactNode } from 'react';
import { ShellServicesProvider } from '../app/ShellContext';
import { storageKeys } from '../app/storageKeys';
import { VIEWER_DATA_ID, VIEWER_FRESH_MS, viewerDataElement } from '../firstPaint/viewerData';
import { fakeApi, testServices, TEST_ORIGIN, TEST_PROVIDER } from '../testing/shellHarness';
import { makeToken, nowInSeconds } from '../testing/tokens';
import { ApiProvider } from './ApiContext';
import { useAccountState } from './useAccountState';

const settings = {
  userRole: 'manager' as const,
  quickLaunchPOSIds: {},
  showAssistantInPOS: true,
  firstTaskCompleted: true,
};
const user = {
  fullName: 'Maya Manager',
  email: 'manager@demo.test',
  isVerified: true,
  registeredAt: '2026-01-01T00:00:00.000Z',
};
const plan = { id: 'plan_trial', name: 'Trial' };
const viewer = {
  settings,
  user,
  isBanned: false,
  subscription: { plan, isHavePaymentMethod: true, usage: null },
};
const account = {
  settings,
  user,
  isBanned: false,
  planState: { plan, isHavePaymentMethod: true, usage: null },
};

const tokenOf = (sub: string) =>
  makeToken({ sub, exp: nowInSeconds() + 3600, nra: nowInSeconds() + 86400 });

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

/** The page as the first-paint server sends it: the data block in the first paint. */
function embed(data: unknown): void {
  const holder = document.createElement('div');
  holder.id = 'shell-first-paint';
  holder.innerHTML =
    typeof data === 'string'
      ? data
      : viewerDataElement(data as Parameters<typeof viewerDataElement>[0]);
  document.body.append(holder);
}

function setup(answers: Record<string, () => Promise<unknown>> = {}, sub = 'usr_maya') {
  const services = testServices();
  services.session.setToken(tokenOf(sub));
  const api = fakeApi();
  const defaults: Record<string, () => Promise<unknown>> = {
    '/viewer': async () => viewer,
    '/user-settings': async () => settings,
    '/user-data': async () => user,
    '/check-ban': async () => ({ isBanned: false }),
    '/subscription-monitor': async () => viewer.subscription,
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
  const calls = () => api.get.mock.calls.map(([url]) => url as string);
  return { ...hook, services, api, bans, calls };
}

beforeEach(() => {
  localStorage.clear();
  document.body.innerHTML = '';
});
afterEach(() => jest.restoreAllMocks());

describe('useAccountState: the first load', () => {
  it('asks GET /viewer once, instead of the four calls', async () => {
    const { result, calls, bans } = setup();
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    expect(result.current.load).toEqual({ status: 'ready', account });
    expect(calls()).toEqual(['/viewer']);
    expect(bans).toEqual([false]);
  });

  it('asks GET /viewer for the free plan after an iframe join', async () => {
    localStorage.setItem(storageKeys.iframeJoin, 'true');
    const { result, calls } = setup();
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    expect(calls()).toEqual(['/viewer?freeSubAutoCreate=true']);
  });

  it('sends the browser to need-access on ERR_UNAUTHORIZED from /viewer, asking nothing more', async () => {
    const { services, calls } = setup({
      '/viewer': () => Promise.reject(httpError(401, { code: 'ERR_UNAUTHORIZED' })),
    });
    await waitFor(() =>
      expect(services.browser.assign).toHaveBeenCalledWith(
        `${TEST_PROVIDER}/need-access/${encodeURIComponent(TEST_ORIGIN)}?product=pos`,
      ),
    );
    expect(calls()).toEqual(['/viewer']);
  });

  it('makes the four calls when /viewer fails otherwise, tolerating their partial failures', async () => {
    const { result, calls } = setup({
      '/viewer': () => Promise.reject(httpError(500, { message: 'down' })),
      '/subscription-monitor': () => Promise.reject(httpError(500, {})),
    });
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    expect(calls()).toEqual([
      '/viewer',
      '/user-settings',
      '/user-data',
      '/check-ban',
      '/subscription-monitor',
    ]);
    const load = result.current.load;
    expect(load.status === 'ready' && load.account.planState).toBeNull();
  });

  it('takes an answer of /viewer that is no account as a failure', async () => {
    const { result, calls } = setup({ '/viewer': async () => '<!doctype html>' });
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    expect(calls()).toContain('/user-settings');
  });
});

describe("useAccountState: the first paint's embedded account", () => {
  it('is taken at once, with no call, while fresh, and the block is removed', async () => {
    embed({ sub: 'usr_maya', viewer });
    const { result, calls, bans } = setup();
    // Ready on the very first render: the live page can replace the first paint at once.
    expect(result.current.load).toEqual({ status: 'ready', account });
    expect(document.getElementById(VIEWER_DATA_ID)).toBeNull();
    await waitFor(() => expect(bans).toEqual([false]));
    expect(calls()).toEqual([]);
  });

  it("announces a banned account's ban", async () => {
    embed({ sub: 'usr_maya', viewer: { ...viewer, isBanned: true } });
    const { result, bans } = setup();
    expect(result.current.load.status === 'ready' && result.current.load.account.isBanned).toBe(
      true,
    );
    await waitFor(() => expect(bans).toEqual([true]));
  });

  it('asks the api again on a retry', async () => {
    embed({ sub: 'usr_maya', viewer });
    const { result, calls } = setup();
    act(() => result.current.retry());
    await waitFor(() => expect(calls()).toEqual(['/viewer']));
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
  });

  it('is refused once stale: the api is asked', async () => {
    embed({ sub: 'usr_maya', viewer });
    jest.spyOn(performance, 'now').mockReturnValue(VIEWER_FRESH_MS + 1);
    const { result, calls } = setup();
    expect(result.current.load.status).toBe('loading');
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    expect(calls()).toEqual(['/viewer']);
  });

  it("is refused when it is another account's (the token changed since the page was sent)", async () => {
    embed({ sub: 'usr_someone_else', viewer });
    const { result, calls } = setup();
    expect(result.current.load.status).toBe('loading');
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    expect(calls()).toEqual(['/viewer']);
  });

  it('is refused when it is not what the server writes', async () => {
    embed(`<script type="application/json" id="${VIEWER_DATA_ID}">{not json</script>`);
    const first = setup();
    await waitFor(() => expect(first.result.current.load.status).toBe('ready'));
    expect(first.calls()).toEqual(['/viewer']);
    first.unmount();
    embed({ sub: 'usr_maya', viewer: { ...viewer, isBanned: 'no' } });
    const second = setup();
    expect(second.result.current.load.status).toBe('loading');
    await waitFor(() => expect(second.result.current.load.status).toBe('ready'));
  });

  it('is refused after an iframe join without a plan: only the api makes the free plan', async () => {
    localStorage.setItem(storageKeys.iframeJoin, 'true');
    embed({
      sub: 'usr_maya',
      viewer: { ...viewer, subscription: { ...viewer.subscription, plan: null } },
    });
    const { result, calls } = setup();
    await waitFor(() => expect(result.current.load.status).toBe('ready'));
    expect(calls()).toEqual(['/viewer?freeSubAutoCreate=true']);
  });
});
