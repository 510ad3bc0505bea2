import { expect, test } from '@playwright/test';
import { ActivityPage } from '../pages/ActivityPage';
import { PosStationPage } from '../pages/PosStationPage';
import { StationsPage } from '../pages/StationsPage';
import { expectAccessible } from '../support/a11y';
import { applicationName, managerWithStore } from '../support/managers';
import { resetStore, setStoreOffline, storeOrder, storeOrders, stores } from '../support/store';

/** Demo Book Nook's one station: prices include its 8 % tax. */
const CHECKOUT = 'Checkout';
const NAME = 'Rhea Register';

/** The number a stock line of the grid starts with ('499 in stock' → 499). */
const stockOf = (text: string | null) => Number(/(\d+) in stock/.exec(text ?? '')?.[1] ?? NaN);

test.describe('The Cloud POS register', () => {
  test.afterEach(async () => {
    await resetStore(stores.books.url);
  });

  test("a sale of two products paid in cash with change makes the store's order, and the dashboard shows it", async ({
    page,
  }) => {
    // A manager of their own connects Demo Book Nook (a store with few orders: a trial's 50
    // leave its stations open), so its webhooks are registered afresh.
    const id = await managerWithStore(page, NAME, stores.books.url);
    const stations = new StationsPage(page);
    await stations.openApplicationStations(id);
    await stations.quickLaunchToggle(CHECKOUT).click();
    await expect(stations.quickLaunchToggle(CHECKOUT)).toBeChecked();
    await page.goto('/');
    const dashboard = new ActivityPage(page);
    await expect(dashboard.ordersToday).toHaveText(/^\d[\d,]*$/);
    const today = Number((await dashboard.ordersToday.textContent())?.replace(/,/g, ''));

    // The POS tile's quick launch opens the station's register on the store.
    const tab = await stations.openInNewTab(stations.tileQuickLaunch(CHECKOUT));
    const register = new PosStationPage(tab);
    await register.expectOpen(stores.books.url, CHECKOUT, NAME);
    await expect(register.search).toBeFocused();
    const stockBefore = stockOf(await register.product('Bookmark, leather').textContent());

    // One from the grid, one scanned by its barcode (the scanner types it and Enter).
    await register.add('Bookmark, leather');
    await register.scan('4000000000202');
    await expect(register.cart.getByText('A Field Guide to Birds', { exact: true })).toBeVisible();
    await expect(register.search).toHaveValue('');
    // 4.50 + 24.50 = 29.00 with the station's 8 % tax included (2.15), as the store computes it.
    expect(await register.total()).toBe('$29.00');
    await expect(register.cart.getByTestId('register-tax')).toHaveText('$2.15');
    await expectAccessible(tab, 'the register with a cart');

    await register.cart.getByRole('button', { name: /^Pay / }).click();
    await expect(register.payDialog).toBeVisible();
    await expectAccessible(tab, "the register's payment dialog");
    await register.payDialog.getByLabel('Amount tendered').fill('50');
    await expect(register.payDialog.getByText('Change due: $21.00')).toBeVisible();
    await register.payDialog.getByRole('button', { name: 'Complete sale' }).click();

    await expect(register.receipt).toBeVisible();
    await expect(register.receipt.getByTestId('receipt-total')).toHaveText('$29.00');
    await expect(register.receipt.getByTestId('receipt-change')).toHaveText('$21.00');
    await expectAccessible(tab, "the register's receipt");
    const orderId = await register.receiptOrder();
    expect(stockOf(await register.product('Bookmark, leather').textContent())).toBe(
      stockBefore - 1,
    );

    // The order is WooCommerce's, with the store's totals, the channel and who sold it.
    const order = await storeOrder(stores.books.url, orderId);
    expect(order).toMatchObject({
      status: 'completed',
      created_via: 'cloud-pos',
      payment_method: 'pos_cash',
      total: '29.00',
      total_tax: '2.15',
    });
    expect(order.line_items.map(({ name, quantity }) => ({ name, quantity }))).toEqual([
      { name: 'Bookmark, leather', quantity: 1 },
      { name: 'A Field Guide to Birds', quantity: 1 },
    ]);
    expect(order.meta_data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'cloud_pos_station_name', value: CHECKOUT }),
        expect.objectContaining({ key: 'cloud_pos_change_due', value: '21.00' }),
      ]),
    );

    // The store's webhook reaches the dashboard, which is still open in the first tab.
    await expect(dashboard.ordersToday).toHaveText(String(today + 1), { timeout: 10_000 });
    await expect(dashboard.miniFeedEntries.first()).toContainText(
      `Order #${orderId} was processed in ${applicationName(NAME, stores.books.url)}`,
      { timeout: 10_000 },
    );
    await tab.close();
  });
  test('a sale made while the store is down waits on the register, arrives once when it is back, and the dashboard counts it once', async ({
    page,
  }) => {
    const name = 'Otto Offline';
    const id = await managerWithStore(page, name, stores.books.url);
    const stations = new StationsPage(page);
    await stations.openApplicationStations(id);
    await stations.quickLaunchToggle(CHECKOUT).click();
    await expect(stations.quickLaunchToggle(CHECKOUT)).toBeChecked();
    await page.goto('/');
    const dashboard = new ActivityPage(page);
    await expect(dashboard.ordersToday).toHaveText(/^\d[\d,]*$/);
    const today = Number((await dashboard.ordersToday.textContent())?.replace(/,/g, ''));

    const tab = await stations.openInNewTab(stations.tileQuickLaunch(CHECKOUT));
    const register = new PosStationPage(tab);
    await register.expectOpen(stores.books.url, CHECKOUT, name);
    await expect(register.product('Bookmark, leather')).toBeVisible();

    // The store goes down for real: its sockets close without an answer.
    await setStoreOffline(stores.books.url, true);
    try {
      await register.add('Bookmark, leather');
      // The last known price, marked provisional: the register never computes the store's tax.
      await expect(register.cart.getByText('Provisional total')).toBeVisible();
      expect(await register.total()).toBe('$4.50');
      await expect(tab.getByText(/The store does not answer\. Sales are kept/)).toBeVisible();
      await register.payCash('5');
      await expect(register.receipt.getByTestId('receipt-waiting')).toHaveText(
        'Waiting for the store',
      );
      await expect(register.receipt.getByTestId('receipt-change')).toHaveText('$0.50');
      await expect(register.waiting).toHaveText('1 sale is waiting for the store.');
      await expectAccessible(tab, 'the register with a sale waiting for the store');
    } finally {
      await setStoreOffline(stores.books.url, false);
    }

    // Back: the register sends the sale and shows how the store settled it.
    await expect(register.settled).toHaveCount(1, { timeout: 20_000 });
    await expect(register.waiting).toBeHidden();
    const orderId = Number(/Order #(\d+)/.exec((await register.settled.textContent()) ?? '')?.[1]);
    const order = await storeOrder(stores.books.url, orderId);
    expect(order).toMatchObject({ status: 'completed', created_via: 'cloud-pos', total: '4.50' });
    const key = order.meta_data.find((m) => m.key === 'cloud_pos_idempotency_key')?.value;
    expect(key).toMatch(/^[0-9a-f-]{36}$/);
    expect(order.meta_data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'cloud_pos_offline_shown_total', value: '4.50' }),
      ]),
    );
    const withKey = (await storeOrders(stores.books.url)).filter((o) =>
      o.meta_data.some((m) => m.key === 'cloud_pos_idempotency_key' && m.value === key),
    );
    expect(withKey.map((o) => o.id)).toEqual([orderId]);

    // The dashboard, open all along, counts it once.
    await expect(dashboard.ordersToday).toHaveText(String(today + 1), { timeout: 10_000 });
    await expect(dashboard.miniFeedEntries.first()).toContainText(
      `Order #${orderId} was processed`,
      {
        timeout: 10_000,
      },
    );
    await expect(dashboard.ordersToday).toHaveText(String(today + 1));
    await tab.close();
  });
});
