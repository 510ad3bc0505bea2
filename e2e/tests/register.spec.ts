import { expect, test } from '@playwright/test';
import { ActivityPage } from '../pages/ActivityPage';
import { PosStationPage } from '../pages/PosStationPage';
import { ShellPage } from '../pages/ShellPage';
import { expectAccessible } from '../support/a11y';
import { accounts, demoApplication } from '../support/stack';
import { storeOrder, stores } from '../support/store';

/** The number a stock line of the grid starts with ('499 in stock' → 499). */
const stockOf = (text: string | null) => Number(/(\d+) in stock/.exec(text ?? '')?.[1] ?? NaN);

test.describe('The Cloud POS register', () => {
  test("a sale of two products paid in cash with change makes the store's order, and the dashboard shows it", async ({
    page,
  }) => {
    const shell = new ShellPage(page);
    await shell.signInAs('manager');
    const dashboard = new ActivityPage(page);
    await expect(dashboard.ordersToday).toHaveText(/^\d[\d,]*$/);
    const today = Number((await dashboard.ordersToday.textContent())?.replace(/,/g, ''));

    // The POS tile's quick launch opens the default station's register on the store.
    const [tab] = await Promise.all([
      page.context().waitForEvent('page'),
      page
        .getByRole('region', { name: 'POS' })
        .getByRole('link', { name: new RegExp(demoApplication.defaultStation) })
        .click(),
    ]);
    const register = new PosStationPage(tab);
    await register.expectOpen(
      stores.coffee.url,
      demoApplication.defaultStation,
      accounts.manager.name,
    );
    await expect(register.search).toBeFocused();
    const stockBefore = stockOf(await register.product('Cappuccino').textContent());

    // One from the grid, one scanned by its barcode (the scanner types it and Enter).
    await register.add('Cappuccino');
    await register.scan('4000000000107');
    await expect(register.cart.getByText('Butter Croissant', { exact: true })).toBeVisible();
    await expect(register.search).toHaveValue('');
    // 4.20 + 3.20 = 7.40 and the station's 8 % tax, as the store computes them.
    expect(await register.total()).toBe('$7.99');
    await expect(register.cart.getByTestId('register-tax')).toHaveText('$0.59');
    await expectAccessible(tab, 'the register with a cart');

    await register.cart.getByRole('button', { name: /^Pay / }).click();
    await expect(register.payDialog).toBeVisible();
    await expectAccessible(tab, "the register's payment dialog");
    await register.payDialog.getByLabel('Amount tendered').fill('20');
    await expect(register.payDialog.getByText('Change due: $12.01')).toBeVisible();
    await register.payDialog.getByRole('button', { name: 'Complete sale' }).click();

    await expect(register.receipt).toBeVisible();
    await expect(register.receipt.getByTestId('receipt-total')).toHaveText('$7.99');
    await expect(register.receipt.getByTestId('receipt-change')).toHaveText('$12.01');
    await expectAccessible(tab, "the register's receipt");
    const orderId = await register.receiptOrder();
    expect(stockOf(await register.product('Cappuccino').textContent())).toBe(stockBefore - 1);

    // The order is WooCommerce's, with the store's totals, the channel and who sold it.
    const order = await storeOrder(stores.coffee.url, orderId);
    expect(order).toMatchObject({
      status: 'completed',
      created_via: 'cloud-pos',
      payment_method: 'pos_cash',
      total: '7.99',
      total_tax: '0.59',
    });
    expect(order.line_items.map(({ name, quantity }) => ({ name, quantity }))).toEqual([
      { name: 'Cappuccino', quantity: 1 },
      { name: 'Butter Croissant', quantity: 1 },
    ]);
    expect(order.meta_data).toEqual(
      expect.arrayContaining([
        expect.objectContaining({ key: 'cloud_pos_station_name', value: 'Front Counter' }),
        expect.objectContaining({ key: 'cloud_pos_change_due', value: '12.01' }),
      ]),
    );

    // The store's webhook reaches the dashboard, which is still open in the first tab.
    await expect(dashboard.ordersToday).toHaveText(String(today + 1), { timeout: 10_000 });
    await expect(dashboard.miniFeedEntries.first()).toContainText(
      `Order #${orderId} was processed in ${demoApplication.name}`,
      { timeout: 10_000 },
    );
    await tab.close();
  });
});
