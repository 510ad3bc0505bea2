// Charge → order stored on the real-store step's WooCommerce (issue 28: p95 ≤ 2 s), for
// `npm run bench`: WordPress with WooCommerce and the Cloud POS plugin set up once
// (real-store.mjs withRealStore, the zips of ../shared/vendor), the demo manager's application
// of it connected with one of its REST keys through the api, and the register opened through
// the default station's cloud POS address, as a cashier does. The sales are rung up and timed
// as on the sandbox store (bench-register.mjs ringUpSales). Skipped, with the reason, when the
// zips are absent; setting the store up takes a few minutes.
import { readFileSync } from 'node:fs';
import { CHARGES, DEMO_MANAGER, ringUpSales } from './bench-register.mjs';
import { signedInState } from './chromium.mjs';
import { percentile } from './bench-live.mjs';
import { withRealStore } from './real-store.mjs';
import { signIn } from './release.mjs';
import { urls } from './services.mjs';
import { realStoreZips } from './vendor.mjs';

/** A simple product of the real store's catalogue (site.php shop), 50 in stock. */
const PRODUCT = 'Espresso Beans 250 g';
/** The station of the real store the register is opened at (site.php). */
const STATION = 'Front Counter';

/** Calls the api as `token`; answers the JSON body, throws with the api's answer otherwise. */
async function api(token, method, apiPath, body) {
  const response = await fetch(`${urls.api}/api/connect-ui${apiPath}`, {
    method,
    headers: {
      authorization: `Bearer ${token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  if (!response.ok) {
    throw new Error(`${method} ${apiPath}: ${response.status} ${await response.text()}`);
  }
  return response.json();
}

/**
 * Connects a new application of the demo manager to the store with its first REST key, makes
 * its Front Counter the default station and answers that station's cloud POS address.
 */
async function connectedAddress(site) {
  const token = await signIn(DEMO_MANAGER.email, DEMO_MANAGER.password);
  const created = await api(token, 'POST', '/applications', {
    name: `Bench real store ${Date.now()}`,
    homeUrl: site.home,
  });
  const id = created.data.id;
  const [key] = site.journeyKeys;
  await api(token, 'PUT', `/applications/${id}`, {
    consumerKey: key.consumer_key,
    consumerSecret: key.consumer_secret,
  });
  const stations = await api(token, 'GET', `/applications/${id}/stations`);
  // The store's Front Counter made the default station, as its owner does on the station list.
  const station = stations.list.find((candidate) => candidate.name === STATION);
  if (!station) throw new Error(`the real store has no station ${STATION}`);
  if (station.cloudStationSlug !== 'pos') {
    await api(token, 'PUT', `/applications/${id}/stations/update-slug`, {
      stationId: station.posID,
      stationSlug: 'pos',
      stationName: station.name,
      oldStationSlug: station.cloudStationSlug,
    });
  }
  return `${urls.cloudPos}/${stations.application.slug}/pos`;
}

/**
 * The register's Charge → order stored on the real WooCommerce, on the running stack.
 * @param {object} browser Playwright's Chromium
 * @returns {Promise<{ skipped: string } | { charges: number, chargeP50: number,
 *   chargeP95: number, woocommerce: string }>}
 */
export async function measureRealStoreCharge(browser) {
  const zips = realStoreZips();
  if ('missing' in zips) return { skipped: zips.missing };
  let measured;
  await withRealStore(zips, {}, async ({ siteFile }) => {
    const site = JSON.parse(readFileSync(siteFile, 'utf8'));
    const address = await connectedAddress(site);
    const context = await browser.newContext({
      storageState: await signedInState(browser, DEMO_MANAGER),
    });
    try {
      const page = await context.newPage();
      await page.goto(address);
      const store = new URL(site.home).origin;
      await page.waitForURL((url) => url.origin === store, { timeout: 60_000 });
      await page.locator('.register-product', { hasText: PRODUCT }).waitFor({ timeout: 60_000 });
      const { charges } = await ringUpSales(page, PRODUCT, CHARGES);
      measured = {
        charges: charges.length,
        chargeP50: percentile(charges, 50),
        chargeP95: percentile(charges, 95),
        woocommerce: site.woocommerce,
      };
    } finally {
      await context.close();
    }
  });
  return measured;
}
