import { readFile, mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { TestSandbox } from './helpers';
import { DASHBOARD, postForm, postJson, startTestSandbox } from './helpers';
import { getPage, logInToStore } from './storeWeb';

const SCREEN = '/wp-admin/admin.php?page=cloud-pos-connect';
const AJAX = '/wp-admin/admin-ajax.php';
const SCRIPT = '/wp-content/plugins/cloud-pos/assets/connect.js';
const STATION = 'http://127.0.0.1:4300/demo-book-nook/front-desk';

/** A data-* attribute of the screen's root element. */
function rootData(html: string, name: string): string {
  const match = new RegExp(`id="cloud-pos-connect"[^>]*?data-${name}="([^"]*)"`, 's').exec(html);
  if (match?.[1] === undefined) throw new Error(`no data-${name} on the root element`);
  return match[1].replace(/&amp;/g, '&');
}

interface ControlState {
  cloudPosStationUrl: string | null;
}

function save(store: string, cookie: string, fields: Record<string, string>) {
  return postForm(`${store}${AJAX}`, { action: 'cloud_pos_save_station', ...fields }, cookie);
}

describe('the "Connect to Cloud POS" screen', () => {
  let sandbox: TestSandbox;
  let store: string;
  let cookie: string;

  beforeAll(async () => {
    sandbox = await startTestSandbox({ storePorts: [0], controls: true });
    store = sandbox.stores[0]?.url ?? '';
  });
  afterAll(() => sandbox.close());
  beforeEach(async () => {
    await postJson(`${store}/_control/reset`, {});
    cookie = await logInToStore(store);
  });

  it('is in the Cloud POS menu and explains what happens, with both buttons and a status line', async () => {
    const dashboard = await (await getPage(`${store}/wp-admin/`, cookie)).text();
    expect(dashboard).toContain(
      'href="/wp-admin/admin.php?page=cloud-pos-connect">Connect to Cloud POS</a>',
    );

    const response = await getPage(`${store}${SCREEN}`, cookie);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain('<h1>Connect to Cloud POS</h1>');
    expect(html).toContain(
      '<a href="/wp-admin/admin.php?page=cloud-pos-connect" aria-current="page">Cloud POS</a>',
    );
    expect(html).toContain('A Cloud POS window opens');
    expect(html).toContain(
      'data-auth-mode="login" data-testid="cloud-pos-connect-login">Connect to Cloud POS</button>',
    );
    expect(html).toContain(
      'data-auth-mode="register" data-testid="cloud-pos-connect-register">Create an account</button>',
    );
    expect(html).toMatch(/role="status" aria-live="polite" data-cloud-pos-status/);
    expect(html).toMatch(/data-testid="cloud-pos-station" hidden>/);
    expect(html).toContain(`<script src="${SCRIPT}" defer></script>`);
    expect(rootData(html, 'dashboard-url')).toBe(DASHBOARD);
    expect(rootData(html, 'home-url')).toBe(store);
    expect(rootData(html, 'save-url')).toBe(AJAX);
    expect(rootData(html, 'save-action')).toBe('cloud_pos_save_station');
    expect(rootData(html, 'nonce')).toMatch(/^[0-9a-f]{20}$/);
    // The script is the store's own file and may call the store; nothing inline runs.
    const csp = response.headers.get('content-security-policy') ?? '';
    expect(csp).toContain("script-src 'self'");
    expect(csp).toContain("connect-src 'self'");
    expect(csp).toMatch(/script-src 'self'; connect-src 'self';/);
    expect(html).not.toMatch(/<script>/);
  });

  it("serves the plugin's connect.js from the repository", async () => {
    const response = await fetch(`${store}${SCRIPT}`);
    expect(response.status).toBe(200);
    expect(response.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const file = await readFile(
      path.join(__dirname, '../../wordpress-plugin/cloud-pos/assets/connect.js'),
      'utf8',
    );
    expect(await response.text()).toBe(file);
  });

  it('needs a login and is for administrators only (manage_options)', async () => {
    const loggedOut = await getPage(`${store}${SCREEN}`);
    expect(loggedOut.status).toBe(302);
    expect(
      new URL(loggedOut.headers.get('location') ?? '', store).searchParams.get('redirect_to'),
    ).toBe(SCREEN);

    const manager = await logInToStore(store, 'olivia.hart');
    const refused = await getPage(`${store}${SCREEN}`, manager);
    expect(refused.status).toBe(403);
    expect(await refused.text()).toContain('Sorry, you are not allowed to access this page.');
    const menu = await (await getPage(`${store}/wp-admin/`, manager)).text();
    expect(menu).not.toContain('Cloud POS</a>');

    const nonce = rootData(await (await getPage(`${store}${SCREEN}`, cookie)).text(), 'nonce');
    const save = await postForm(
      `${store}${AJAX}`,
      { action: 'cloud_pos_save_station', _wpnonce: nonce, station_url: STATION },
      manager,
    );
    expect(save.status).toBe(403);
    expect(await save.json()).toEqual({
      success: false,
      data: { message: 'Sorry, you are not allowed to do that.' },
    });
    const anonymous = await postForm(`${store}${AJAX}`, {
      action: 'cloud_pos_save_station',
      _wpnonce: nonce,
      station_url: STATION,
    });
    expect(anonymous.status).toBe(400);
    expect(await anonymous.text()).toBe('0');
  });

  it('saves the station address behind the nonce, then shows it as a link', async () => {
    const nonce = rootData(await (await getPage(`${store}${SCREEN}`, cookie)).text(), 'nonce');

    const forged = await save(store, cookie, { _wpnonce: 'forged', station_url: STATION });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({
      success: false,
      data: { message: 'The link you followed has expired.' },
    });
    const other = await logInToStore(store);
    const otherSession = await save(store, other, { _wpnonce: nonce, station_url: STATION });
    expect(otherSession.status).toBe(403);

    const saved = await save(store, cookie, { _wpnonce: nonce, station_url: STATION });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ success: true, data: { stationUrl: STATION } });

    const html = await (await getPage(`${store}${SCREEN}`, cookie)).text();
    expect(html).toContain('<h2>Your cloud POS station</h2>');
    expect(html).toContain(`<a href="${STATION}" target="_blank" rel="noopener"`);
    expect(html).toContain(`data-testid="cloud-pos-station-link">${STATION}</a>`);
    expect(html).not.toMatch(/data-testid="cloud-pos-station" hidden>/);
    const state = (await (await fetch(`${store}/_control/state`)).json()) as ControlState;
    expect(state.cloudPosStationUrl).toBe(STATION);

    await postJson(`${store}/_control/reset`, {});
    const again = await (await getPage(`${store}${SCREEN}`, cookie)).text();
    expect(again).toMatch(/data-testid="cloud-pos-station" hidden>/);
  });

  it.each([
    ['javascript:alert(1)'],
    ['data:text/html,hi'],
    ['ftp://127.0.0.1/x'],
    ['/demo-book-nook/front-desk'],
    ['http://user:secret@127.0.0.1:4300/x'],
    ['http://127.0.0.1:4300/a b'],
    [`http://127.0.0.1:4300/${'x'.repeat(2048)}`],
    [''],
  ])('refuses the station address %s', async (stationUrl) => {
    const nonce = rootData(await (await getPage(`${store}${SCREEN}`, cookie)).text(), 'nonce');
    const response = await save(store, cookie, { _wpnonce: nonce, station_url: stationUrl });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({
      success: false,
      data: {
        message: 'The station address must be an http(s) address of at most 2048 characters.',
      },
    });
    const state = (await (await fetch(`${store}/_control/state`)).json()) as ControlState;
    expect(state.cloudPosStationUrl).toBeNull();
  });

  it('is gone while the Cloud POS plugin is inactive', async () => {
    await postJson(`${store}/_control/pos-plugin`, { active: false });
    const screen = await getPage(`${store}${SCREEN}`, cookie);
    expect(screen.status).toBe(404);
    expect(await (await getPage(`${store}/wp-admin/`, cookie)).text()).not.toContain(
      'Cloud POS</a>',
    );
    const response = await save(store, cookie, { _wpnonce: 'x', station_url: STATION });
    expect(response.status).toBe(400);
  });
});

describe('the connect screen with a data dir and a configured dashboard', () => {
  let dataDir: string;
  beforeAll(async () => {
    dataDir = await mkdtemp(path.join(tmpdir(), 'sandbox-connect-'));
  });
  afterAll(() => rm(dataDir, { recursive: true, force: true }));

  it('keeps the saved station address across a restart and names the configured dashboard', async () => {
    const dashboardUrl = 'http://127.0.0.1:3990';
    const first = await startTestSandbox({ storePorts: [0], dataDir, dashboardUrl });
    try {
      const store = first.stores[0]?.url ?? '';
      const cookie = await logInToStore(store);
      const html = await (await getPage(`${store}${SCREEN}`, cookie)).text();
      expect(rootData(html, 'dashboard-url')).toBe(dashboardUrl);
      const saved = await save(store, cookie, {
        _wpnonce: rootData(html, 'nonce'),
        station_url: STATION,
      });
      expect(saved.status).toBe(200);
    } finally {
      await first.close();
    }
    const file = JSON.parse(await readFile(path.join(dataDir, 'stores', '1.json'), 'utf8'));
    expect(file.cloudPosStationUrl).toBe(STATION);

    const second = await startTestSandbox({ storePorts: [0], dataDir, dashboardUrl });
    try {
      const store = second.stores[0]?.url ?? '';
      const html = await (await getPage(`${store}${SCREEN}`, await logInToStore(store))).text();
      expect(html).toContain(`data-testid="cloud-pos-station-link">${STATION}</a>`);
    } finally {
      await second.close();
    }
  });

  it('refuses a dashboard address that is not http(s)', async () => {
    await expect(
      startTestSandbox({ storePorts: [], dashboardUrl: 'javascript:alert(1)' }),
    ).rejects.toThrow('DASHBOARD_URL must be an http(s) address');
  });
});
