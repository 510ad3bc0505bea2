import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { POPUP_TEXTS, type PopupInput } from './machine';
import type { PopupMode } from './messages';
import { PopupApp, STORE_WAIT_MS, type PopupEnvironment } from './PopupApp';
import { popupTestIds } from './testIds';

const HOME = 'https://shop.example';
const NEED_ACCESS = 'http://login.test/need-access/http%3A%2F%2Flocalhost?product=pos';

/** A fetch that answers each path with its status and body, and records the calls. */
function fakeFetch(answers: Record<string, [number, unknown]>) {
  const calls: { url: string; init: RequestInit | undefined }[] = [];
  const fetcher = jest.fn(async (url: string, init?: RequestInit) => {
    calls.push({ url, init });
    const path = url.replace('/api/connect-ui', '');
    const [status, body] = answers[path] ?? [404, { message: `no ${path}` }];
    // jsdom has no Response: what api.ts reads of one.
    return { ok: status >= 200 && status < 300, status, json: async () => body } as Response;
  });
  return { fetcher: fetcher as unknown as typeof fetch, calls };
}

function setup(
  path: string,
  {
    answers = {},
    mode = 'popup',
    signedIn = true,
  }: { answers?: Record<string, [number, unknown]>; mode?: PopupMode; signedIn?: boolean } = {},
) {
  const url = new URL(path, 'http://localhost');
  const store = { postMessage: jest.fn() };
  const { fetcher, calls } = fakeFetch(answers);
  const assign = jest.fn();
  const closeWindow = jest.fn();
  const input: PopupInput = {
    pathname: url.pathname,
    search: url.search,
    signedIn,
    needAccessUrl: NEED_ACCESS,
    needRegisterUrl: 'http://login.test/need-register?product=pos',
  };
  const environment: PopupEnvironment = {
    input,
    homeUrl: url.searchParams.get('homeUrl'),
    mode,
    storeWindow: mode === 'standalone' ? null : (store as unknown as Window),
    origin: 'http://localhost',
    supportEmail: 'support@cloudpos.example',
    closeWindow,
    services: {
      fetch: fetcher,
      token: 'token-1',
      cloudPosUrl: 'http://pos.test',
      sessionStorage: window.sessionStorage,
      redirectKey: 'pos.redirectPath',
      assign,
    },
  };
  render(<PopupApp environment={environment} />);
  const ping = (
    origin = HOME,
    source: unknown = store,
    data: unknown = { type: 'parent-origin', origin },
  ) =>
    act(() => {
      window.dispatchEvent(
        new MessageEvent('message', { data, origin, source: source as MessageEventSource }),
      );
    });
  return { store, calls, assign, closeWindow, ping };
}

const onboarding = `/service-onboarding?homeUrl=${encodeURIComponent(HOME)}`;
/** Launch confirm as the store's wc-auth page sends the popup back to it. */
const launchConfirm = (query: string, homeUrl = HOME) =>
  `/service-launch-confirm?homeUrl=${encodeURIComponent(homeUrl)}&${query}`;
const stations = {
  application: { id: 'app_1', slug: 'book-nook', name: 'Demo Book Nook', homeUrl: HOME },
  list: [
    { posID: '7', cloudStationSlug: 'front-desk' },
    { posID: '1', cloudStationSlug: 'pos' },
  ],
  pluginMissing: false,
};

afterEach(() => window.sessionStorage.clear());

describe('PopupApp', () => {
  it('says content-loaded once to the accepted store origin only, never to a foreign one', async () => {
    const { store, ping } = setup(launchConfirm('user_id=app_1&success=1'), {
      answers: { '/applications/app_1/stations': [200, stations] },
    });
    ping('https://evil.example');
    ping(HOME, {});
    expect(store.postMessage).not.toHaveBeenCalled();
    ping();
    ping();
    expect(store.postMessage).toHaveBeenCalledWith({ type: 'content-loaded' }, HOME);
    await screen.findByTestId(popupTestIds.success);
    expect(store.postMessage.mock.calls.map(([message]) => message)).toEqual([
      { type: 'content-loaded' },
      { type: 'setup-complete', stationURL: 'http://pos.test/book-nook/pos' },
    ]);
    expect(store.postMessage.mock.calls.every(([, origin]) => origin === HOME)).toBe(true);
  });

  it('shows the default station’s link, and sends setup-complete when the origin comes later', async () => {
    const { store, calls, ping } = setup(launchConfirm('user_id=app_1&success=1'), {
      answers: { '/applications/app_1/stations': [200, stations] },
    });
    expect(screen.getByRole('status')).toHaveTextContent(POPUP_TEXTS.loadingStation);
    const link = await screen.findByRole('link', { name: 'http://pos.test/book-nook/pos' });
    expect(link).toHaveAttribute('href', 'http://pos.test/book-nook/pos');
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Your store is connected');
    expect(calls[0]?.init?.headers).toMatchObject({ Authorization: 'Bearer token-1' });
    expect(store.postMessage).not.toHaveBeenCalled();
    ping();
    expect(store.postMessage.mock.calls).toEqual([
      [{ type: 'content-loaded' }, HOME],
      [{ type: 'setup-complete', stationURL: 'http://pos.test/book-nook/pos' }, HOME],
    ]);
  });

  it("tells the station only to the application's own store, not to one its address named", async () => {
    const other = 'https://other-store.example';
    const { store, ping } = setup(launchConfirm('user_id=app_1&success=1', other), {
      answers: { '/applications/app_1/stations': [200, stations] },
    });
    await screen.findByTestId(popupTestIds.success);
    ping(other);
    expect(store.postMessage.mock.calls).toEqual([[{ type: 'content-loaded' }, other]]);
  });

  it('hears no store on a launch confirm address that names none', async () => {
    const { store, ping } = setup('/service-launch-confirm?user_id=app_1&success=1', {
      answers: { '/applications/app_1/stations': [200, stations] },
    });
    await screen.findByTestId(popupTestIds.success);
    ping();
    expect(store.postMessage).not.toHaveBeenCalled();
  });

  const authorizeUrl = `${HOME}/wc-auth/v1/authorize?user_id=app_1`;
  const authorizing = {
    '/subscription-monitor?freeSubAutoCreate=true': [200, { plan: null }],
    '/applications/find-or-create': [
      200,
      { data: { id: 'app_1', isVerifiedAuth: false, authInProgress: true, authorizeUrl } },
    ],
  } satisfies Record<string, [number, unknown]>;

  it('creates the application (free plan first) and goes to the store’s authorize page once the store has heard it is loaded', async () => {
    const { calls, assign, store, ping } = setup(onboarding, { answers: authorizing });
    await waitFor(() => expect(calls).toHaveLength(2));
    expect(await screen.findAllByText(POPUP_TEXTS.redirecting)).not.toHaveLength(0);
    expect(assign).not.toHaveBeenCalled();
    ping();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(authorizeUrl));
    expect(store.postMessage).toHaveBeenCalledWith({ type: 'content-loaded' }, HOME);
    expect(calls.map((call) => call.url)).toEqual([
      '/api/connect-ui/subscription-monitor?freeSubAutoCreate=true',
      '/api/connect-ui/applications/find-or-create',
    ]);
    expect(JSON.parse(String(calls[1]?.init?.body))).toEqual({
      homeUrl: HOME,
      forceValidation: true,
      returnPath: `/service-launch-confirm?homeUrl=${encodeURIComponent(HOME)}`,
    });
  });

  it('leaves for the authorize page after a bounded wait when the store never speaks', async () => {
    jest.useFakeTimers();
    try {
      const { assign, calls, store } = setup(onboarding, { answers: authorizing });
      await waitFor(() => expect(calls).toHaveLength(2));
      expect(await screen.findAllByText(POPUP_TEXTS.redirecting)).not.toHaveLength(0);
      await jest.advanceTimersByTimeAsync(STORE_WAIT_MS - 100);
      expect(assign).not.toHaveBeenCalled();
      await jest.advanceTimersByTimeAsync(200);
      expect(assign).toHaveBeenCalledWith(authorizeUrl);
      expect(store.postMessage).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('shows the creation error with the server’s text, Contact Support and Close', async () => {
    const { assign, closeWindow } = setup(onboarding, {
      answers: {
        '/subscription-monitor?freeSubAutoCreate=true': [200, {}],
        '/applications/find-or-create': [
          400,
          { error: 'Bad Request', message: `The site at ${HOME} is not a WooCommerce store` },
        ],
      },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error occurred during the application creation');
    expect(alert).toHaveTextContent(`The site at ${HOME} is not a WooCommerce store`);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Error occurred during the application creation',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Contact Support' }));
    expect(assign).toHaveBeenCalledWith('mailto:support@cloudpos.example');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(closeWindow).toHaveBeenCalledTimes(1);
  });

  it('shows the WP side text on success=0, and Close in a frame asks the shell to close it', async () => {
    const { store, closeWindow } = setup(launchConfirm('user_id=app_1&success=0'), {
      mode: 'frame',
    });
    expect(screen.getByRole('alert')).toHaveTextContent(
      'Unable to process your request due to a temporary issue on WP side',
    );
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(store.postMessage).toHaveBeenCalledWith({ type: 'CLOSE_IFRAME' }, 'http://localhost');
    expect(closeWindow).not.toHaveBeenCalled();
  });

  it('shows launch confirm’s failure with the server’s text, and Close alone goes home', async () => {
    const { assign } = setup(launchConfirm('user_id=app_1'), {
      mode: 'standalone',
      answers: { '/applications/app_1/stations': [404, { message: 'Application not found' }] },
    });
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Unable to complete the process');
    expect(alert).toHaveTextContent('Application not found');
    await userEvent.click(screen.getByRole('button', { name: 'Close' }));
    expect(assign).toHaveBeenCalledWith('/');
  });

  it('goes to need-register remembering where to come back', async () => {
    const { assign } = setup(`${onboarding}&authMode=register`);
    await waitFor(() => expect(assign).toHaveBeenCalledTimes(1));
    const target = new URL(assign.mock.calls[0][0] as string);
    expect(`${target.origin}${target.pathname}`).toBe('http://login.test/need-register');
    expect(target.searchParams.get('homeUrl')).toBe(HOME);
    expect(target.searchParams.get('authMode')).toBe('register');
    expect(window.sessionStorage.getItem('pos.redirectPath')).toBe(onboarding);
  });
});
