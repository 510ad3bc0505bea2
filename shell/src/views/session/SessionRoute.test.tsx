import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { StrictMode } from 'react';
import { storageKeys } from '../../app/storageKeys';
import {
  browserPath,
  fakeBrowser,
  renderLean,
  testServices,
  TEST_ORIGIN,
  TEST_PROVIDER,
} from '../../testing/shellHarness';
import { makeToken, nowInSeconds } from '../../testing/tokens';
import { testIds } from '../../testIds';
import { SessionRoute } from './SessionRoute';

const needAccess = `${TEST_PROVIDER}/need-access/${encodeURIComponent(TEST_ORIGIN)}?product=pos`;
const freshToken = () => makeToken({ exp: nowInSeconds() + 3600, nra: nowInSeconds() + 86400 });

function renderRoute(path: string, services = testServices()) {
  const pathname = path.split('?')[0] as string;
  return renderLean(<SessionRoute pathname={pathname} />, { path, services });
}

beforeEach(() => {
  localStorage.clear();
  sessionStorage.clear();
});

describe('/login/:token', () => {
  it('stores a valid token and goes on to /success-login', () => {
    const token = freshToken();
    const { services } = renderRoute(`/login/${token}`);
    expect(services.session.token).toBe(token);
    expect(localStorage.getItem('pos.token')).toBe(token);
    expect(browserPath()).toBe('/success-login');
    expect(localStorage.getItem(storageKeys.iframeJoin)).toBeNull();
  });

  it('remembers the iframe-join flag', () => {
    renderRoute(`/login/${freshToken()}?isIframeJoin=true`);
    expect(localStorage.getItem(storageKeys.iframeJoin)).toBe('true');
  });

  it.each([
    ['a token that does not decode', 'not-a-token'],
    ['an expired token', makeToken({ exp: nowInSeconds() - 10, nra: nowInSeconds() + 86400 })],
  ])('sends %s home with a danger bubble', (_label, token) => {
    const services = testServices();
    const bubbles: string[] = [];
    services.bus.on('notify', ({ status, message }) => bubbles.push(`${status}: ${message}`));
    renderRoute(`/login/${token}`, services);
    expect(services.session.token).toBeNull();
    expect(browserPath()).toBe('/');
    expect(bubbles).toEqual([
      'danger: This sign-in link is invalid or has expired. Please sign in again.',
    ]);
  });
});

describe('/login/:token while another account is signed in (login CSRF)', () => {
  const hour = () => nowInSeconds() + 3600;
  const day = () => nowInSeconds() + 86400;
  const maya = () =>
    makeToken({
      sub: 'usr_maya',
      name: 'Maya Manager',
      email: 'manager@demo.test',
      exp: hour(),
      nra: day(),
    });
  const mallory = () =>
    makeToken({
      sub: 'usr_mallory',
      name: 'Mallory Other',
      email: 'mallory@evil.test',
      exp: hour(),
      nra: day(),
    });

  function signedInAs(token: string) {
    const services = testServices();
    services.session.setToken(token);
    return services;
  }

  it('asks before replacing the account, showing whose both accounts are, and stores nothing', () => {
    const current = maya();
    const services = signedInAs(current);
    renderRoute(`/login/${mallory()}?isIframeJoin=true`, services);
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Switch accounts?');
    expect(screen.getByTestId(testIds.switchAccount.current)).toHaveTextContent(
      'Maya Managermanager@demo.test',
    );
    expect(screen.getByTestId(testIds.switchAccount.next)).toHaveTextContent(
      'Mallory Othermallory@evil.test',
    );
    expect(services.session.token).toBe(current);
    expect(localStorage.getItem(storageKeys.iframeJoin)).toBeNull();
    expect(browserPath()).toMatch(/^\/login\//);
    expect(document.title).toContain('Switch accounts?');
  });

  it('switches on "Sign in as", with the iframe-join flag', async () => {
    const next = mallory();
    const services = signedInAs(maya());
    renderRoute(`/login/${next}?isIframeJoin=true`, services);
    await userEvent.click(screen.getByRole('button', { name: 'Sign in as mallory@evil.test' }));
    expect(services.session.token).toBe(next);
    expect(localStorage.getItem(storageKeys.iframeJoin)).toBe('true');
    expect(browserPath()).toBe('/success-login');
  });

  it('keeps the account signed in on "Stay signed in as", and goes home', async () => {
    const current = maya();
    const services = signedInAs(current);
    renderRoute(`/login/${mallory()}`, services);
    await userEvent.click(
      screen.getByRole('button', { name: 'Stay signed in as manager@demo.test' }),
    );
    expect(services.session.token).toBe(current);
    expect(browserPath()).toBe('/');
  });

  it('shows the profile’s fallbacks for a link without a name or an email', () => {
    renderRoute(
      `/login/${makeToken({ sub: 'usr_anon', exp: hour(), nra: day() })}`,
      signedInAs(maya()),
    );
    expect(screen.getByTestId(testIds.switchAccount.next)).toHaveTextContent(
      'Name not specifiedEmail not specified',
    );
    expect(screen.getByRole('button', { name: 'Sign in as Name not specified' })).toBeVisible();
  });

  it('signs in at once with a new token of the same account', () => {
    const services = signedInAs(maya());
    const fresher = makeToken({ sub: 'usr_maya', exp: hour() + 60, nra: day() });
    renderRoute(`/login/${fresher}`, services);
    expect(services.session.token).toBe(fresher);
    expect(browserPath()).toBe('/success-login');
  });

  it('signs in at once over a session that has ended (exp and nra past)', () => {
    const ended = makeToken({
      sub: 'usr_maya',
      exp: nowInSeconds() - 600,
      nra: nowInSeconds() - 60,
    });
    const services = signedInAs(ended);
    const next = mallory();
    renderRoute(`/login/${next}`, services);
    expect(services.session.token).toBe(next);
    expect(browserPath()).toBe('/success-login');
  });

  it('still refuses an expired link without asking', () => {
    const services = signedInAs(maya());
    renderRoute(
      `/login/${makeToken({ sub: 'usr_mallory', exp: nowInSeconds() - 10, nra: day() })}`,
      services,
    );
    expect(screen.queryByTestId(testIds.switchAccount.root)).not.toBeInTheDocument();
    expect(browserPath()).toBe('/');
  });
});

describe('/pos-unauthorized', () => {
  it('remembers the redirect path as a POS redirect and goes to need-access', () => {
    const { services } = renderRoute(
      `/pos-unauthorized?redirectPath=${encodeURIComponent('/shop/pos')}`,
    );
    expect(sessionStorage.getItem(storageKeys.redirectPath)).toBe('/shop/pos');
    expect(sessionStorage.getItem(storageKeys.redirectIsPos)).toBe('1');
    expect(services.browser.assign).toHaveBeenCalledWith(needAccess);
  });
});

describe('/success-login', () => {
  beforeEach(() => jest.useFakeTimers());
  afterEach(() => jest.useRealTimers());

  const remember = (path: string, isPos: boolean) => {
    sessionStorage.setItem(storageKeys.redirectPath, path);
    if (isPos) sessionStorage.setItem(storageKeys.redirectIsPos, '1');
  };

  it('follows a POS redirect on the cloud POS host with a full page load after 1 s', async () => {
    remember('/shop/pos?station=2', true);
    const { services } = renderRoute('/success-login');
    expect(screen.getByRole('status')).toHaveTextContent('Signing you in…');
    act(() => jest.advanceTimersByTime(999));
    expect(services.browser.assign).not.toHaveBeenCalled();
    await act(async () => jest.advanceTimersByTime(1));
    expect(services.browser.assign).toHaveBeenCalledWith('http://pos.test/shop/pos?station=2');
    expect(sessionStorage.getItem(storageKeys.redirectPath)).toBeNull();
  });

  it.each(['//evil.example', 'https://evil.example', '/\\evil.example'])(
    'does not follow %s: it goes to / instead',
    async (path) => {
      remember(path, true);
      const { services } = renderRoute('/success-login');
      await act(async () => jest.advanceTimersByTime(1_000));
      expect(services.browser.assign).toHaveBeenCalledWith('/');
    },
  );

  it('follows a remembered in-app path without a page load', async () => {
    remember('/resources', false);
    const { services } = renderRoute('/success-login');
    await act(async () => undefined);
    expect(browserPath()).toBe('/resources');
    expect(services.browser.assign).not.toHaveBeenCalled();
  });

  it.each([
    '/service-onboarding?homeUrl=https%3A%2F%2Fshop.example',
    '/service-launch-confirm?user_id=app_1&success=1',
  ])('follows the onboarding popup’s %s with a full page load', async (path) => {
    remember(path, false);
    const { services } = renderRoute('/success-login');
    await act(async () => undefined);
    expect(services.browser.assign).toHaveBeenCalledWith(path);
    expect(browserPath()).toBe('/success-login');
    expect(sessionStorage.getItem(storageKeys.redirectPath)).toBeNull();
  });

  it('follows the remembered path under StrictMode too, where effects run twice', async () => {
    remember('/resources', false);
    renderLean(
      <StrictMode>
        <SessionRoute pathname="/success-login" />
      </StrictMode>,
      { path: '/success-login' },
    );
    await act(async () => undefined);
    expect(browserPath()).toBe('/resources');
  });

  it('goes home when nothing was remembered', async () => {
    renderRoute('/success-login');
    await act(async () => undefined);
    expect(browserPath()).toBe('/');
  });

  it.each([
    ['the cloud POS host', '/shop/pos', true, 'http://pos.test/shop/pos'],
    [
      'an onboarding popup page',
      '/service-onboarding?homeUrl=https%3A%2F%2Fshop.example',
      false,
      '/service-onboarding?homeUrl=https%3A%2F%2Fshop.example',
    ],
  ])('leaves for %s only once the session cookie is set', async (_, path, isPos, target) => {
    remember(path, isPos);
    let cookieSet: () => void = () => undefined;
    const services = testServices();
    jest
      .spyOn(services.session, 'cookieSettled')
      .mockReturnValue(new Promise<void>((resolve) => (cookieSet = resolve)));
    renderRoute('/success-login', services);
    await act(async () => jest.advanceTimersByTime(5_000));
    expect(services.browser.assign).not.toHaveBeenCalled();
    await act(async () => cookieSet());
    expect(services.browser.assign).toHaveBeenCalledWith(target);
  });

  it.each([
    ['the dashboard', null, '/'],
    ['a remembered in-app path', '/stations', '/stations'],
  ])(
    'stays on its sign-in status until the session cookie is set, then goes to %s',
    async (_, remembered, target) => {
      if (remembered) remember(remembered, false);
      let cookieSet: () => void = () => undefined;
      const services = testServices();
      jest
        .spyOn(services.session, 'cookieSettled')
        .mockReturnValue(new Promise<void>((resolve) => (cookieSet = resolve)));
      renderRoute('/success-login', services);
      await act(async () => jest.advanceTimersByTime(5_000));
      expect(browserPath()).toBe('/success-login');
      expect(screen.getByRole('status')).toHaveTextContent('Signing you in…');
      await act(async () => cookieSet());
      expect(browserPath()).toBe(target);
      expect(services.browser.assign).not.toHaveBeenCalled();
    },
  );
});

describe('/logout', () => {
  it('clears the token and ends the provider session, which comes back home', async () => {
    const services = testServices();
    services.session.setToken(freshToken());
    localStorage.setItem(storageKeys.iframeJoin, 'true');
    renderRoute('/logout', services);
    expect(services.session.token).toBeNull();
    expect(localStorage.getItem('pos.token')).toBeNull();
    expect(localStorage.getItem(storageKeys.iframeJoin)).toBeNull();
    // Once the api has cleared the session cookie.
    expect(services.browser.assign).not.toHaveBeenCalled();
    await waitFor(() => expect(services.browser.assign).toHaveBeenCalledTimes(1));
    expect(services.browser.assign).toHaveBeenCalledWith(
      `${TEST_PROVIDER}/logout?origin=${encodeURIComponent(TEST_ORIGIN)}`,
    );
  });

  it('ends the session on the server with the token before it goes to the provider', async () => {
    let answer: (response: Response) => void = () => undefined;
    const fetcher = jest.fn((url: unknown) =>
      url === '/api/connect-ui/logout'
        ? new Promise<Response>((resolve) => (answer = resolve))
        : Promise.resolve({ ok: true, status: 204 } as Response),
    );
    const services = testServices({ fetcher: fetcher as unknown as typeof fetch });
    const token = freshToken();
    services.session.setToken(token);
    renderRoute('/logout', services);

    expect(services.session.token).toBeNull();
    expect(fetcher).toHaveBeenCalledWith(
      '/api/connect-ui/logout',
      expect.objectContaining({ method: 'POST', headers: { Authorization: `Bearer ${token}` } }),
    );
    await act(() => services.session.cookieSettled());
    // The provider's page only once the api has ended the session.
    expect(services.browser.assign).not.toHaveBeenCalled();
    await act(async () => answer({ ok: true, status: 204 } as Response));
    await waitFor(() => expect(services.browser.assign).toHaveBeenCalledTimes(1));
  });

  it('still signs out here and at the provider when the api cannot end the session', async () => {
    const warn = jest.spyOn(console, 'warn').mockImplementation(() => undefined);
    const fetcher = jest.fn((url: unknown) =>
      url === '/api/connect-ui/logout'
        ? Promise.reject(new TypeError('Failed to fetch'))
        : Promise.resolve({ ok: true, status: 204 } as Response),
    );
    const services = testServices({ fetcher: fetcher as unknown as typeof fetch });
    services.session.setToken(freshToken());
    renderRoute('/logout', services);
    expect(services.session.token).toBeNull();
    await waitFor(() => expect(services.browser.assign).toHaveBeenCalledTimes(1));
    expect(warn).toHaveBeenCalled();
    warn.mockRestore();
  });

  it('clears the token again on a second visit in the same page', async () => {
    const services = testServices();
    for (const visit of [1, 2]) {
      services.session.setToken(freshToken());
      const { unmount } = renderRoute('/logout', services);
      expect(services.session.token).toBeNull();
      expect(localStorage.getItem('pos.token')).toBeNull();
      await waitFor(() => expect(services.browser.assign).toHaveBeenCalledTimes(visit));
      unmount();
    }
  });

  it('goes to the provider once under StrictMode, where effects run twice', async () => {
    const services = testServices();
    services.session.setToken(freshToken());
    renderLean(
      <StrictMode>
        <SessionRoute pathname="/logout" />
      </StrictMode>,
      { path: '/logout', services },
    );
    expect(services.session.token).toBeNull();
    await waitFor(() => expect(services.browser.assign).toHaveBeenCalledTimes(1));
  });
});

describe('/connect', () => {
  it('goes home', () => {
    const { services } = renderRoute('/connect');
    expect(browserPath()).toBe('/');
    expect(services.browser.assign).not.toHaveBeenCalled();
  });

  it('sends a signed-out visitor coming from the provider to need-access', () => {
    const services = testServices({
      browser: fakeBrowser({ referrer: `${TEST_PROVIDER}/need-access/x` }),
    });
    renderRoute('/connect', services);
    expect(services.browser.assign).toHaveBeenCalledWith(needAccess);
  });
});
