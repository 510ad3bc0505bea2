import { expect, test } from '@playwright/test';
import { ActivityPage } from '../pages/ActivityPage';
import { PosStationPage } from '../pages/PosStationPage';
import { RegisterDayPage } from '../pages/RegisterDayPage';
import { StationsPage } from '../pages/StationsPage';
import { expectAccessible } from '../support/a11y';
import { applicationName, managerWithStore } from '../support/managers';
import { resetStore, storeOrder, stores } from '../support/store';

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

  test('a split-tender sale, a refund of one line restocked by the store, and the end-of-day summary', async ({
    page,
  }) => {
    const id = await managerWithStore(page, 'Sid Splitter', stores.books.url);
    const stations = new StationsPage(page);
    await stations.openApplicationStations(id);
    await stations.quickLaunchToggle(CHECKOUT).click();
    await expect(stations.quickLaunchToggle(CHECKOUT)).toBeChecked();
    await page.goto('/');
    const tab = await stations.openInNewTab(stations.tileQuickLaunch(CHECKOUT));
    const register = new PosStationPage(tab);
    const day = new RegisterDayPage(tab);
    await register.expectOpen(stores.books.url, CHECKOUT, 'Sid Splitter');
    const stockBefore = stockOf(await register.product('Bookmark, leather').textContent());

    // 4.50 + 24.50 = 29.00: 10.00 in cash, the other 19.00 on the card terminal.
    await register.add('Bookmark, leather');
    await register.add('A Field Guide to Birds');
    expect(await register.total()).toBe('$29.00');
    await day.paySplit('10', 'T-4242');
    await expect(day.receipt.getByText('Cash $10.00', { exact: true })).toBeVisible();
    await expect(day.receipt.getByText('Card $19.00 (T-4242)', { exact: true })).toBeVisible();
    const orderId = await register.receiptOrder();
    const sold = await storeOrder(stores.books.url, orderId);
    expect(sold).toMatchObject({
      payment_method: 'pos_split',
      payment_method_title: 'Split: Cash 10.00 + Card 19.00',
      total: '29.00',
    });
    expect(sold.meta_data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'cloud_pos_card_reference', value: 'T-4242' }),
        expect.objectContaining({ key: 'cloud_pos_cash_tendered', value: '10.00' }),
      ]),
    );
    expect(stockOf(await register.product('Bookmark, leather').textContent())).toBe(
      stockBefore - 1,
    );

    // Today's sales list it with its tenders; its receipt refunds the bookmark.
    await day.openTodaysSales();
    await expect(day.sale(orderId)).toContainText('$29.00');
    await expect(day.sale(orderId)).toContainText('Cash $10.00 + Card $19.00');
    await expectAccessible(tab, "the register's sales of today");
    await day.openReceipt(orderId);
    await day.refund('Bookmark, leather', 1, 'Damaged');
    await expect(
      tab.getByText(`Order #${orderId} refunded; the items are back in stock.`),
    ).toBeVisible();
    await expect(day.receipt.getByTestId('receipt-refunded')).toHaveText('$4.50');
    const refunded = await storeOrder(stores.books.url, orderId);
    expect(refunded.status).toBe('completed');
    expect(refunded.refunds).toEqual([
      expect.objectContaining({ reason: 'Damaged', total: '-4.50' }),
    ]);
    // The store put the bookmark back on its stock: a fresh load of the register reads it.
    await tab.reload();
    await register.expectOpen(stores.books.url, CHECKOUT, 'Sid Splitter');
    await expect(register.product('Bookmark, leather')).toContainText(`${stockBefore} in stock`);

    // The end of the day: one sale of 29.00, 4.50 refunded, by tender and by cashier.
    const summary = await day.openEndOfDay();
    await expect(summary.getByTestId('summary-orders')).toHaveText('1');
    await expect(summary.getByTestId('summary-gross')).toHaveText('$29.00');
    await expect(summary.getByTestId('summary-refunds')).toHaveText('$4.50');
    await expect(summary.getByTestId('summary-net')).toHaveText('$24.50');
    await expect(summary.getByTestId('summary-cash')).toHaveText('$10.00');
    await expect(summary.getByTestId('summary-card')).toHaveText('$19.00');
    const cashiers = summary.getByRole('table', { name: 'By cashier' }).getByRole('row');
    await expect(cashiers).toHaveCount(2);
    await expect(cashiers.nth(1)).toContainText('$29.00$4.50$24.50');
    await expectAccessible(tab, "the register's end-of-day summary");
    await tab.close();
  });
});
