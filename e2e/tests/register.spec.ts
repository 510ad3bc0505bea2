import { expect, test, type Page } from '@playwright/test';
import { ActivityPage } from '../pages/ActivityPage';
import { PosStationPage } from '../pages/PosStationPage';
import { RegisterDayPage } from '../pages/RegisterDayPage';
import { StationsPage } from '../pages/StationsPage';
import { expectAccessible } from '../support/a11y';
import { apiAs } from '../support/billing';
import { messagesTo } from '../support/mail';
import { applicationName, managerWithStore } from '../support/managers';
import { cloudPosAddress } from '../support/stack';
import { resetStore, setStoreOffline, storeOrder, storeOrders, stores } from '../support/store';

/** Demo Book Nook's one station: prices include its 8 % tax. */
const CHECKOUT = 'Checkout';
const NAME = 'Rhea Register';

/** The number a stock line of the grid starts with ('499 in stock' → 499). */
const stockOf = (text: string | null) => Number(/(\d+) in stock/.exec(text ?? '')?.[1] ?? NaN);

/**
 * A manager of their own (`name`) connects Demo Book Nook (few orders: a trial's 50 leave its
 * stations open, and its webhooks are registered afresh), puts Checkout on the POS tile's quick
 * launch and opens its register from the tile in a new tab; the dashboard stays open in `page`.
 */
async function registerFromTile(page: Page, name: string) {
  const id = await managerWithStore(page, name, stores.books.url);
  const stations = new StationsPage(page);
  await stations.openApplicationStations(id);
  await stations.quickLaunchToggle(CHECKOUT).click();
  await expect(stations.quickLaunchToggle(CHECKOUT)).toBeChecked();
  await page.goto('/');
  const dashboard = new ActivityPage(page);
  const today = await dashboard.ordersTodayCount();
  const tab = await stations.openInNewTab(stations.tileQuickLaunch(CHECKOUT));
  const register = new PosStationPage(tab);
  await register.expectOpen(stores.books.url, CHECKOUT, name);
  return { dashboard, today, tab, register };
}

test.describe('The Cloud POS register', () => {
  test.afterEach(async () => {
    await resetStore(stores.books.url);
  });

  test("a sale of two products paid in cash with change makes the store's order, and the dashboard shows it", async ({
    page,
  }) => {
    // The POS tile's quick launch opens the station's register on the store.
    const { dashboard, today, tab, register } = await registerFromTile(page, NAME);
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

  test("a sale for a customer created at the register, with a note, parked and resumed, whose receipt shows the station's texts and is emailed", async ({
    page,
  }) => {
    const name = 'Cleo Customer-Desk';
    const id = await managerWithStore(page, name, stores.books.url);
    const { data } = await apiAs<{ data: { slug: string } }>(page, 'GET', `/applications/${id}`);
    await page.goto(cloudPosAddress(data.slug, '1'));
    const register = new PosStationPage(page);
    await register.expectOpen(stores.books.url, CHECKOUT, name);
    await expect(register.customer).toHaveText('Guest');

    // A new customer, made at the register by name and email.
    const email = `nina-${Date.now()}@example.test`;
    await register.add('Bookmark, leather');
    await register.createCustomer('Nina', 'Novak', email);
    await register.note.fill('Gift wrap, please');
    await expectAccessible(page, 'the register with a customer and a note');

    // Parked: the cart empties, the station keeps the sale with its customer and note.
    await register.park();
    await expect(register.cart.getByText(/No items yet/)).toBeVisible();
    await expect(register.customer).toHaveText('Guest');
    await expect(register.parked.getByRole('listitem')).toContainText(
      'Nina Novak · 1 item · Gift wrap, please',
    );
    // The parked sale outlives the page: it is the store's.
    await page.reload();
    await expect(register.parked.getByRole('listitem')).toHaveCount(1);
    await expectAccessible(page, 'the register with a parked sale');
    await register.resume('Nina Novak');
    await expect(register.cart.getByText('Bookmark, leather', { exact: true })).toBeVisible();
    await expect(register.customer).toHaveText(`Nina Novak · ${email}`);
    await expect(register.note).toHaveValue('Gift wrap, please');
    await expect(register.parked.getByText('No parked sales.')).toBeVisible();

    await register.payCash();
    const orderId = await register.receiptOrder();
    // The station's receipt settings: its header and footer (Demo Book Nook's seed).
    await expect(register.receipt.getByTestId('receipt-header')).toHaveText('Demo Book Nook');
    await expect(register.receipt.getByTestId('receipt-footer')).toHaveText(
      'Thank you for your visit!',
    );
    await expect(register.receipt.getByTestId('receipt-customer')).toHaveText(
      'Customer: Nina Novak',
    );
    await expect(register.receipt.getByTestId('receipt-note')).toHaveText(
      'Note: Gift wrap, please',
    );
    await expectAccessible(page, "the register's receipt with its email form");

    // WooCommerce's customer invoice reaches the customer's mailbox.
    await register.emailReceipt();
    await expect
      .poll(async () => (await messagesTo(email)).map((mail) => mail.subject), { timeout: 10_000 })
      .toEqual([`Details for order #${orderId} on Demo Book Nook`]);
    const [mail] = await messagesTo(email);
    expect(mail?.text).toContain('Bookmark, leather');
    expect(mail?.text).toContain('Note: Gift wrap, please');

    // The order is the customer's, with their billing name and email and the note.
    const order = await storeOrder(stores.books.url, orderId);
    expect(order).toMatchObject({
      status: 'completed',
      created_via: 'cloud-pos',
      billing: { first_name: 'Nina', last_name: 'Novak', email },
      customer_note: 'Gift wrap, please',
    });
    expect(order.customer_id).toBeGreaterThan(0);
  });

  test('the receipt prints on an 80 mm roll: only the receipt, in a monospace face', async ({
    page,
  }) => {
    const name = 'Piet Printer';
    const id = await managerWithStore(page, name, stores.books.url);
    const { data } = await apiAs<{ data: { slug: string } }>(page, 'GET', `/applications/${id}`);
    await page.goto(cloudPosAddress(data.slug, '1'));
    const register = new PosStationPage(page);
    await register.expectOpen(stores.books.url, CHECKOUT, name);
    await register.add('Bookmark, leather');
    await register.payCash();

    await page.emulateMedia({ media: 'print' });
    await expect(register.receipt).toBeVisible();
    await expect(page.getByRole('list', { name: 'Products' })).toBeHidden();
    await expect(register.parked).toBeHidden();
    await expect(register.receipt.getByRole('button', { name: 'New sale' })).toBeHidden();
    const layout = await register.receipt.evaluate((element) => ({
      width: element.getBoundingClientRect().width,
      font: getComputedStyle(element).fontFamily,
    }));
    // 72 mm of print width at CSS's 96 px an inch.
    expect(Math.round(layout.width)).toBe(Math.round((72 / 25.4) * 96));
    expect(layout.font).toMatch(/monospace/);
  });

  test('a sale of two products and a variation with a coupon, paid in cash with change, is the order WooCommerce computes', async ({
    page,
  }) => {
    const { dashboard, today, tab, register } = await registerFromTile(page, 'Vera Variant');
    const BLACK = { Colour: 'Black' };
    const stockBefore = {
      bookmark: stockOf(await register.product('Bookmark, leather').textContent()),
      guide: stockOf(await register.product('A Field Guide to Birds').textContent()),
      tote: await (async () => {
        await register.chooseOptions('Canvas tote', BLACK);
        await expectAccessible(tab, "the register's variation dialog");
        const units = await register.chosenStock();
        await tab.keyboard.press('Escape');
        return units;
      })(),
    };

    // Two products (one scanned) and the black tote chosen in its dialog, by keyboard.
    await register.add('Bookmark, leather');
    await register.scan('4000000000202');
    await register.addVariation('Canvas tote', BLACK);
    await expect(register.cart.getByText('Canvas tote - Black', { exact: true })).toBeVisible();
    const before = await register.total();

    // A coupon the store does not have is refused in WooCommerce's words; its own applies.
    await register.applyCoupon('nosuch');
    await expect(register.cart.getByRole('alert')).toHaveText(
      'Coupon "nosuch" cannot be applied because it does not exist.',
    );
    await register.applyCoupon('READMORE');
    await expect(register.cart.getByText('Coupon: readmore')).toBeVisible();
    await expect(register.cart.getByTestId('register-total')).not.toHaveText(before);
    const total = await register.total();
    const tax = await register.figure('register-tax');
    const discount = (await register.figure('register-coupon-discount')).replace('−', '');
    await expectAccessible(tab, 'the register with a coupon');

    await register.payCash('100');
    const amount = (money: string) => Number(money.replace(/[^\d.]/g, ''));
    const change = (100 - amount(total)).toFixed(2);
    await expect(register.receipt.getByTestId('receipt-total')).toHaveText(total);
    await expect(register.receipt.getByTestId('receipt-change')).toHaveText(`$${change}`);
    const orderId = await register.receiptOrder();

    // The store's order has the totals, tax and discount the register showed, and the variation.
    const order = await storeOrder(stores.books.url, orderId);
    expect(order).toMatchObject({
      status: 'completed',
      created_via: 'cloud-pos',
      total: amount(total).toFixed(2),
      total_tax: amount(tax).toFixed(2),
      discount_total: amount(discount).toFixed(2),
      coupon_lines: [expect.objectContaining({ code: 'readmore' })],
    });
    expect(
      order.line_items.map(({ name, quantity, variation_id }) => ({
        name,
        quantity,
        variation_id,
      })),
    ).toEqual([
      { name: 'Bookmark, leather', quantity: 1, variation_id: 0 },
      { name: 'A Field Guide to Birds', quantity: 1, variation_id: 0 },
      { name: 'Canvas tote - Black', quantity: 1, variation_id: expect.any(Number) },
    ]);
    expect(order.line_items[2]?.variation_id).toBeGreaterThan(0);
    expect(order.meta_data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'cloud_pos_change_due', value: change }),
      ]),
    );

    // The stock, as the store tells the register when it loads again.
    await tab.reload();
    await expect(register.product('Bookmark, leather')).toBeVisible();
    expect(stockOf(await register.product('Bookmark, leather').textContent())).toBe(
      stockBefore.bookmark - 1,
    );
    expect(stockOf(await register.product('A Field Guide to Birds').textContent())).toBe(
      stockBefore.guide - 1,
    );
    await register.chooseOptions('Canvas tote', BLACK);
    expect(await register.chosenStock()).toBe(stockBefore.tote - 1);
    await tab.keyboard.press('Escape');

    // The dashboard, still open in the first tab, counts the sale and shows it in the feed.
    await expect(dashboard.ordersToday).toHaveText(String(today + 1), { timeout: 10_000 });
    await expect(dashboard.miniFeedEntries.first()).toContainText(
      `Order #${orderId} was processed in ${applicationName('Vera Variant', stores.books.url)}`,
      { timeout: 10_000 },
    );
    await tab.close();
  });

  test('a split-tender sale, a refund of one line restocked by the store, and the end-of-day summary', async ({
    page,
  }) => {
    const { tab, register } = await registerFromTile(page, 'Sid Splitter');
    const day = new RegisterDayPage(tab);
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

  test('a sale made while the store is down waits on the register, arrives once when it is back, and the dashboard counts it once', async ({
    page,
  }) => {
    const { dashboard, today, tab, register } = await registerFromTile(page, 'Otto Offline');
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
