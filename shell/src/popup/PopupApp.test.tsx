import { act, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { notOpenedByStore, POPUP_TEXTS, type PopupInput } from './machine';
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
    account: { name: 'Maya Manager', email: 'manager@demo.test' },
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
  const siteCheck = `/applications/site-check?url=${encodeURIComponent(HOME)}`;
  const bookNook = {
    url: HOME,
    siteUrl: HOME,
    differs: false,
    isWooCommerce: true,
    name: 'Demo Book Nook',
  };
  const authorizing = {
    [siteCheck]: [200, bookNook],
    '/subscription-monitor?freeSubAutoCreate=true': [200, { plan: null }],
    '/applications/find-or-create': [
      200,
      { data: { id: 'app_1', isVerifiedAuth: false, authInProgress: true, authorizeUrl } },
    ],
  } satisfies Record<string, [number, unknown]>;

  /** The paths of the api calls made, in order. */
  const pathsOf = (calls: { url: string }[]) =>
    calls.map((call) => call.url.replace('/api/connect-ui', ''));

  it('asks to confirm the store by its name and address, writing nothing first', async () => {
    const { calls, assign, store } = setup(onboarding, { answers: authorizing });
    const confirm = await screen.findByTestId(popupTestIds.confirm);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent(
      'Connect this store to Cloud POS?',
    );
    expect(screen.getByTestId(popupTestIds.confirmStoreName)).toHaveTextContent('Demo Book Nook');
    expect(screen.getByTestId(popupTestIds.confirmStoreUrl)).toHaveTextContent(HOME);
    expect(confirm).toHaveTextContent('Maya Manager (manager@demo.test)');
    expect(screen.getByRole('button', { name: 'Connect store' })).toBeEnabled();
    expect(pathsOf(calls)).toEqual([siteCheck]);
    expect(assign).not.toHaveBeenCalled();
    expect(store.postMessage).not.toHaveBeenCalled();
    expect(document.title).toBe('Connect this store to Cloud POS? | Cloud POS');
  });

  it('on Connect store creates the application (free plan first) bound to the store’s page, then goes to its authorize page', async () => {
    const { calls, assign, store, ping } = setup(onboarding, { answers: authorizing });
    ping();
    expect(store.postMessage).toHaveBeenCalledWith({ type: 'content-loaded' }, HOME);
    await userEvent.click(await screen.findByRole('button', { name: 'Connect store' }));
    await waitFor(() => expect(assign).toHaveBeenCalledWith(authorizeUrl));
    expect(pathsOf(calls)).toEqual([
      siteCheck,
      '/subscription-monitor?freeSubAutoCreate=true',
      '/applications/find-or-create',
    ]);
    expect(JSON.parse(String(calls[2]?.init?.body))).toEqual({
      homeUrl: HOME,
      storeOrigin: HOME,
      forceValidation: true,
      returnPath: `/service-launch-confirm?homeUrl=${encodeURIComponent(HOME)}`,
    });
  });

  it('goes on when the store’s page is heard only after Connect store', async () => {
    const { assign, calls, ping } = setup(onboarding, { answers: authorizing });
    await userEvent.click(await screen.findByRole('button', { name: 'Connect store' }));
    expect(pathsOf(calls)).toEqual([siteCheck]);
    ping();
    await waitFor(() => expect(assign).toHaveBeenCalledWith(authorizeUrl));
  });

  it('refuses after a bounded wait when the store’s own page never speaks (a foreign opener), writing nothing', async () => {
    jest.useFakeTimers();
    try {
      const { assign, calls, store, ping } = setup(onboarding, { answers: authorizing });
      // A foreign page claims to be the store: its messages are not the store's.
      ping('https://evil.example', store, { type: 'parent-origin', origin: HOME });
      await screen.findByTestId(popupTestIds.confirm);
      act(() => screen.getByRole('button', { name: 'Connect store' }).click());
      await jest.advanceTimersByTimeAsync(STORE_WAIT_MS - 100);
      expect(screen.queryByRole('alert')).not.toBeInTheDocument();
      await act(() => jest.advanceTimersByTimeAsync(200));
      expect(screen.getByRole('alert')).toHaveTextContent(notOpenedByStore(HOME));
      expect(pathsOf(calls)).toEqual([siteCheck]);
      expect(assign).not.toHaveBeenCalled();
      expect(store.postMessage).not.toHaveBeenCalled();
    } finally {
      jest.useRealTimers();
    }
  });

  it('Cancel closes the popup without writing anything', async () => {
    const { calls, closeWindow, ping } = setup(onboarding, { answers: authorizing });
    ping();
    await userEvent.click(await screen.findByRole('button', { name: 'Cancel' }));
    expect(closeWindow).toHaveBeenCalledTimes(1);
    expect(pathsOf(calls)).toEqual([siteCheck]);
  });

  it('shows no confirmation for a site that is not a store', async () => {
    setup(onboarding, {
      answers: { [siteCheck]: [200, { ...bookNook, isWooCommerce: false, name: 'Blog' }] },
    });
    expect(await screen.findByRole('alert')).toHaveTextContent(
      `The site at ${HOME} is not a WooCommerce store`,
    );
    expect(screen.queryByRole('button', { name: 'Connect store' })).not.toBeInTheDocument();
  });

  it('shows the creation error with the server’s text, Contact Support and Close', async () => {
    const { assign, closeWindow, ping } = setup(onboarding, {
      answers: {
        [siteCheck]: [200, bookNook],
        '/subscription-monitor?freeSubAutoCreate=true': [200, {}],
        '/applications/find-or-create': [
          403,
          {
            code: 'ERR_STORE_ORIGIN',
            message: `The store at ${HOME} can only be connected from its own page, not from https://evil.example`,
          },
        ],
      },
    });
    ping();
    await userEvent.click(await screen.findByRole('button', { name: 'Connect store' }));
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error occurred during the application creation');
    expect(alert).toHaveTextContent(`The store at ${HOME} can only be connected from its own page`);
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
