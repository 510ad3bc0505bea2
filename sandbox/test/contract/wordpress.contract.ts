import { spawnSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import path from 'node:path';
import type { AddressObject } from 'mailparser';
import { simpleParser } from 'mailparser';
import type { FakePosHost } from '../posHandoff';
import { startFakePosHost } from '../posHandoff';
import { openRegister } from '../registerSession';
import { describePosConnectContract } from './posConnect.contract';
import type { ContractTarget, Credential, SentMail } from './target';

/**
 * The pos-connect/v1 contract against the Cloud POS plugin on a real WordPress: the `wordpress`
 * step of `npm test` (scripts/lib/wordpress.mjs) installs Debian's WordPress on a throw-away
 * MariaDB, installs the plugin from its download zip, serves it with PHP's built-in server and
 * runs this file with CONTRACT_WORDPRESS_SITE naming the site's description (home URL,
 * credentials, the folder its mail is written to). The `real-store` step
 * (scripts/lib/real-store.mjs) runs it on WordPress with WooCommerce, whose REST keys (OAuth
 * 1.0a over http, as the api signs) replace the application passwords.
 */
type SiteCredential =
  { username: string; password: string } | { consumer_key: string; consumer_secret: string };

interface Site {
  wordpress: string;
  /** WooCommerce's version when it is active (the real store), else null. */
  woocommerce: string | null;
  home: string;
  siteName: string;
  /** The site's copy of WordPress, for site.php's station-users phase. */
  docroot: string;
  /** Whether the Staff add-on was installed from its zip and activated. */
  staffAddOn: boolean;
  owner: SiteCredential;
  revocable: SiteCredential[];
  noCapability: SiteCredential;
  /** A shop manager's (manage_woocommerce, no create_users nor promote_users). */
  shopManager: SiteCredential;
  mailDir: string;
  /** wp-login.php logins (the connect screen is a wp-admin page, not a REST route). */
  logins: {
    administrator: { username: string; password: string };
    shopManager: { username: string; password: string };
  };
}

const file = process.env.CONTRACT_WORDPRESS_SITE;
if (!file) {
  throw new Error('CONTRACT_WORDPRESS_SITE is not set: run it with TEST_STEPS=wordpress npm test');
}
const site = JSON.parse(readFileSync(file, 'utf8')) as Site;
const credential = (given: SiteCredential): Credential =>
  'consumer_key' in given ? { kind: 'oauth1', ...given } : { kind: 'basic', ...given };
const revocable = [...site.revocable];

/** The mails PHP handed to sendmail, one file each (the step's sendmail writes them). */
async function sentMail(email: string): Promise<SentMail[]> {
  const mails: SentMail[] = [];
  for (const name of readdirSync(site.mailDir).sort()) {
    const parsed = await simpleParser(readFileSync(path.join(site.mailDir, name)));
    const to = ([] as AddressObject[]).concat(parsed.to ?? []).flatMap((a) => a.value);
    if (to.some((address) => address.address?.toLowerCase() === email.toLowerCase())) {
      mails.push({ subject: parsed.subject ?? '', text: parsed.text ?? '' });
    }
  }
  return mails;
}

/** Sets a station's users with site.php, in PHP's command line on the site's database. */
async function setStationUsers(posId: number, users: number[] | null): Promise<void> {
  const siteScript = path.join(__dirname, '../../../wordpress-plugin/tests/wordpress/site.php');
  const list = users === null ? 'all' : users.join(',');
  const result = spawnSync(
    'php',
    [siteScript, 'station-users', site.docroot, String(posId), list],
    { encoding: 'utf8' },
  );
  if (result.status !== 0) {
    throw new Error(`site.php station-users failed: ${result.stderr || result.stdout}`);
  }
}

/**
 * The register's sales on the real store: the plugin trusts the suite's own POS host for the
 * hand-off (site.php register-sales), so the suite can open a station's register as the cloud
 * POS host does; the option is forgotten again afterwards (the journeys use the stack's host).
 */
function registerSales(jwksUrl: string): { jwks: string; product_id: number } {
  const siteScript = path.join(__dirname, '../../../wordpress-plugin/tests/wordpress/site.php');
  const result = spawnSync('php', [siteScript, 'register-sales', site.docroot, jwksUrl], {
    encoding: 'utf8',
  });
  if (result.status !== 0) {
    throw new Error(`site.php register-sales failed: ${result.stderr || result.stdout}`);
  }
  return JSON.parse(result.stdout.trim().split('\n').pop() ?? '{}') as {
    jwks: string;
    product_id: number;
  };
}

let posHost: FakePosHost | undefined;
if (site.woocommerce) {
  beforeAll(async () => {
    posHost = await startFakePosHost();
    const set = registerSales(posHost.jwksUrl);
    if (set.jwks !== posHost.jwksUrl) throw new Error(`the store kept ${set.jwks} as its JWKS`);
  });
  afterAll(async () => {
    registerSales('none');
    await posHost?.close();
  });
}

const target: ContractTarget = {
  name: `the Cloud POS plugin on WordPress ${site.wordpress}${
    site.woocommerce ? ` with WooCommerce ${site.woocommerce}` : ''
  }`,
  home: site.home,
  siteName: site.siteName,
  multipleUserPluginActive: site.staffAddOn,
  setStationUsers,
  owner: credential(site.owner),
  noCapability: credential(site.noCapability),
  shopManager: credential(site.shopManager),
  async revocable() {
    const next = revocable.shift();
    if (!next) throw new Error('the site was set up with too few credentials to revoke');
    return credential(next);
  },
  sentMail,
  async openRegister(posId) {
    if (!posHost) throw new Error('the register sells only on the real store (WooCommerce)');
    return openRegister(site.home, posHost, posId);
  },
};

describe(`pos-connect/v1 on ${target.name}`, () => {
  describePosConnectContract(() => target, { canSell: site.woocommerce !== null });
});

/** Logs in through wp-login.php and returns the cookies WordPress set, as a Cookie header. */
async function logIn(login: { username: string; password: string }): Promise<string> {
  const response = await fetch(`${site.home}/wp-login.php`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({ log: login.username, pwd: login.password }).toString(),
  });
  if (response.status !== 302) throw new Error(`wp-login.php answered ${response.status}`);
  return response.headers
    .getSetCookie()
    .map((cookie) => cookie.split(';')[0] ?? '')
    .filter((pair) => pair.startsWith('wordpress_') && !pair.endsWith('='))
    .join('; ');
}

/** A data-* attribute of the connect screen's root element. */
function rootData(html: string, name: string): string {
  const match = new RegExp(`id="cloud-pos-connect"[^>]*?data-${name}="([^"]*)"`, 's').exec(html);
  if (match?.[1] === undefined) throw new Error(`no data-${name} on the root element`);
  return match[1].replace(/&amp;/g, '&').replace(/&#0?38;/g, '&');
}

describe(`the "Connect to Cloud POS" screen on ${target.name}`, () => {
  const screen = `${site.home}/wp-admin/admin.php?page=cloud-pos-connect`;
  const ajax = `${site.home}/wp-admin/admin-ajax.php`;
  const station = 'http://127.0.0.1:4300/contract-coffee/front-counter';
  const save = (cookie: string, fields: Record<string, string>) =>
    fetch(ajax, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', cookie },
      body: new URLSearchParams({ action: 'cloud_pos_save_station', ...fields }).toString(),
    });

  it('renders the shared markup with connect.js for an administrator, and saves the station behind the nonce', async () => {
    const cookie = await logIn(site.logins.administrator);
    const page = await fetch(screen, { headers: { cookie } });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('Connect to Cloud POS</h1>');
    expect(html).toMatch(/data-testid="cloud-pos-connect-login">Connect to Cloud POS<\/button>/);
    expect(html).toMatch(/data-testid="cloud-pos-connect-register">Create an account<\/button>/);
    expect(html).toMatch(
      // WordPress 6.1 quotes its script tags' attributes with ' (newer ones with ").
      /<script[^>]+src=["'][^"']*\/wp-content\/plugins\/cloud-pos\/assets\/connect\.js\?ver=1\.2\.0["']/,
    );
    expect(rootData(html, 'home-url')).toBe(site.home);
    expect(rootData(html, 'dashboard-url')).toMatch(/^https?:\/\/[^/]+$/);
    expect(rootData(html, 'save-url')).toBe(ajax);
    const nonce = rootData(html, 'nonce');

    const forged = await save(cookie, { _wpnonce: 'forged', station_url: station });
    expect(forged.status).toBe(403);
    expect(await forged.json()).toEqual({
      success: false,
      data: { message: 'The link you followed has expired.' },
    });
    const bad = await save(cookie, { _wpnonce: nonce, station_url: 'javascript:alert(1)' });
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { success: boolean }).success).toBe(false);

    const saved = await save(cookie, { _wpnonce: nonce, station_url: station });
    expect(saved.status).toBe(200);
    expect(await saved.json()).toEqual({ success: true, data: { stationUrl: station } });
    const after = await (await fetch(screen, { headers: { cookie } })).text();
    expect(after).toContain('Your cloud POS station</h2>');
    expect(after).toContain(`data-testid="cloud-pos-station-link">${station}</a>`);
  });

  it('is refused to a shop manager (manage_options)', async () => {
    const cookie = await logIn(site.logins.shopManager);
    const page = await fetch(screen, { headers: { cookie } });
    expect(page.status).toBe(403);
    const nonce = 'irrelevant';
    const refused = await save(cookie, { _wpnonce: nonce, station_url: station });
    expect(refused.status).toBe(403);
    expect(await refused.json()).toEqual({
      success: false,
      data: { message: 'Sorry, you are not allowed to do that.' },
    });
  });
});
