/**
 * @jest-environment jsdom
 */
/// <reference lib="dom" />
import { readFileSync } from 'node:fs';
import path from 'node:path';
import type { StoreContext } from '../src/store/context';
import { connectContent } from '../src/store/adminConnect';

// The plugin's own script, run on the sandbox screen's own markup: the two must agree.
const SCRIPT = readFileSync(
  path.join(__dirname, '../../wordpress-plugin/cloud-pos/assets/connect.js'),
  'utf8',
);
const DASHBOARD = 'http://127.0.0.1:3000';
const HOME = 'http://127.0.0.1:4202';
const STATION = 'http://127.0.0.1:4300/demo-book-nook/front-desk';

interface FakePopup {
  closed: boolean;
  postMessage: jest.Mock;
}

let popup: FakePopup;
let open: jest.SpyInstance;
let fetchMock: jest.Mock;

function screen(saved?: string): void {
  const ctx = {
    seed: { name: 'Demo Book Nook' },
    home: () => HOME,
    dashboardUrl: DASHBOARD,
    state: { cloudPosStationUrl: saved },
    sessions: { nonce: () => 'n0nce' },
  } as unknown as StoreContext;
  document.body.innerHTML = connectContent(ctx, {
    sessionId: 's',
    user: { id: 1, username: 'storeadmin', email: 'a@b.test', name: 'Bea', roles: [] },
  });
  new Function(SCRIPT)();
}

const byTestId = (id: string) => document.querySelector(`[data-testid="${id}"]`) as HTMLElement;
const status = () => byTestId('cloud-pos-connect-status').textContent;
const problem = () => byTestId('cloud-pos-connect-error');
const click = (id: string) => byTestId(id).click();

/** A message as the browser delivers it (jsdom's MessageEvent takes no plain object as source). */
function message(data: unknown, origin = DASHBOARD, source: unknown = popup): void {
  const event = new MessageEvent('message', { data, origin });
  Object.defineProperty(event, 'source', { value: source });
  window.dispatchEvent(event);
}

const flush = async () => {
  for (let i = 0; i < 5; i += 1) await Promise.resolve();
};

beforeEach(() => {
  jest.useFakeTimers();
  popup = { closed: false, postMessage: jest.fn() };
  open = jest.spyOn(window, 'open').mockImplementation(() => popup as unknown as Window);
  fetchMock = jest.fn().mockResolvedValue({
    ok: true,
    json: async () => ({ success: true, data: { stationUrl: STATION } }),
  });
  window.fetch = fetchMock;
});
afterEach(() => {
  jest.clearAllTimers();
  jest.useRealTimers();
  open.mockRestore();
});

describe('connect.js on the "Connect to Cloud POS" screen', () => {
  it('opens the onboarding popup for login or register with the store home URL', () => {
    screen();
    click('cloud-pos-connect-login');
    expect(open).toHaveBeenLastCalledWith(
      `${DASHBOARD}/service-onboarding?homeUrl=${encodeURIComponent(HOME)}&authMode=login`,
      'ServiceAuthGateway',
      'popup,width=520,height=720',
    );
    click('cloud-pos-connect-register');
    expect(open).toHaveBeenLastCalledWith(
      `${DASHBOARD}/service-onboarding?homeUrl=${encodeURIComponent(HOME)}&authMode=register`,
      'ServiceAuthGateway',
      'popup,width=520,height=720',
    );
    expect(status()).toBe(
      'The Cloud POS window is open. Sign in or create an account there to connect this store.',
    );
  });

  it("tells the popup the store's origin every 500 ms, to the dashboard origin only", () => {
    screen();
    click('cloud-pos-connect-login');
    const ping = [{ type: 'parent-origin', origin: window.location.origin }, DASHBOARD];
    expect(popup.postMessage).toHaveBeenCalledTimes(1);
    expect(popup.postMessage).toHaveBeenLastCalledWith(...ping);
    jest.advanceTimersByTime(1500);
    expect(popup.postMessage).toHaveBeenCalledTimes(4);
    expect(popup.postMessage.mock.calls.every((call) => call[1] === DASHBOARD)).toBe(true);
  });

  it('ignores messages from another origin or another window', async () => {
    screen();
    click('cloud-pos-connect-login');
    const before = status();
    message({ type: 'content-loaded' }, 'http://evil.test');
    message({ type: 'setup-complete', stationURL: STATION }, 'http://evil.test');
    message({ type: 'setup-complete', stationURL: STATION }, DASHBOARD, window);
    message({ type: 'setup-complete', stationURL: STATION }, HOME);
    await flush();
    expect(status()).toBe(before);
    expect(fetchMock).not.toHaveBeenCalled();
    expect(byTestId('cloud-pos-station').hidden).toBe(true);
  });

  it('says the popup is ready on content-loaded', () => {
    screen();
    click('cloud-pos-connect-login');
    message({ type: 'content-loaded' });
    expect(status()).toBe(
      'The Cloud POS window is ready. Follow the steps there to connect this store.',
    );
  });

  it('on setup-complete stops pinging, saves the station with the nonce and shows its link', async () => {
    screen();
    click('cloud-pos-connect-login');
    message(JSON.stringify({ type: 'setup-complete', stationURL: STATION }));
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
    const [url, init] = fetchMock.mock.calls[0] as [string, RequestInit];
    expect(url).toBe('/wp-admin/admin-ajax.php');
    expect(init).toMatchObject({ method: 'POST', credentials: 'same-origin' });
    expect(Object.fromEntries(new URLSearchParams(String(init.body)))).toEqual({
      action: 'cloud_pos_save_station',
      _wpnonce: 'n0nce',
      station_url: STATION,
    });
    expect(status()).toBe('This store is connected to Cloud POS.');
    expect(byTestId('cloud-pos-station').hidden).toBe(false);
    const link = byTestId('cloud-pos-station-link') as HTMLAnchorElement;
    expect(link.href).toBe(STATION);
    expect(link.textContent).toBe(STATION);

    const pings = popup.postMessage.mock.calls.length;
    jest.advanceTimersByTime(2000);
    expect(popup.postMessage).toHaveBeenCalledTimes(pings);
    message({ type: 'setup-complete', stationURL: `${STATION}-2` });
    await flush();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('refuses a station address that is not http(s) and keeps waiting', async () => {
    screen();
    click('cloud-pos-connect-login');
    message({ type: 'setup-complete', stationURL: 'javascript:alert(1)' });
    await flush();
    expect(fetchMock).not.toHaveBeenCalled();
    expect(problem().hidden).toBe(false);
    expect(problem().textContent).toBe(
      'Cloud POS sent a station address that is not a web address.',
    );
    const pings = popup.postMessage.mock.calls.length;
    jest.advanceTimersByTime(500);
    expect(popup.postMessage).toHaveBeenCalledTimes(pings + 1);
  });

  it('shows the error when the store refuses to save', async () => {
    fetchMock.mockResolvedValue({
      ok: false,
      json: async () => ({
        success: false,
        data: { message: 'The link you followed has expired.' },
      }),
    });
    screen();
    click('cloud-pos-connect-login');
    message({ type: 'setup-complete', stationURL: STATION });
    await flush();
    expect(problem().textContent).toBe(
      'Your cloud POS station could not be saved in this store: The link you followed has expired.',
    );
    expect(status()).toBe('');
  });

  it('says so when the browser blocks the popup', () => {
    open.mockImplementation(() => null);
    screen();
    click('cloud-pos-connect-register');
    expect(problem().textContent).toBe(
      'Your browser blocked the Cloud POS window. Allow pop-ups for this site, then try again.',
    );
  });

  it('goes back to idle when the popup is closed before the end', () => {
    screen();
    click('cloud-pos-connect-login');
    popup.closed = true;
    jest.advanceTimersByTime(500);
    expect(status()).toBe('The Cloud POS window was closed before this store was connected.');
    const pings = popup.postMessage.mock.calls.length;
    jest.advanceTimersByTime(2000);
    expect(popup.postMessage).toHaveBeenCalledTimes(pings);
  });

  it('shows the station already saved', () => {
    screen(STATION);
    expect(byTestId('cloud-pos-station').hidden).toBe(false);
    expect(byTestId('cloud-pos-station-link').textContent).toBe(STATION);
  });
});
