// The live path of issue 12 §7, measured end to end on a running stack: an order placed on a
// sandbox store's web checkout → the store's signed webhook (sent a moment later, as Action
// Scheduler does) → the POS host's ingest → the api's live stream → the shell's bus → the
// Order Analytics tile re-reads its counts. The clock starts when the checkout answers and stops
// when the signed-in dashboard shows one more order today, without a reload.
import { signInOnDashboard } from './chromium.mjs';
import { demoAccounts, urls } from './services.mjs';

/** The tile's "orders today" figure (mf-analytics' testIds). */
const TODAY = '[data-testid="order-analytics-today"]';

/** The nearest-rank percentile of `values` (0–100). */
export function percentile(values, p) {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.max(0, Math.ceil((p / 100) * sorted.length) - 1)];
}

/** Places one web order on the store's checkout, as a shopper's form post does. */
async function placeOrder(storeUrl, index) {
  const shop = await fetch(`${storeUrl}/shop`);
  const html = await shop.text();
  const field = /name="(qty_\d+)"/.exec(html)?.[1];
  if (!field) throw new Error(`no product on ${storeUrl}/shop`);
  const response = await fetch(`${storeUrl}/shop/checkout`, {
    method: 'POST',
    headers: { 'content-type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams({
      [field]: '1',
      name: `Bench Shopper ${index}`,
      email: `bench${index}@shopper.test`,
    }).toString(),
  });
  if (response.status !== 200) throw new Error(`checkout answered ${response.status}`);
}

/**
 * Signs the demo manager in on `browser`, opens the dashboard and places `orders` web orders on
 * the demo manager's store one after another, each timed until the tile shows it.
 * @returns {Promise<{samples: number[], p50: number, p95: number, reloads: number}>}
 */
export async function measureLiveLatency(browser, { orders = 20, timeoutMs = 15_000 } = {}) {
  const context = await browser.newContext();
  const page = await context.newPage();
  try {
    const manager = demoAccounts.find((a) => a.role === 'manager');
    await signInOnDashboard(page, manager);
    await page.waitForSelector(TODAY, { timeout: 60_000 });
    let reloads = 0;
    page.on('framenavigated', (frame) => {
      if (frame === page.mainFrame()) reloads += 1;
    });
    const readToday = () =>
      page.$eval(TODAY, (el) => Number((el.textContent ?? '').replace(/[^\d]/g, '')));
    // The first order also waits for the live stream to be open: it is not counted.
    const samples = [];
    for (let i = 0; i <= orders; i += 1) {
      const before = await readToday();
      await placeOrder(urls.stores[0], i);
      const placedAt = Date.now();
      await page.waitForFunction(
        ({ selector, count }) =>
          Number((document.querySelector(selector)?.textContent ?? '').replace(/[^\d]/g, '')) >
          count,
        { selector: TODAY, count: before },
        { timeout: timeoutMs, polling: 20 },
      );
      if (i > 0) samples.push(Date.now() - placedAt);
    }
    return { samples, p50: percentile(samples, 50), p95: percentile(samples, 95), reloads };
  } finally {
    await context.close();
  }
}
