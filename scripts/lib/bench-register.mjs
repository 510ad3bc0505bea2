// The Cloud POS register, for `npm run bench` (issue 28), on the running stack's sandbox store,
// at the demo manager's Front Counter (its cloud POS address, the hand-off, /pos/1):
//  - the register's JavaScript, gzip -9 of each script it loads from its assets folder;
//  - usable after the hand-off: from the hand-off's post to the store (the register page's
//    navigation start) until its search field and a product button are on the page, each visit
//    cold (a new context, the HTTP cache off) with the CPU slowed CPU_SLOWDOWN× (CDP);
//  - adding to the cart: a product button's click (the event's timestamp) until its cart line is
//    in the DOM, in the page's own clock;
//  - Charge → order stored: Complete sale's click until the receipt shows the number of the
//    order the store stored (its 201), in the page's own clock;
//  - offline: the store taken down through its control API (its sockets close unanswered),
//    OFFLINE_SALES sales rung up on the register, the store brought back, and every queued sale
//    looked up among the store's orders: each must be there exactly once.
import { createRequire } from 'node:module';
import path from 'node:path';
import { createHmac } from 'node:crypto';
import { gzipSync } from 'node:zlib';
import { CPU_SLOWDOWN, VISITS } from './bench-dashboard.mjs';
import { percentile } from './bench-live.mjs';
import { signedInState } from './chromium.mjs';
import { demoAccounts, repoRoot, urls } from './services.mjs';

/** The demo manager, who signs in on the dashboard before the register is opened. */
export const DEMO_MANAGER = demoAccounts.find((a) => a.role === 'manager');

export const CHARGES = 20;
export const OFFLINE_SALES = 200;
/** The demo manager's application and its default station (api/src/seed/demo.ts). */
const ADDRESS = '/demo-coffee-roasters/pos';
const STATION_PAGE = '/pos/1';
const PRODUCT = 'Espresso';

const median = (values) => [...values].sort((a, b) => a - b)[Math.floor(values.length / 2)];
const requireFromE2e = createRequire(path.join(repoRoot, 'e2e/package.json'));

/** Records when the register is usable, in every document of the visit (set before scripts). */
function observeUsable() {
  const usable = () => {
    const root = document.getElementById('cloud-pos-register');
    return Boolean(
      root?.querySelector('form[role="search"] input') && root.querySelector('.register-product'),
    );
  };
  new MutationObserver((_, observer) => {
    if (!usable()) return;
    Object.defineProperty(window, '__registerUsable', { value: performance.now() });
    observer.disconnect();
  }).observe(document, { childList: true, subtree: true });
}

/** Opens the register through the station's cloud POS address, as a cashier does. */
async function openRegister(page) {
  await page.goto(`${urls.cloudPos}${ADDRESS}`);
  await page.waitForURL(`${urls.stores[0]}${STATION_PAGE}`, { timeout: 60_000 });
  await page.locator('.register-product', { hasText: PRODUCT }).waitFor({ timeout: 60_000 });
}

/** One cold visit: the register's scripts and when it was usable. */
async function coldVisit(browser, storageState) {
  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    const cdp = await context.newCDPSession(page);
    await cdp.send('Network.setCacheDisabled', { cacheDisabled: true });
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: CPU_SLOWDOWN });
    await page.addInitScript(observeUsable);
    const reading = [];
    page.on('response', (response) => {
      if (response.request().resourceType() !== 'script' || !response.ok()) return;
      if (!response.url().includes('/assets/register/')) return;
      reading.push(response.body().then((body) => gzipSync(body, { level: 9 }).length));
    });
    await page.goto(`${urls.cloudPos}${ADDRESS}`);
    await page.waitForURL(`${urls.stores[0]}${STATION_PAGE}`, { timeout: 60_000 });
    await page.waitForFunction(() => '__registerUsable' in window, null, { timeout: 60_000 });
    const usable = await page.evaluate(() => window.__registerUsable);
    const sizes = await Promise.all(reading);
    return { usable, js: sizes.reduce((sum, size) => sum + size, 0), scripts: sizes.length };
  } finally {
    await context.close();
  }
}

/**
 * Clicks `target` and resolves with the ms from the click event to `selector` matching in the
 * DOM, both in the page's clock.
 */
async function timeClick(page, target, selector) {
  await page.evaluate((wanted) => {
    window.__benchTimed = new Promise((resolve) => {
      window.addEventListener(
        'click',
        (event) => {
          const started = event.timeStamp;
          const done = () => document.querySelector(wanted) !== null;
          if (done()) return resolve(performance.now() - started);
          const observer = new MutationObserver(() => {
            if (!done()) return;
            observer.disconnect();
            resolve(performance.now() - started);
          });
          observer.observe(document.body, { childList: true, subtree: true, characterData: true });
        },
        { capture: true, once: true },
      );
    });
  }, selector);
  await target.click();
  return page.evaluate(() => window.__benchTimed);
}

/** Takes the sandbox store down (its sockets close unanswered) or brings it back. */
async function setStoreOffline(offline) {
  const response = await fetch(`${urls.stores[0]}/_control/offline`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ offline }),
  });
  if (!response.ok) throw new Error(`the store's offline control answered ${response.status}`);
}

/** Every order of the store (wc/v3, a read key minted by the store's test controls). */
async function storeOrders() {
  const store = urls.stores[0];
  const minted = await fetch(`${store}/_control/keys`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ permissions: 'read' }),
  });
  const keys = await minted.json();
  const OAuth = requireFromE2e('oauth-1.0a');
  const oauth = new OAuth({
    consumer: { key: keys.consumer_key, secret: keys.consumer_secret },
    signature_method: 'HMAC-SHA256',
    hash_function: (base, key) => createHmac('sha256', key).update(base).digest('base64'),
  });
  const orders = [];
  for (let page = 1; ; page += 1) {
    const url = new URL(`${store}/wp-json/wc/v3/orders?per_page=100&page=${page}`);
    for (const [name, value] of Object.entries(oauth.authorize({ url: url.href, method: 'GET' })))
      url.searchParams.set(name, String(value));
    const response = await fetch(url);
    if (!response.ok) throw new Error(`wc/v3/orders answered ${response.status}`);
    orders.push(...(await response.json()));
    if (page >= Number(response.headers.get('x-wp-totalpages') ?? '1')) return orders;
  }
}

const meta = (order, key) => order.meta_data.find((m) => m.key === key)?.value;

/**
 * Rings up `count` sales of one `product` on the open register, each paid and completed:
 * adding to the cart (the click until its cart line is in the DOM) and Charge → order stored
 * (Complete sale's click until the receipt shows the stored order's number), in ms.
 * @param {object} page the Playwright page of a register, open and usable
 * @returns {Promise<{ adds: number[], charges: number[] }>}
 */
export async function ringUpSales(page, product, count) {
  const button = page.locator('.register-product', { hasText: product });
  const pay = page.getByRole('button', { name: /^Pay / });
  const complete = page.getByRole('button', { name: 'Complete sale' });
  const adds = [];
  const charges = [];
  for (let i = 0; i < count; i += 1) {
    adds.push(await timeClick(page, button, 'ul.register-lines li'));
    await pay.click();
    charges.push(await timeClick(page, complete, '[data-testid="register-order-number"]'));
    await page.getByRole('button', { name: 'New sale' }).click();
  }
  return { adds, charges };
}

/**
 * The register's measures on the running stack.
 * @returns {Promise<{js: number, scripts: number, usable: number, usables: number[],
 *   addP95: number, addP50: number, chargeP95: number, chargeP50: number,
 *   offline: {queued: number, waitedFor: number, arrived: number, distinct: number, seconds: number}}>}
 */
export async function measureRegister(browser) {
  const storageState = await signedInState(browser, DEMO_MANAGER);
  const visits = [];
  for (let i = 0; i < VISITS; i += 1) visits.push(await coldVisit(browser, storageState));

  const context = await browser.newContext({ storageState });
  try {
    const page = await context.newPage();
    await openRegister(page);
    const product = page.locator('.register-product', { hasText: PRODUCT });
    const pay = page.getByRole('button', { name: /^Pay / });
    const complete = page.getByRole('button', { name: 'Complete sale' });
    const { adds, charges } = await ringUpSales(page, PRODUCT, CHARGES);

    // Offline: every sale queued while the store is down, then sent when it is back.
    const before = new Set((await storeOrders()).map((order) => order.id));
    const waiting = page.getByTestId('register-waiting');
    await setStoreOffline(true);
    let queued = 0;
    let waitedFor = 0;
    try {
      for (let i = 0; i < OFFLINE_SALES; i += 1) {
        await product.click();
        await pay.click();
        await complete.click();
        await page.getByTestId('receipt-waiting').waitFor();
        queued += 1;
      }
      // The register's own count, read while the store is still down.
      const text = (await waiting.textContent()) ?? '';
      waitedFor = Number(/^(\d+) sales? (is|are) waiting/.exec(text)?.[1] ?? 0);
    } finally {
      await setStoreOffline(false);
    }
    const back = Date.now();
    await waiting.waitFor({ state: 'detached', timeout: 300_000 });
    const seconds = (Date.now() - back) / 1000;
    const arrivedOrders = (await storeOrders()).filter(
      (order) => !before.has(order.id) && meta(order, 'cloud_pos_offline_shown_total'),
    );
    const keys = new Set(arrivedOrders.map((order) => meta(order, 'cloud_pos_idempotency_key')));
    return {
      js: median(visits.map((visit) => visit.js)),
      scripts: visits[0].scripts,
      usable: median(visits.map((visit) => visit.usable)),
      usables: visits.map((visit) => Math.round(visit.usable)),
      addP50: percentile(adds, 50),
      addP95: percentile(adds, 95),
      chargeP50: percentile(charges, 50),
      chargeP95: percentile(charges, 95),
      offline: {
        queued,
        waitedFor,
        arrived: arrivedOrders.length,
        distinct: keys.size,
        seconds,
      },
    };
  } finally {
    await context.close();
  }
}
