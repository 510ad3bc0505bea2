import { expect, test } from '@playwright/test';
import { AdminPanelPage } from '../pages/AdminPanelPage';
import { LoginProviderPage } from '../pages/LoginProviderPage';
import { ShellPage } from '../pages/ShellPage';
import { expectAccessible } from '../support/a11y';

test.describe('the Admin Panel', () => {
  test('filters, pages and swaps a reversed date range', async ({ page }) => {
    await new ShellPage(page).signInAs('admin');
    const admin = new AdminPanelPage(page);
    await admin.open();
    await expectAccessible(page, 'the admin panel');

    // 10 users a page, numbered pages.
    await expect(admin.rows).toHaveCount(10);
    const firstPage = await admin.emails();
    await admin.pagination.getByRole('button', { name: /^(Page )?2$/ }).click();
    await expect(admin.pagination.locator('[aria-current="page"]')).toHaveText(/2/);
    await expect.poll(() => admin.emails()).not.toEqual(firstPage);

    // The filter (debounced) narrows the list and goes back to page 1.
    await admin.filter.fill('seed00');
    await expect(admin.rows).toHaveCount(9);
    for (const email of await admin.emails()) expect(email).toMatch(/^seed00\d@demo\.test$/);
    await expect(admin.pagination).toHaveCount(0);

    await admin.filter.fill('nobody-matches-this');
    await expect(page.getByText('No users were found by your request')).toBeVisible();
    await expectAccessible(page, 'the admin panel with no result');
    await admin.filter.fill('');
    await expect(admin.rows).toHaveCount(10);

    // A range whose start is after its end is swapped.
    await admin.dateRange.click();
    await admin.setPeriod('From', 2021, 1);
    await admin.setPeriod('To', 2023, 6);
    await expect(admin.period('From').year).toHaveValue('2021');
    await expect(admin.period('To').year).toHaveValue('2023');
    // Moving the start past the end swaps the two.
    await admin.period('From').year.selectOption('2025');
    await expect(admin.period('From').year).toHaveValue('2023');
    await expect(admin.period('From').month).toHaveValue('6');
    await expect(admin.period('To').year).toHaveValue('2025');
    await expect(admin.period('To').month).toHaveValue('1');
    await expect(admin.rows.first()).toBeVisible();
    await expectAccessible(page, 'the admin panel with a date range');
  });

  test('a blocked user gets the deactivated page and an unblocked one gets back in', async ({
    page,
    browser,
  }) => {
    const email = `blocked-${Date.now()}@demo.test`;
    const userContext = await browser.newContext();
    const userPage = await userContext.newPage();
    await new LoginProviderPage(userPage).register('Bella Blocked', email, 'a-strong-password');
    const user = new ShellPage(userPage);
    await user.onAPlan();

    await new ShellPage(page).signInAs('admin');
    const admin = new AdminPanelPage(page);
    await admin.open();
    await admin.filter.fill(email);
    await expect(admin.rows).toHaveCount(1);
    await expect(admin.statusButton(email)).toHaveText('Active');

    await admin.statusButton(email).click();
    const dialog = page.getByRole('dialog', { name: 'Block this user?' });
    await expectAccessible(page, 'the block confirmation');
    await dialog.getByRole('button', { name: 'Block' }).click();
    await expect(admin.statusButton(email)).toHaveText('Blocked');

    await userPage.reload();
    await expect(userPage.getByText('The account is not active')).toBeVisible();
    await expectAccessible(userPage, 'the deactivated page of a blocked user');

    await admin.statusButton(email).click();
    await expect(admin.statusButton(email)).toHaveText('Active');

    await userPage.goto('/');
    await user.expectDashboard();
    await expect(userPage.getByText('Service is Paused')).toHaveCount(0);
    await userContext.close();
  });

  test('changes a user subscription type', async ({ page }) => {
    await new ShellPage(page).signInAs('admin');
    const admin = new AdminPanelPage(page);
    await admin.open();
    await admin.filter.fill('seed012@demo.test');
    await expect(admin.rows).toHaveCount(1);
    const type = admin.row('seed012@demo.test').getByRole('combobox');
    const next = (await type.inputValue()) === 'one' ? 'self' : 'one';
    await type.selectOption(next);
    await expect(page.getByText(/Subscription type of .* changed/)).toBeVisible();
    await page.reload();
    await admin.filter.fill('seed012@demo.test');
    await expect(admin.row('seed012@demo.test').getByRole('combobox')).toHaveValue(next);
  });
});
